// Number literals. Integers are accumulated exactly; anything with a fraction, an exponent or
// beyond Int64 is handed to the standard library's correctly rounded Double parser.

extension JSONParser {
    /// `position` is at '-' or a digit.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }

        guard position < bytes.count, isDigit(bytes[position]) else {
            if position < bytes.count { throw unexpected("expected a digit after '-'") }
            throw error("unexpected end of input in number")
        }
        // Accumulate negatively so Int64.min fits.
        var magnitude: Int64 = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("leading zeros are not allowed in numbers", at: position - 1)
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = Int64(bytes[position] - UInt8(ascii: "0"))
                if !overflow {
                    let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.subtractingReportingOverflow(digit)
                    if o1 || o2 { overflow = true } else { magnitude = next }
                }
                position += 1
            }
        }

        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try requireDigits(after: "'.'")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            try requireDigits(after: "the exponent")
        }

        if isInteger && !overflow {
            if negative {
                // "-0" keeps its sign as a double, so writing it back gives the same number.
                return magnitude == 0 ? .double(-0.0) : .int(magnitude)
            }
            if magnitude != Int64.min { return .int(-magnitude) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        // 1e999 parses as infinity, which JSON cannot write back: refuse it instead of turning
        // it silently into null on the way out (found by fuzz/FuzzRPC).
        guard value.isFinite else { throw error("number out of range", at: start) }
        return .double(value)
    }

    private mutating func requireDigits(after what: String) throws(JSONParseError) {
        guard position < bytes.count else { throw error("unexpected end of input, expected a digit after \(what)") }
        guard isDigit(bytes[position]) else { throw unexpected("expected a digit after \(what)") }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
