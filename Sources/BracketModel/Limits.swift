/// Hard limits, each chosen so that a document within them stays fast to edit and to draw, and
/// each reported with a `limit-exceeded` diagnostic rather than a failure (docs/language.md).
public enum Limits {
    /// Largest document, in bytes. Bigger text is still parsed; the diagnostic says it is too big.
    public static let documentBytes = 64 * 1024 * 1024
    /// Deepest nesting of nodes. Nothing recurses, so this protects viewers, not the parser.
    public static let nestingDepth = 100_000
    /// Most nodes in one document.
    public static let nodes = 2_000_000
    /// Longest identifier, in bytes.
    public static let idBytes = 256
    /// Longest label, in characters (Unicode scalars) after escapes. (A shorter label that does
    /// not fit its card gets the `long-label` warning, measured by `CardTextFit`.)
    public static let labelCharacters = 4096
}
