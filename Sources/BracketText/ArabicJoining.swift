/// Arabic letters take one of four shapes by whether they join the letter before and the letter
/// after, and the shapes differ in width (a medial beh is a third of an isolated one), so a
/// word is measured letter by letter in the form shaping will choose.
struct ArabicForms: Sendable {
    let isolated: UInt16, final: UInt16, initial: UInt16, medial: UInt16

    /// Dual-joining letters connect to the letter after them too; right-joining ones (alef,
    /// dal, reh, waw…) only to the one before.
    var joinsForward: Bool { initial != 0 }

    @inline(__always)
    func units(joinsPrevious: Bool, joinsNext: Bool) -> Int {
        switch (joinsPrevious, joinsNext && joinsForward) {
        case (false, false): Int(isolated)
        case (true, false): Int(final)
        case (false, true): Int(initial)
        case (true, true): Int(medial)
        }
    }
}

enum ArabicJoining {
    /// Forms of U+0600…U+06FF, nil for what does not join (digits, marks, hamza, punctuation).
    static let block: [ArabicForms?] = {
        var block = [ArabicForms?](repeating: nil, count: 256)
        for (codePoint, isolated, final, initial, medial) in FontTable.arabicForms {
            block[Int(codePoint) - 0x600] = ArabicForms(isolated: isolated, final: final, initial: initial, medial: medial)
        }
        return block
    }()

    @inline(__always)
    static func forms(of scalar: Unicode.Scalar) -> ArabicForms? {
        let value = scalar.value
        guard value >= 0x600 && value <= 0x6FF else { return nil }
        return block[Int(value - 0x600)]
    }
}

/// One grapheme cluster as measured in its line: its UTF-8 length, its width given its
/// neighbours, its break class, and for an Arabic letter how it joins.
struct MeasuredCluster {
    var utf8Count: Int
    var units: Int
    var kind: BreakClass
    var arabic: ArabicContext?
}

/// How an Arabic letter was measured, so a line that starts or ends at it can be re-measured
/// without the neighbour it no longer has.
struct ArabicContext {
    let forms: ArabicForms
    /// Width of the cluster's other scalars (marks are zero; anything else counts).
    let rest: Int
    let joinsPrevious: Bool
    var joinsNext: Bool
    /// The cluster ends in a zero-width non-joiner: it does not join the letter after it.
    let breaksJoin: Bool

    var units: Int { forms.units(joinsPrevious: joinsPrevious, joinsNext: joinsNext) + rest }

    /// The change in width when the line loses the cluster before (`keepPrevious` false) or after it.
    func adjustment(keepPrevious: Bool, keepNext: Bool) -> Int {
        forms.units(joinsPrevious: joinsPrevious && keepPrevious, joinsNext: joinsNext && keepNext) + rest - units
    }
}

/// A cluster before its Arabic neighbours are known.
struct RawCluster {
    var first: Unicode.Scalar
    /// Width measured on its own (an Arabic letter: its widest form, corrected by `Joiner`).
    var units: Int
    var utf8Count: Int
    var kind: BreakClass
    /// Ends in a zero-width non-joiner.
    var breaksJoin: Bool
}

/// Gives each Arabic letter the form its neighbours make it take: holds a letter back until
/// the cluster after it is known.
struct Joiner {
    private var pending: MeasuredCluster? = nil
    private var previousJoinsForward = false

    @inline(__always)
    mutating func push(_ raw: RawCluster, _ body: (MeasuredCluster) -> Void) {
        let forms = ArabicJoining.forms(of: raw.first)
        if var waiting = pending {
            if var context = waiting.arabic {
                context.joinsNext = forms != nil && context.forms.joinsForward && !context.breaksJoin
                waiting.units = context.units
                waiting.arabic = context
            }
            body(waiting)
            pending = nil
        }
        guard let forms else {
            body(MeasuredCluster(utf8Count: raw.utf8Count, units: raw.units, kind: raw.kind, arabic: nil))
            previousJoinsForward = false
            return
        }
        let context = ArabicContext(
            forms: forms, rest: raw.units - FontTable.units(of: raw.first.value),
            joinsPrevious: previousJoinsForward, joinsNext: false, breaksJoin: raw.breaksJoin)
        pending = MeasuredCluster(utf8Count: raw.utf8Count, units: context.units, kind: raw.kind, arabic: context)
        previousJoinsForward = forms.joinsForward && !raw.breaksJoin
    }

    mutating func finish(_ body: (MeasuredCluster) -> Void) {
        if let waiting = pending { body(waiting) }
        pending = nil
    }
}

enum ContextualClusters {
    /// Calls `body` for each grapheme cluster of `text` in order, with Arabic letters measured in
    /// the form their neighbours give them.
    ///
    /// Text whose every code point stands alone (`FontTable.standsAlone`: most text in most
    /// scripts, precomposed accents included) is one cluster per code point, read straight
    /// from the UTF-8; anything else goes through Swift's `Character`s. Both give the same
    /// clusters (`ClusterFastPathTests`).
    ///
    /// With `classify` false only hard line breaks get their class and everything else is
    /// `.ordinary`: measuring needs no break opportunities, and classifying costs more than
    /// looking up the width.
    @inline(__always)
    static func forEach(in text: Substring, classify: Bool = true, _ body: (MeasuredCluster) -> Void) {
        var joiner = Joiner()
        let table = FontTable.decoded
        let handled: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard UTF8Scalars.allStandAlone(bytes, table) else { return false }
            UTF8Scalars.forEach(bytes) { scalar, length in
                let raw = RawCluster(
                    first: scalar, units: table.units(of: scalar.value), utf8Count: length,
                    kind: kind(of: scalar.value, classify: classify), breaksJoin: false)
                joiner.push(raw, body)
            }
            return true
        }
        if handled != true {
            for character in text {
                let scalars = character.unicodeScalars
                let first = scalars.first!
                let raw = RawCluster(
                    first: first, units: ClusterWidth.units(of: character), utf8Count: character.utf8.count,
                    kind: kind(of: first.value, classify: classify),
                    breaksJoin: scalars.count > 1 && scalars.contains("\u{200C}"))
                joiner.push(raw, body)
            }
        }
        joiner.finish(body)
    }

    @inline(__always)
    private static func kind(of first: UInt32, classify: Bool) -> BreakClass {
        if classify { return BreakClass.of(scalar: first) }
        switch first {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return .hardBreak
        default: return .ordinary
        }
    }
}

/// Code points straight from valid UTF-8 (a Swift string's bytes always are).
enum UTF8Scalars {
    @inline(__always)
    static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Unicode.Scalar, Int) -> Void) {
        var index = 0
        while index < bytes.count {
            let (value, length) = decode(bytes, at: index)
            body(Unicode.Scalar(value).unsafelyUnwrapped, length)
            index += length
        }
    }

    static func allStandAlone(_ bytes: UnsafeBufferPointer<UInt8>, _ table: DecodedTable) -> Bool {
        var index = 0
        while index < bytes.count {
            let (value, length) = decode(bytes, at: index)
            // CR is not alone before LF; every other ASCII character is.
            if value >= 0x80 ? table.entry(of: value) & DecodedTable.clusterFlag != 0 : value == 0x0D { return false }
            index += length
        }
        return true
    }

    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        return (value, 4)
    }
}
