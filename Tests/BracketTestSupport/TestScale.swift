import Foundation

/// How much of each randomised, differential or property test to run. By default every count is
/// the full one; with `BRACKET_TEST_SCALE=quick` in the environment (`scripts/test --quick`) a
/// test runs its first seeds or settings only, or a tenth of its iterations, so every check still
/// runs, on fewer inputs. The seeds stay the same: a quick run is a prefix of the full one.
public enum TestScale {
    public static let isQuick = ProcessInfo.processInfo.environment["BRACKET_TEST_SCALE"] == "quick"

    /// `full` normally; a tenth of it (at least one) in a quick run.
    public static func count(_ full: Int) -> Int {
        isQuick ? max(1, full / 10) : full
    }

    /// Every argument normally; the first `quick` of them in a quick run.
    public static func arguments<Element>(_ all: [Element], quick: Int = 1) -> [Element] {
        isQuick ? Array(all.prefix(quick)) : all
    }
}
