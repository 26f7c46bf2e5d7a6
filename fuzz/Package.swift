// swift-tools-version:6.0
// libFuzzer targets for bracket. A separate package so that ordinary builds and tests of the
// root package never compile them; see README.md for the commands.
import PackageDescription

// libFuzzer supplies `main`; each target only exports LLVMFuzzerTestOneInput.
let fuzzerSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "bracket-fuzz",
    dependencies: [.package(name: "bracket", path: "..")],
    targets: [
        .executableTarget(name: "FuzzDocument", dependencies: [.product(name: "BracketEngine", package: "bracket")],
                          swiftSettings: fuzzerSettings),
        .executableTarget(name: "FuzzIncremental", dependencies: [.product(name: "BracketEngine", package: "bracket")],
                          swiftSettings: fuzzerSettings),
        .executableTarget(name: "FuzzRPC", dependencies: [.product(name: "BracketEngine", package: "bracket")],
                          swiftSettings: fuzzerSettings),
    ]
)
