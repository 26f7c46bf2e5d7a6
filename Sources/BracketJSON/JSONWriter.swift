import BracketBytes

/// Appends compact JSON text to a byte buffer.
///
/// Commas and colons are placed automatically: call `beginObject()`, then `key(_:)` followed by
/// one value per member, then `endObject()`; arrays likewise without keys. One flag suffices for
/// separators because a value (or a closed container) is always followed by either a comma or
/// the parent's close. The writer does not check the call sequence; a misuse gives bad JSON,
/// not a crash.
///
/// Strings: `"` `\` and control characters are escaped (`\n` `\r` `\t` `\b` `\f` in short form,
/// the rest as `\u00XX`); `/` and non-ASCII are written as they are (raw UTF-8).
/// Doubles: integral values print without a fraction (`130`), others in Swift's shortest
/// round-trip form, NaN and infinities as `null` (JSON has no spelling for them).
public struct JSONWriter: Sendable {
    public var bytes: [UInt8]
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        int(Int64(value))
    }

    public mutating func int(_ value: Int64) {
        separate()
        DecimalText.appendInteger(value, to: &bytes)
        needsComma = true
    }

    public mutating func double(_ value: Double) {
        separate()
        DecimalText.appendJSON(value, to: &bytes)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Inserts already-serialized JSON (for example a cached geometry document) as one value.
    /// The caller vouches that `json` is a single valid JSON value.
    public mutating func raw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: - Bytes

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            JSONStringEscaping.forEachPiece(
                of: utf8, literal: { bytes.append(contentsOf: $0) }, escape: { bytes.append(contentsOf: $0) })
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
