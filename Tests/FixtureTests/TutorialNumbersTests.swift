import BracketLayout
import BracketModel
import Foundation
import Testing

/// The tutorial's published numbers, asserted directly so a wrong recording cannot hide them.
@Suite struct TutorialNumbersTests {
    @Test func tutorialGeometry() throws {
        let document = Document(text: try Fixtures.source("ok", "tutorial"))
        let diagram = document.diagram()
        let geometry = layout(diagram)
        #expect(diagram.nodes.count == 7)
        #expect(geometry.edges.count == 6)
        #expect(geometry.width == 524 && geometry.height == 260)
        func y(_ id: String) -> Double? {
            diagram.nodes.firstIndex { $0.id == id }.map { geometry.cards[$0].center.y }
        }
        func x(_ id: String) -> Double? {
            diagram.nodes.firstIndex { $0.id == id }.map { geometry.cards[$0].center.x }
        }
        #expect(["4", "5", "6", "7"].map(y) == [22, 94, 166, 238])
        #expect(["2", "3"].map(y) == [58, 202])
        #expect(y("1") == 130)
        #expect(["4", "2", "1"].map(x) == [66, 262, 458])
    }
}
