/// Reads the header lines of one message (the bytes before the blank line).
enum HeaderBlock {
    static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, FramingError> {
        var length: Int?
        var lineStart = header.startIndex
        while lineStart < header.endIndex {
            var lineEnd = lineStart
            while lineEnd < header.endIndex,
                  !(header[lineEnd] == 0x0D && lineEnd + 1 < header.endIndex && header[lineEnd + 1] == 0x0A) {
                lineEnd += 1
            }
            let line = header[lineStart..<lineEnd]
            lineStart = min(lineEnd + 2, header.endIndex)
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(FramingError(.malformedHeader, "header line without ':': \(printable(line))"))
            }
            let name = trimmed(line[line.startIndex..<colon]).map(asciiLowercased)
            guard name.elementsEqual("content-length".utf8) else { continue }
            let value = trimmed(line[(colon + 1)...])
            guard let parsed = parseDecimal(value) else {
                return .failure(FramingError(.invalidContentLength, "invalid Content-Length value: \(printable(value))"))
            }
            if let length, length != parsed {
                return .failure(FramingError(.invalidContentLength, "conflicting Content-Length headers: \(length) and \(parsed)"))
            }
            length = parsed
        }
        guard let length else {
            return .failure(FramingError(.missingContentLength, "message header has no Content-Length"))
        }
        return .success(length)
    }

    /// Digits only: a sign, spaces inside or an overflowing value are all invalid.
    private static func parseDecimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = String(decoding: bytes.prefix(80), as: UTF8.self)
        return "\"\(shown)\"" + (bytes.count > 80 ? "…" : "")
    }
}
