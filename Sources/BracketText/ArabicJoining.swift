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

enum ContextualClusters {
    /// Calls `body` for each grapheme cluster of `text` in order, with Arabic letters measured in
    /// the form their neighbours give them (which needs one cluster of look-ahead).
    @inline(__always)
    static func forEach(in text: Substring, _ body: (MeasuredCluster) -> Void) {
        var pending: MeasuredCluster? = nil
        var previousJoinsForward = false
        for character in text {
            let scalars = character.unicodeScalars
            let forms = ArabicJoining.forms(of: scalars.first!)
            if var waiting = pending {
                if var context = waiting.arabic {
                    context.joinsNext = forms != nil && context.forms.joinsForward && !context.breaksJoin
                    waiting.units = context.units
                    waiting.arabic = context
                }
                body(waiting)
                pending = nil
            }
            let kind = BreakClass.of(character)
            let count = character.utf8.count
            if let forms {
                let all = ClusterWidth.units(of: character)
                let base = FontTable.units(of: scalars.first!.value)
                let breaksJoin = scalars.contains("\u{200C}")
                let context = ArabicContext(
                    forms: forms, rest: all - base, joinsPrevious: previousJoinsForward, joinsNext: false,
                    breaksJoin: breaksJoin)
                pending = MeasuredCluster(utf8Count: count, units: context.units, kind: kind, arabic: context)
                previousJoinsForward = forms.joinsForward && !breaksJoin
            } else {
                body(MeasuredCluster(utf8Count: count, units: ClusterWidth.units(of: character), kind: kind, arabic: nil))
                previousJoinsForward = false
            }
        }
        if let waiting = pending { body(waiting) }
    }
}
