// Embeds the preview page (editors/preview/) into the target that uses this plugin
// (BracketServer) at build time: one build command runs the embed-preview-page tool, which reads
// index.html and the files it loads and writes PreviewPageAssets.swift into the plugin's work
// directory. The page's files are the command's inputs, so editing any of them rebuilds the
// embedded copy. The plugin only reads the package and writes into its work directory (macOS
// runs plugins in a sandbox).
import Foundation
import PackagePlugin

@main
struct EmbedPreviewPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let page = context.package.directoryURL.appendingPathComponent("editors").appendingPathComponent("preview")
        let index = page.appendingPathComponent("index.html")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("PreviewPageAssets.swift")
        // Every page file, not only those index.html names today: a new script is a new input
        // the moment index.html (itself an input) loads it.
        let inputs = try FileManager.default.contentsOfDirectory(at: page, includingPropertiesForKeys: nil)
            .filter { ["html", "js", "css"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [.buildCommand(
            displayName: "Embedding the preview page from editors/preview",
            executable: try context.tool(named: "embed-preview-page").url,
            arguments: [index.path, output.path],
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
