// String literals: escapes, surrogate pairs and UTF-8 validation in one pass over the bytes.

extension JSONParser {
    /// Parses a string literal; `position` is at the opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let openingQuote = position
        position += 1
        let start = position
        // Fast path: plain ASCII with no escapes needs no copy into a scratch buffer.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        var scratch: [UInt8] = []
        scratch.reserveCapacity(position - start + 16)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        try parseStringSlowPath(into: &scratch, openingQuote: openingQuote)
        // The bytes were validated (or produced by our own encoder), so decoding repairs nothing.
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func parseStringSlowPath(into scratch: inout [UInt8], openingQuote: Int) throws(JSONParseError) {
        while true {
            // Copy a run of bytes that need no attention in one go.
            let runStart = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                position += 1
            }
            if runStart < position {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            }
            guard position < bytes.count else {
                throw error("unterminated string (opened at byte \(openingQuote))")
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case 0x80...:
                let length = try validateUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
                position += length
            default:
                throw error("unescaped control character 0x\(String(byte, radix: 16, uppercase: true)) in string")
            }
        }
    }

    /// `position` is at the backslash.
    private mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        guard position + 1 < bytes.count else { throw error("unterminated escape sequence") }
        let letter = bytes[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeStart: escapeStart)
            var scalarValue: UInt32 = 0xFFFD
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate counts only when a low surrogate escape follows immediately;
                // otherwise it is lone and becomes U+FFFD (the next escape is read on its own).
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let saved = position
                    position += 2
                    let low = try readHex4(escapeStart: saved)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        position = saved
                    }
                }
            } else if !(0xDC00...0xDFFF).contains(unit) {
                scalarValue = UInt32(unit)
            }
            appendUTF8(scalarValue, to: &scratch)
        default:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(letter)))'", at: escapeStart)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape", at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to scratch: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Checks the multi-byte sequence at `position` (well-formed per Unicode table 3-7: no
    /// overlongs, no surrogates, nothing above U+10FFFF) and returns its length.
    private func validateUTF8Sequence() throws(JSONParseError) -> Int {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 in string")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence in string") }
        guard secondRange.contains(bytes[position + 1]) else { throw error("invalid UTF-8 in string") }
        for index in 2..<length where !(0x80...0xBF).contains(bytes[position + index]) {
            throw error("invalid UTF-8 in string")
        }
        return length
    }
}
