/// Bold text, as a winner's score is drawn (`font-weight:700`): measured in the weight it is
/// drawn in, so the room a card keeps for it is the room it takes. Printable ASCII has its own
/// bold advances (`FontTable.boldASCII`, the widest of the stack's bold fonts); any other
/// grapheme cluster its regular advance times `FontTable.boldRatio1024`, rounded up, which is
/// never less than a bold font draws it with the same ratio.
extension TextMeasurer {
    /// Width in pixels of `text` drawn bold on one line ("\n" counts as nothing).
    public func boldWidth(of text: Substring) -> Double {
        var total = 0
        // Printable ASCII (every score's digits and signs) is one cluster per byte: no grapheme
        // breaking needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 { total += Int(FontTable.boldASCII[Int(byte) - 0x20]) }
            return Double(total) * scale
        }
        for cluster in text { total += Self.boldUnits(of: cluster) }
        return Double(total) * scale
    }

    /// `text` as one bold line at most `maxWidth` wide: whole when it fits, else the longest
    /// run of its first clusters that fits with "…" after it (the ellipsis measured bold too).
    /// Linear in the text: each cluster is measured once.
    public func boldLine(_ text: String, maxWidth: Double) -> (text: String, width: Double, isCut: Bool) {
        let ellipsis = Self.boldUnits(of: "…")
        var total = 0
        var fitting = 0
        var fittingUnits = 0
        var clusters = 0
        var cut = false
        for cluster in text {
            if cluster.isNewline { cut = true; break }
            total += Self.boldUnits(of: cluster)
            clusters += 1
            if Double(total + ellipsis) * scale <= maxWidth {
                fitting = clusters
                fittingUnits = total
            }
        }
        if !cut, Double(total) * scale <= maxWidth { return (text, Double(total) * scale, false) }
        if clusters == 0 && !cut { return (text, Double(total) * scale, false) }
        guard Double(ellipsis) * scale <= maxWidth else { return ("", 0, true) }
        return (String(text.prefix(fitting)) + "…", Double(fittingUnits + ellipsis) * scale, true)
    }

    /// Bold advance of one grapheme cluster in font units.
    static func boldUnits(of cluster: Character) -> Int {
        if let ascii = cluster.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return Int(FontTable.boldASCII[Int(ascii) - 0x20])
        }
        let regular = units(of: Substring(String(cluster)))
        return (regular * FontTable.boldRatio1024 + 1023) / 1024
    }
}
