import BracketJSON

/// Reads the id of a request from the first bytes of a message body that is refused without
/// being read whole (too large, or cut short by the next header), so the refusal can be
/// answered with that id instead of leaving the client waiting.
///
/// It skims the top-level object's members in order — skipping values without building them —
/// until it has seen both an `"id"` (an integer or string) and a `"method"`, or the object ends,
/// or the bytes run out. A message without `"method"` is a response (or broken) and gets no
/// answer. Clients write `"id"` and `"method"` before `"params"`, so a few bytes suffice.
enum RequestPrefix {
    enum Finding: Equatable {
        case request(RequestID)
        /// Not a request whose id could be read (a notification, a response, not JSON).
        case notARequest
        /// The bytes so far do not decide; more may.
        case undecided
    }

    /// The most bytes of a body examined; past this a message is treated as if it ended.
    static let maxBytes = 4096

    /// `complete`: no more bytes of this body will come.
    static func examine(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Finding {
        var skim = Skimmer(bytes: bytes.prefix(maxBytes))
        let finished = complete || bytes.count >= maxBytes
        switch skim.run() {
        case .decided(let finding): return finding
        case .ranOut: return finished ? skim.verdict : .undecided
        }
    }

    private enum Outcome { case decided(Finding), ranOut }

    private struct Skimmer {
        let bytes: ArraySlice<UInt8>
        var index: Int
        var id: RequestID?
        var sawMethod = false

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        var verdict: Finding {
            if let id, sawMethod { return .request(id) }
            return .notARequest
        }

        mutating func run() -> Outcome {
            skipWhitespace()
            guard index < bytes.endIndex else { return .ranOut }
            guard bytes[index] == UInt8(ascii: "{") else { return .decided(.notARequest) }
            index += 1
            while true {
                skipWhitespace()
                guard index < bytes.endIndex else { return .ranOut }
                switch bytes[index] {
                case UInt8(ascii: "}"): return .decided(verdict)
                case UInt8(ascii: ","): index += 1; continue
                case UInt8(ascii: "\""): break
                default: return .decided(.notARequest)
                }
                guard let keyRange = skipString() else { return .ranOut }
                skipWhitespace()
                guard index < bytes.endIndex else { return .ranOut }
                guard bytes[index] == UInt8(ascii: ":") else { return .decided(.notARequest) }
                index += 1
                skipWhitespace()
                let key = bytes[keyRange]
                if key.elementsEqual("method".utf8) {
                    sawMethod = true  // whatever its value: a request, however broken
                    if let id { return .decided(.request(id)) }
                }
                let valueStart = index
                guard skipValue() else { return .ranOut }
                if key.elementsEqual("id".utf8) {
                    guard let value = try? JSONReader().parse(Array(bytes[valueStart..<index])),
                          let readable = RequestID(json: value) else { return .decided(.notARequest) }
                    id = readable
                }
                if let id, sawMethod { return .decided(.request(id)) }
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.endIndex, isWhitespace(bytes[index]) { index += 1 }
        }

        /// At an opening quote: moves past the closing one and returns the contents' range, or
        /// nil when the bytes end first.
        mutating func skipString() -> Range<Int>? {
            let contentStart = index + 1
            var cursor = contentStart
            while cursor < bytes.endIndex {
                switch bytes[cursor] {
                case UInt8(ascii: "\\"): cursor += 2
                case UInt8(ascii: "\""):
                    index = cursor + 1
                    return contentStart..<cursor
                default: cursor += 1
                }
            }
            return nil
        }

        /// Moves past one value of any kind without recursion; false when the bytes end first.
        mutating func skipValue() -> Bool {
            guard index < bytes.endIndex else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return skipString() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.endIndex {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default:
                        break
                    }
                    index += 1
                }
                return false
            default:
                // A number or literal runs to the next delimiter, which may not have arrived yet.
                while index < bytes.endIndex {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                        || isWhitespace(byte) { return true }
                    index += 1
                }
                return false
            }
        }
    }
}
