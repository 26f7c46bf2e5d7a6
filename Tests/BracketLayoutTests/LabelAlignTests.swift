import BracketLayout
import BracketModel
import Testing

/// `@label-align start`: the lines start at the card's left edge plus the padding, after the
/// score's room when the score sits at that edge; cards keep their sizes and places, so in a
/// column (whose cards share one width) every name starts at one x.
@Suite struct LabelAlignTests {
    static let tree = """
        final {
          sf1 { a "Ann Lee" [score=3] b "Bartholomew Fitzgerald-Smythe" [score=1] }
          sf2 { c "Cy" [score="6–4 7–6(5)"] d "Di" [score="4–6 6–7(5)"] }
        }
        """

    @Test(arguments: [RootSide.right, .left, .center])
    func namesOfAColumnStartAtOneX(_ side: RootSide) {
        let centred = Document("@root \(side.rawValue)\n" + Self.tree).diagram()
        let started = Document("@root \(side.rawValue)\n@label-align start\n" + Self.tree).diagram()
        let a = layout(centred), g = layout(started)
        #expect(a.centres == g.centres && a.sizes == g.sizes, "only the text moves")
        var byColumn: [Double: Set<Double>] = [:]
        for card in 0..<started.nodes.count {
            let x = g.labelStartX(card)
            let left = g.centres[card].x - g.sizes[card].width / 2
            #expect(x >= left + 8 - 1e-9, "inside the card's padding")
            if g.scoreAtLeftEdge(card), let slot = g.scores.index(of: card) {
                #expect(abs(x - (left + 8 + g.scores.widths[slot] + 8)) < 1e-9, "after the score and its gap")
            } else {
                #expect(x == left + 8)
            }
            // Cards of one column in one half: the score on the same side for all of them.
            byColumn[g.centres[card].x, default: []].insert(x)
        }
        if side != .left && side != .center {
            #expect(byColumn.values.allSatisfy { $0.count == 1 }, "\(byColumn)")
        }
    }
}
