// Writes the preview page (index.html and every script and stylesheet it loads) as one Swift
// source file, so the `bracket` binary carries the page it serves. Run at build time by the
// EmbedPreviewPage plugin (Plugins/EmbedPreviewPage): `embed-preview-page INDEX.html OUTPUT.swift`.
//
// index.html is the one list of the page's files: every `{{assetBase}}NAME` outside its HTML
// comments (its `<script src>` and `<link href>`) is embedded, in the order the page loads it.
// The generated enum has:
//   browserHTML  index.html with its placeholders {{cspSource}} and {{assetBase}} filled for the
//                loopback server ('self', ""), except inside comments, which name them;
//   files        each asset by the name the page loads it under, with its content type;
//   page         the two as the server's `PageAssets`.
// Tests/editors/page_assets.py reads index.html by the same rule for the browser tests, and
// Tests/editors/test_preview_self_contained.py checks that a copied binary serves these bytes.
import Foundation

/// The template cut at its HTML comments, each piece marked as a comment or not.
func pieces(of template: String) -> [(text: Substring, isComment: Bool)] {
    var result: [(text: Substring, isComment: Bool)] = []
    var rest = template[...]
    while let open = rest.range(of: "<!--") {
        result.append((rest[..<open.lowerBound], false))
        let afterOpen = rest[open.upperBound...]
        guard let close = afterOpen.range(of: "-->") else {
            result.append((rest[open.lowerBound...], true))  // unclosed: a comment to the end
            return result
        }
        result.append((rest[open.lowerBound..<close.upperBound], true))
        rest = rest[close.upperBound...]
    }
    result.append((rest, false))
    return result
}

let assetPlaceholder = "{{assetBase}}"

func isNameStart(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
func isNamePart(_ c: Character) -> Bool { isNameStart(c) || c == "." || c == "_" || c == "-" }

/// The names of the assets the page loads, in the order it first loads them.
func assetNames(in template: String) -> [String] {
    var names: [String] = []
    for piece in pieces(of: template) where !piece.isComment {
        var rest = piece.text
        while let found = rest.range(of: assetPlaceholder) {
            let tail = rest[found.upperBound...]
            let name = String(tail.prefix { isNamePart($0) })
            if let first = name.first, isNameStart(first), !names.contains(name) { names.append(name) }
            rest = tail
        }
    }
    return names
}

/// The page as the loopback server serves it: placeholders filled outside comments.
func browserHTML(_ template: String) -> String {
    pieces(of: template).map { piece in
        piece.isComment ? String(piece.text)
            : piece.text.replacingOccurrences(of: "{{cspSource}}", with: "'self'")
                .replacingOccurrences(of: assetPlaceholder, with: "")
    }.joined()
}

func contentType(of name: String) -> String? {
    if name.hasSuffix(".js") { return "text/javascript" }
    if name.hasSuffix(".css") { return "text/css" }
    return nil
}

/// preview-delta.js -> previewDeltaJS: the member holding the asset's text.
func memberName(of name: String) -> String {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let words = name[..<dot].split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let camel = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
    return camel.joined() + name[dot...].dropFirst().uppercased()
}

/// A Swift multi-line raw string literal of `text`, with a delimiter that cannot occur in it.
func rawStringLiteral(_ text: String) -> String {
    var fence = "#"
    while text.contains("\"\"\"" + fence) || text.contains("\\" + fence) { fence += "#" }
    // A multi-line literal drops the line break before its closing delimiter: one is added.
    return "\(fence)\"\"\"\n\(text)\n\"\"\"\(fence)"
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-preview-page: \(message)\n".utf8))
    exit(1)
}

func read(_ url: URL) -> String {
    do { return try String(contentsOf: url, encoding: .utf8) } catch { fail("cannot read \(url.path): \(error)") }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: embed-preview-page INDEX.html OUTPUT.swift") }
let index = URL(fileURLWithPath: arguments[1])
let folder = index.deletingLastPathComponent()
let template = read(index)
let names = assetNames(in: template)

var lines = [
    "// Generated at build time by the EmbedPreviewPage plugin from editors/preview/ (not committed):",
    "// change the page there.",
    "",
    "/// The preview page that the loopback preview server hands to a browser.",
    "public enum PreviewPageAssets {",
    "    /// The page as the loopback HTTP server serves it at /TOKEN/.",
    "    public static let browserHTML: String = \(rawStringLiteral(browserHTML(template)))",
    "",
    "    /// Every script and stylesheet the page loads, by the name it loads it under.",
    "    public static let files: [String: PageAsset] = [",
]
var members: [String] = []
for name in names {
    guard let kind = contentType(of: name) else { fail("index.html loads \(name): only .js and .css assets are embedded") }
    let member = memberName(of: name)
    lines.append("        \"\(name)\": PageAsset(contentType: \"\(kind); charset=utf-8\", text: \(member)),")
    members += ["", "    /// Served as `\(name)` (\(kind)).",
                "    static let \(member): String = \(rawStringLiteral(read(folder.appendingPathComponent(name))))"]
}
lines += ["    ]", "", "    /// The page and its assets, as the loopback server serves them.",
          "    public static var page: PageAssets { PageAssets(html: browserHTML, files: files) }"]
lines += members + ["}", ""]
let output = URL(fileURLWithPath: arguments[2])
let generated = Data(lines.joined(separator: "\n").utf8)
// Rewritten only when different, so an unchanged page does not recompile the server.
if (try? Data(contentsOf: output)) != generated {
    do { try generated.write(to: output) } catch { fail("cannot write \(output.path): \(error)") }
}
