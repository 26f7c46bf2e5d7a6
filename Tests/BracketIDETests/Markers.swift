/// Position markers for tests: each of 1️⃣…9️⃣ in a source is removed, and the byte offset
/// where it stood (in the text without markers) is recorded under its digit.
struct MarkedText {
    var text: String
    var offsets: [Int: Int] = [:]

    init(_ marked: String) {
        var out = ""
        var byteCount = 0
        for character in marked {
            if let digit = markerDigit(character) {
                offsets[digit] = byteCount
            } else {
                out.append(character)
                byteCount += character.utf8.count
            }
        }
        text = out
    }

    subscript(_ digit: Int) -> Int { offsets[digit] ?? -1 }
}

private func markerDigit(_ character: Character) -> Int? {
    let scalars = Array(character.unicodeScalars)
    guard scalars.count == 3, scalars[1] == "\u{FE0F}", scalars[2] == "\u{20E3}",
          let digit = Int(String(scalars[0])), digit >= 1 else { return nil }
    return digit
}
