// swift-tools-version:6.0
// bracket: a language server with live preview for .bracket tree diagrams.
// Dependencies point one way, from the pure core outwards (see ARCHITECTURE.md):
//   BracketBytes (output buffers, number spelling, plain stacks) → everything that writes bytes
//   BracketText (label measurement, no dependencies) → BracketModel (card text fit), layout, writers
//   BracketSyntax → BracketModel → BracketLayout → BracketSVG / BracketExport → BracketIDE
//   BracketSVG + BracketExport → BracketPreview (preview deltas)
//   BracketJSON → JSONRPC → LanguageServerProtocol → BracketServer → bracket (executable)
//   JSONRPC + the core → BracketMCP (the Model Context Protocol server) → bracket
import PackageDescription

// The core is optimised even in debug builds: the differential and stress tests run hundreds of
// thousands of parses, which take minutes unoptimised and seconds optimised.
let optimisedCore: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "bracket",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bracket", targets: ["bracket"]),
        // For the fuzz/ package, which depends on this one by path (a package sees only products).
        .library(name: "BracketEngine", targets: [
            "BracketBytes", "BracketJSON", "BracketText", "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG",
            "BracketExport", "JSONRPC", "LanguageServerProtocol", "BracketTerminal", "BracketTextDiagram",
        ]),
    ],
    targets: [
        // Pure core: text in, values out. No I/O, no globals, no LSP.
        // Byte-level infrastructure the core shares: output buffers, decimal spelling, stacks.
        .target(name: "BracketBytes", swiftSettings: optimisedCore),
        .target(name: "BracketJSON", dependencies: ["BracketBytes"], swiftSettings: optimisedCore),
        // Label widths from a font table shipped in the source, line wrapping, baselines.
        .target(name: "BracketText", swiftSettings: optimisedCore),
        .target(name: "BracketSyntax", dependencies: ["BracketBytes"], swiftSettings: optimisedCore),
        .target(name: "BracketModel", dependencies: ["BracketSyntax", "BracketText", "BracketBytes"], swiftSettings: optimisedCore),
        .target(name: "BracketLayout", dependencies: ["BracketModel", "BracketText", "BracketBytes"], swiftSettings: optimisedCore),
        .target(name: "BracketSVG", dependencies: ["BracketLayout", "BracketModel", "BracketText", "BracketBytes"], swiftSettings: optimisedCore),
        .target(name: "BracketExport", dependencies: ["BracketLayout", "BracketModel", "BracketSyntax", "BracketText", "BracketBytes", "BracketJSON"], swiftSettings: optimisedCore),
        // What changed between two previews, and the delta payload that carries it.
        .target(name: "BracketPreview", dependencies: [
            "BracketSVG", "BracketExport", "BracketLayout", "BracketModel", "BracketSyntax", "BracketJSON",
        ], swiftSettings: optimisedCore),
        // Diagnostics as a terminal shows them: source excerpts, carets, escaped controls.
        .target(name: "BracketTerminal", dependencies: ["BracketSyntax", "BracketModel"]),
        // The diagram drawn in character cells for terminals and plain text (`render --format text`).
        .target(name: "BracketTextDiagram", dependencies: ["BracketModel", "BracketTerminal"], swiftSettings: optimisedCore),
        .target(name: "BracketIDE", dependencies: ["BracketSyntax", "BracketModel", "BracketLayout", "BracketBytes"]),
        // Protocol shells.
        .target(name: "JSONRPC", dependencies: ["BracketJSON"]),
        .target(name: "LanguageServerProtocol", dependencies: ["JSONRPC", "BracketJSON"]),
        // Process-wide allocator settings for long-running processes (server, benchmark).
        .target(name: "ProcessMemory"),
        // The preview page (editors/preview/, listed by its index.html) embedded at build time, so the
        // binary serves it on its own and the page's sources exist once in the repository.
        .executableTarget(name: "embed-preview-page"),
        .plugin(name: "EmbedPreviewPage", capability: .buildTool(), dependencies: ["embed-preview-page"]),
        .target(name: "BracketServer", dependencies: [
            "ProcessMemory", "BracketBytes", "BracketSyntax", "BracketModel", "BracketLayout", "BracketIDE", "BracketSVG", "BracketExport",
            "BracketPreview", "BracketJSON", "LanguageServerProtocol", "JSONRPC",
        ], plugins: ["EmbedPreviewPage"]),
        // The Model Context Protocol server (`bracket mcp`): check, render, geometry and explain as tools.
        .target(name: "BracketMCP", dependencies: [
            "BracketJSON", "JSONRPC", "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG", "BracketExport",
            "BracketIDE", "BracketTerminal", "BracketTextDiagram",
        ]),
        .executableTarget(name: "bracket", dependencies: [
            "BracketServer", "BracketMCP", "BracketTerminal", "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG",
            "BracketExport", "BracketJSON", "BracketTextDiagram",
        ]),
        // Performance figures for docs/performance.md: `swift run -c release bracket-bench`.
        .executableTarget(
            name: "bracket-bench",
            dependencies: [
                "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG", "BracketExport", "BracketJSON", "ProcessMemory",
            ],
            path: "benchmarks/Sources/bracket-bench"),
        // Label measuring and wrapping on their own: `swift run -c release bracket-text-bench`.
        .executableTarget(name: "bracket-text-bench", dependencies: ["BracketText"], path: "benchmarks/Sources/bracket-text-bench"),
        // Builds Diagram values from a tiny tree notation so tests need not wait for the parser.
        .target(name: "BracketTestSupport", dependencies: ["BracketSyntax", "BracketModel"], path: "Tests/BracketTestSupport"),
        .testTarget(name: "BracketBytesTests", dependencies: ["BracketBytes"]),
        .testTarget(name: "BracketLayoutTests", dependencies: [
            "BracketLayout", "BracketModel", "BracketSyntax", "BracketText", "BracketTestSupport",
        ]),
        .testTarget(name: "BracketSVGTests", dependencies: [
            "BracketSVG", "BracketLayout", "BracketModel", "BracketText", "BracketBytes", "BracketTestSupport",
        ]),
        .testTarget(name: "BracketExportTests", dependencies: [
            "BracketExport", "BracketLayout", "BracketModel", "BracketBytes", "BracketJSON", "BracketTestSupport",
        ]),
        .testTarget(name: "BracketPreviewTests", dependencies: [
            "BracketPreview", "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG", "BracketExport", "BracketJSON",
            "BracketBytes", "BracketTestSupport",
        ]),
        .testTarget(name: "BracketJSONTests", dependencies: ["BracketJSON", "BracketBytes"]),
        .testTarget(name: "BracketTextTests", dependencies: ["BracketText"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "BracketJSON", "BracketTestSupport"],
                    exclude: ["Regressions"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol", "JSONRPC", "BracketJSON"]),
        // The lexer, parser, green tree and line index on their own.
        .testTarget(name: "BracketSyntaxTests", dependencies: ["BracketSyntax", "BracketTestSupport"]),
        .testTarget(name: "BracketModelTests", dependencies: ["BracketSyntax", "BracketModel", "BracketTestSupport"]),
        .testTarget(name: "BracketIDETests", dependencies: ["BracketIDE", "BracketSyntax", "BracketModel"]),
        .testTarget(name: "BracketServerTests", dependencies: [
            "BracketServer", "BracketSyntax", "BracketModel", "BracketExport", "BracketJSON", "JSONRPC",
            "LanguageServerProtocol", "BracketTestSupport", "BracketPreview", "BracketLayout",
        ]),
        // Reads schema/*.json and fails when a schema and the Swift code disagree.
        .testTarget(name: "SchemaDriftTests", dependencies: [
            "BracketSyntax", "BracketModel", "BracketLayout", "BracketExport", "BracketJSON",
        ]),
        // Runs every file in Tests/Fixtures (BRACKET_RECORD=1 rewrites the expectations).
        .testTarget(
            name: "FixtureTests",
            dependencies: [
                "BracketSyntax", "BracketModel", "BracketLayout", "BracketSVG", "BracketExport", "BracketJSON",
                "BracketTestSupport", "BracketTextDiagram", "BracketTerminal",
            ]),
        // Spawns the `bracket` executable that `swift build --build-tests` puts next to the tests.
        .testTarget(name: "CLITests", dependencies: ["BracketTestSupport", "BracketModel"]),
        .testTarget(name: "ProcessMemoryTests", dependencies: ["ProcessMemory"]),
        .testTarget(name: "BracketMCPTests", dependencies: ["BracketMCP", "BracketJSON", "JSONRPC", "BracketSyntax", "BracketModel"]),
    ]
)
