import BracketSyntax

extension Document {
    /// A diagnostic as compilers print it: `FILE:LINE:COLUMN: severity: message [code]`, line and
    /// column 1-based, the column counted in bytes as gcc and clang do, so editors' jump-to-error
    /// finds it.
    public func formatted(_ diagnostic: Diagnostic, file: String) -> String {
        let position = lineIndex.position(of: diagnostic.range.start, in: text, encoding: .utf8)
        return "\(file):\(position.line + 1):\(position.character + 1): \(diagnostic.severity.name): "
            + "\(diagnostic.message) [\(diagnostic.code.rawValue)]"
    }
}
