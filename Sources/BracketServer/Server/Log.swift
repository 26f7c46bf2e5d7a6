#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Diagnostics about the server itself go to stderr: stdout carries protocol messages only.
func logError(_ text: String) {
    let bytes = Array("bracket lsp: \(text)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
