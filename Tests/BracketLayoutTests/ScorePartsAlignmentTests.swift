import BracketLayout
import BracketModel
import BracketTestSupport
import BracketText
import Testing

/// Slots drawn in parts (sets, legs, shoot-outs, extra time), on random knockouts of every
/// sport: every part of a column of one level ends at one x (numbers right-aligned, a raised
/// part starting where its column's numbers end), and no part overlaps another, the label's
/// room or its card's padding.
@Suite struct ScorePartsAlignmentTests {
    /// A random knockout of `depth` rounds whose matches are tennis, two-legged or football ones.
    static func knockout(_ random: inout SeededRandom, depth: Int) -> String {
        let names = ["Carlos Alcaraz", "Inter", "Ω", "Manchester City", "Novak Đoković", "Benfica", "李娜", "Ons Jabeur"]
        func value(_ random: inout SeededRandom) -> Int { Int(random.next() % 12) }
        var lines: [String] = []
        var counter = 0
        // (depth, is the first child): pre-order with an explicit stack; `nil` closes a block.
        var stack: [(Int, Int)?] = [(0, 0)]
        while let entry = stack.popLast() {
            guard let (level, _) = entry else { lines.append("}"); continue }
            counter += 1
            var attributes: [String] = []
            if level > 0 {
                switch random.next() % 4 {
                case 0:
                    let sets = (0..<Int(2 + random.next() % 3)).map { _ in
                        random.next() % 3 == 0 ? "\(value(&random))(\(value(&random)))" : "\(value(&random))"
                    }
                    attributes.append("sets=\"\(sets.joined(separator: " "))\"")
                case 1: attributes.append("legs=\"\(value(&random)) \(value(&random))\"")
                case 2: attributes.append("score=\(value(&random)), pens=\(value(&random))")
                default: attributes.append("score=\(value(&random) * 100)")
                }
            }
            if level < depth, random.next() % 3 == 0 { attributes.append("aet") }
            let list = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
            if level == depth {
                lines.append("n\(counter) \"\(names[Int(random.next() % UInt64(names.count))])\"\(list)")
            } else {
                lines.append("n\(counter)\(list) {")
                stack.append(nil)
                stack.append((level + 1, 1))
                stack.append((level + 1, 0))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: TestScale.arguments(Array(0..<10), quick: 2))
    func columnsShareOneXAndNothingOverlaps(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 0x5E75)
        for root in ["right", "left"] {
            let text = "@root \(root)\n" + Self.knockout(&random, depth: 3)
            let diagram = Document(text).diagram()
            let geometry = layout(diagram)
            let measurer = TextMeasurer(fontSize: geometry.fontSize)
            let small = TextMeasurer(fontSize: geometry.raisedFontSize)
            // Per depth, per column: the x where its numbers end, and where its raised part starts.
            var ends: [Int: [Int: Set<Double>]] = [:]
            var raisedStarts: [Int: [Int: Set<Double>]] = [:]
            for card in 0..<diagram.nodes.count {
                guard let position = geometry.scores.index(of: card), let start = geometry.slotStartX(card) else { continue }
                let parts = geometry.scores.parts(at: position)
                guard !parts.isEmpty else { continue }
                let bold = diagram.nodes.outcome(card) == .winner
                func width(_ text: String, _ m: TextMeasurer) -> Double {
                    bold ? m.boldWidth(of: Substring(text)) : m.width(of: Substring(text))
                }
                let depth = Int(diagram.nodes.depths[card])
                let left = geometry.centres[card].x - geometry.sizes[card].width / 2 + CardTextFit.horizontalPadding
                let right = geometry.centres[card].x + geometry.sizes[card].width / 2 - CardTextFit.horizontalPadding
                var previousEnd = start
                for (column, part) in parts.enumerated() {
                    let x = start + part.mainOffset, end = x + width(part.text, measurer)
                    ends[depth, default: [:]][column, default: []].insert((end * 1e6).rounded())
                    #expect(x >= previousEnd - 1e-9, "part \(column) of \(diagram.nodes.ids[card]) overlaps the one before: \(text)")
                    previousEnd = end
                    if let raised = part.raised {
                        let raisedX = start + part.raisedOffset
                        raisedStarts[depth, default: [:]][column, default: []].insert((raisedX * 1e6).rounded())
                        #expect(raisedX >= end - 1e-9, "\(text)")
                        previousEnd = raisedX + width(raised, small)
                    }
                }
                // Inside the card's padding, and after the label's room and its 8-point gap.
                #expect(start >= left - 1e-9 && previousEnd <= right + 1e-9, "\(diagram.nodes.ids[card]): \(text)")
                let labelWidth = geometry.lines.widths[geometry.lines.range(of: card)].max() ?? 0
                let labelX = geometry.labelCentreX(card)
                if geometry.scoreAtLeftEdge(card) {
                    #expect(labelX - labelWidth / 2 >= start + geometry.scores.widths[position] + CardTextFit.scoreGap - 1e-9, "\(text)")
                } else {
                    #expect(labelX + labelWidth / 2 <= start - CardTextFit.scoreGap + 1e-9, "\(text)")
                }
            }
            #expect(!ends.isEmpty, "\(text)")
            for (depth, columns) in ends {
                for (column, xs) in columns {
                    #expect(xs.count == 1, "depth \(depth), column \(column): numbers end at \(xs.sorted()) in \(text)")
                }
            }
            for (depth, columns) in raisedStarts {
                for (column, xs) in columns {
                    #expect(xs.count == 1, "depth \(depth), column \(column): raised parts start at \(xs.sorted()) in \(text)")
                }
            }
        }
    }
}
