import BracketExport
import BracketLayout
import BracketModel
import BracketPreview

/// What a render starts from: the diagram to draw, and what of the document's last render it
/// builds on (`PreviewRender.init(_:upTo:from:id:)`).
struct PreviewRenderStart {
    /// The document's diagram.
    var diagram: Diagram
    /// The last render's layout, to update instead of laying `diagram` out anew; nil lays it
    /// out anew.
    var layout: PreviousLayout?
    /// Where the ID ranges come from.
    var ranges: IDRangeSource = .converted

    /// A render with nothing to build on: the diagram built from the whole tree.
    init(_ context: DocumentContext) {
        diagram = context.diagram()
    }

    init(diagram: Diagram, layout: PreviousLayout? = nil, ranges: IDRangeSource = .converted) {
        self.diagram = diagram
        self.layout = layout
        self.ranges = ranges
    }

    /// A render of `context` after `last`, its document's last render: that diagram updated for
    /// the edits the document reported since (`Document.updatedDiagram`), that layout to update,
    /// and those ID ranges to update or move. `last`'s layout is taken (its only reference then
    /// is this start's, so a structural relayout splices its state in place).
    init(_ context: DocumentContext, after last: inout LastPreviewRender) {
        let geometry = last.geometry.take()
        var update: DiagramUpdate?
        var ranges = IDRangeSource.converted
        if last.defaults == context.defaults, let edits = last.editsSince {
            update = context.document.updatedDiagram(from: last.diagram, after: edits.map(\.edit),
                                                     onlyTokens: edits.allSatisfy(\.relexedOneToken),
                                                     defaults: context.defaults)
            if let update, update.splice == nil, last.lineCount == context.document.lineIndex.lineCount,
               last.ranges.count == last.diagram.nodes.count {
                ranges = .updatedOnLines(last.ranges, lines: edits.map(\.lines))
            }
        }
        if case .converted = ranges, let edits = last.editsSince, edits.count == 1,
           last.ranges.count == last.diagram.nodes.count {
            ranges = .moved(last.ranges, of: last.diagram, by: edits[0])
        }
        diagram = update?.diagram ?? context.diagram()
        self.ranges = ranges
        if let update, let geometry {
            layout = PreviousLayout(diagram: last.diagram, render: last.render, update: update, geometry: geometry)
        }
    }
}

/// The layout of an earlier render, and how the diagram to draw came from that render's.
struct PreviousLayout {
    /// The earlier render's diagram.
    var diagram: Diagram
    /// The earlier render (`PreviewRender.id`).
    var render: Int
    /// The rows whose ID and label were read again, or the rows a structural edit spliced.
    var update: DiagramUpdate
    /// Its layout, with the state a structural relayout starts from.
    var geometry: Geometry
}

extension PreviousLayout {
    /// The layout of `diagram` from this one: reused when the edit moved nothing (only the
    /// edited cards are measured again), else updated from the splice, whose state is taken
    /// from `geometry` in place. Nil when it cannot be: lay `diagram` out anew.
    mutating func updateLayout(for diagram: Diagram) -> LayoutUpdate? {
        if let splice = update.splice {
            return layoutSplice(diagram, from: self.diagram, splice: splice, takingStateOf: &geometry)
        }
        return layoutReusingPositions(diagram, from: self.diagram, previous: geometry, candidates: update.edited)
    }
}

/// Where a render's ID ranges come from.
enum IDRangeSource {
    /// Every node's ID range converted from its offsets.
    case converted
    /// The last render's, with those on `lines` converted again (one-token edits, which add or
    /// remove no line break: `PreviewRender.ranges(…updating:onLines:)`).
    case updatedOnLines([NodeRange], lines: [ClosedRange<Int>])
    /// The last render's, of the diagram `of`, moved for the one edit since
    /// (`PreviewRender.ranges(…moving:…)`).
    case moved([NodeRange], of: Diagram, by: AppliedEdit)
}

/// What a render was laid out from, which a delta against that earlier render may trust
/// (`LanguageServer.chainedDelta`).
enum PreviewRenderOrigin {
    /// Laid out anew: a delta pairs every card by ID.
    case nothing
    /// The layout of render `render` reused for a text change: only `cards` (ascending) show
    /// other text or carry another ID. `ranges`, when known: the only cards whose ID range
    /// moved (the last render's ranges with those on the edited lines converted again).
    case textChange(render: Int, cards: [Int], ranges: [Int]?)
    /// A structural edit laid out from render `render`'s layout (`layoutSplice(_:from:splice:…)`):
    /// the cards that went, came, were placed anew or moved as runs; `rangeMotion`, when the ID
    /// ranges are that render's moved for one edit, says how.
    case structuralChange(render: Int, change: StructuralChange, rangeMotion: RangeMotion?)
}
