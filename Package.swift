// swift-tools-version:6.0
// bracket: a language server with live preview for .bracket tree diagrams.
// Dependencies point one way, from the pure core outwards (see ARCHITECTURE.md):
//   BracketSyntax → BracketModel → BracketLayout → BracketSVG / BracketExport → BracketIDE
//   BracketJSON → JSONRPC → LanguageServerProtocol → BracketServer → bracket (executable)
import PackageDescription

let package = Package(
    name: "bracket",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bracket", targets: ["bracket"]),
    ],
    targets: [
        // Pure core: text in, values out. No I/O, no globals, no LSP.
        .target(name: "BracketJSON"),
        .target(name: "BracketSyntax"),
        .target(name: "BracketModel", dependencies: ["BracketSyntax"]),
        .target(name: "BracketLayout", dependencies: ["BracketModel"]),
        .target(name: "BracketSVG", dependencies: ["BracketLayout"]),
        .target(name: "BracketExport", dependencies: ["BracketLayout", "BracketJSON"]),
        .target(name: "BracketIDE", dependencies: ["BracketModel", "BracketLayout"]),
        // Protocol shells.
        .target(name: "JSONRPC", dependencies: ["BracketJSON"]),
        .target(name: "LanguageServerProtocol", dependencies: ["JSONRPC", "BracketJSON"]),
        .target(name: "BracketServer", dependencies: [
            "BracketIDE", "BracketSVG", "BracketExport", "LanguageServerProtocol", "JSONRPC",
        ]),
        .executableTarget(name: "bracket", dependencies: ["BracketServer"]),
        // Performance figures for docs/performance.md: `swift run -c release bracket-bench`.
        .executableTarget(
            name: "bracket-bench",
            dependencies: ["BracketModel", "BracketLayout", "BracketSVG", "BracketExport", "BracketJSON"],
            path: "benchmarks/Sources/bracket-bench"),
        // Builds Diagram values from a tiny tree notation so tests need not wait for the parser.
        .target(name: "BracketTestSupport", dependencies: ["BracketModel"], path: "Tests/BracketTestSupport"),
        .testTarget(name: "BracketLayoutTests", dependencies: ["BracketLayout", "BracketTestSupport"]),
        .testTarget(name: "BracketSVGTests", dependencies: ["BracketSVG", "BracketTestSupport"]),
        .testTarget(name: "BracketExportTests", dependencies: ["BracketExport", "BracketTestSupport"]),
        .testTarget(name: "BracketJSONTests", dependencies: ["BracketJSON"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "BracketJSON"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol", "JSONRPC", "BracketJSON"]),
        .testTarget(name: "BracketModelTests", dependencies: ["BracketModel"]),
        .testTarget(name: "BracketServerTests", dependencies: ["BracketServer"]),
        // Runs every file in Tests/Fixtures (BRACKET_RECORD=1 rewrites the expectations).
        .testTarget(
            name: "FixtureTests",
            dependencies: ["BracketModel", "BracketLayout", "BracketSVG", "BracketExport", "BracketJSON"]),
        // Spawns the `bracket` executable that `swift build --build-tests` puts next to the tests.
        .testTarget(name: "CLITests"),
    ]
)
