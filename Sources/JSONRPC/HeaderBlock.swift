/// Reads the header lines of one message (the bytes before the blank line).
enum HeaderBlock {
    /// A refused header block, and where to look for the next header: just after the line at
    /// fault, so a good `Content-Length` line after a bad one is still found.
    struct Failure: Error {
        var error: FramingError
        var resumeAt: Int
    }

    /// Lines end at LF, with or without CR before it, so a stray line a client printed without a
    /// CR is one bad line, not glued to the header after it.
    static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, Failure> {
        var length: Int?
        var lineStart = header.startIndex
        while lineStart < header.endIndex {
            let newline = header[lineStart...].firstIndex(of: 0x0A) ?? header.endIndex
            var lineEnd = newline
            if lineEnd > lineStart, header[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = header[lineStart..<lineEnd]
            let next = min(newline + 1, header.endIndex)
            lineStart = next
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(Failure(error: FramingError(.malformedHeader, "header line without ':': \(printable(line))"),
                                        resumeAt: next))
            }
            let name = trimmed(line[line.startIndex..<colon]).map(asciiLowercased)
            guard name.elementsEqual("content-length".utf8) else { continue }
            let value = trimmed(line[(colon + 1)...])
            guard let parsed = parseDecimal(value) else {
                return .failure(Failure(error: FramingError(.invalidContentLength,
                                                            "invalid Content-Length value: \(printable(value))"),
                                        resumeAt: next))
            }
            if let length, length != parsed {
                return .failure(Failure(error: FramingError(.invalidContentLength,
                                                            "conflicting Content-Length headers: \(length) and \(parsed)"),
                                        resumeAt: next))
            }
            length = parsed
        }
        guard let length else {
            // Search again from the next byte: a header glued to stray bytes before it (a body
            // sent without a header, say) is one line whose name is not Content-Length.
            return .failure(Failure(error: FramingError(.missingContentLength, "message header has no Content-Length"),
                                    resumeAt: min(header.startIndex + 1, header.endIndex)))
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

    /// At most 80 bytes of a line, control characters escaped, for a log line.
    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        var shown = ""
        for scalar in String(decoding: bytes.prefix(80), as: UTF8.self).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "\"\(shown)\"" + (bytes.count > 80 ? "…" : "")
    }
}
