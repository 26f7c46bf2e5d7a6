import BracketIDE
import BracketModel
import BracketSyntax
import Testing

/// Completion, hover and formatting of classes and colours; `|` marks the cursor.
@Suite struct ClassFeatureTests {
    @Test func classNamesAfterClassEquals() {
        let labels = AttributeFeatureTests.completionLabels(
            "@class finance \"Finance\"\n@class tech\nr [class=sales] { a [class=|] }")
        #expect(labels == ["finance", "tech", "sales"])
    }

    @Test func colourNamesAfterColorEqualsAndInAClassLine() {
        let names = Colour.cssNames.map(\.name)
        #expect(AttributeFeatureTests.completionLabels("r { a [color=|] }") == names)
        #expect(AttributeFeatureTests.completionLabels("@class x [fill=|]\nr") == names)
        #expect(AttributeFeatureTests.completionLabels("@class x [border=te|]\nr") == names)
    }

    @Test func aClassLinesKeysAreItsColours() {
        #expect(AttributeFeatureTests.completionLabels("@class x [|]\nr") == ["fill=", "border=", "text="])
        #expect(AttributeFeatureTests.completionLabels("@class x [fill=red, |]\nr") == ["border=", "text="])
    }

    @Test func hoverNamesTheCardsClassesAndWhatTheyStandFor() throws {
        let document = Document("@class finance \"Finance department\"\nr [class=\"finance lead\"]")
        let id = try #require(document.text.firstIndex(of: UInt8(ascii: "\n"))) + 1  // on the node's ID `r`
        let info = try #require(hover(at: id, in: document))
        #expect(info.facts.contains { $0.name == "class" && $0.value == "finance lead" })
        #expect(info.facts.contains { $0.name == "class finance" && $0.value == "Finance department" })
        #expect(!info.facts.contains { $0.name == "class lead" })
    }

    @Test func formattingKeepsAClassLineAndSpacesItsColours() throws {
        let document = Document("@class   finance \"Finance\"   [fill=teal,border=\"#1a73e8\"]\nr [class=finance]\n")
        let text = try #require(formattedText(document))
        #expect(text == "@class finance \"Finance\" [fill=teal, border=\"#1a73e8\"]\n\nr [class=finance]\n")
        #expect(formattedText(Document(text)) == text)
    }
}
