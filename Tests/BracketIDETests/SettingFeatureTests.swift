import BracketIDE
import BracketModel
import Testing

/// Hover, completion and the value words of `@` settings, all read from `SettingSpec.all`.
@Suite struct SettingFeatureTests {
    /// Hovering a setting's key shows what it does and the values it takes; completion offers the
    /// same summary beside the key, and the words it accepts at its value.
    @Test(arguments: SettingSpec.all.map(\.name))
    func hoverAndCompletionComeFromTheDeclaration(_ name: String) throws {
        let spec = try #require(SettingSpec.named(name))
        let text = "@\(name) x\nr\n"
        let info = try #require(hover(at: 2, in: Document(text)))
        #expect(info.id == "@" + name && info.label == spec.expectation && info.about == spec.summary)
        #expect(info.markdown.contains(spec.expectation) && info.plaintext.contains(spec.expectation))
        let entry = try #require(completions(at: 1, in: Document("@\nr\n")).first { $0.label == "@" + name })
        #expect(entry.detail == spec.summary)
        let values = completions(at: name.utf8.count + 2, in: Document("@\(name) \nr\n")).map(\.label)
        #expect(values == spec.valueChoices)
    }

    @Test func noHoverOnAnUnknownSettingOrItsValue() {
        #expect(hover(at: 2, in: Document("@nosuch 3\nr\n")) == nil)
        #expect(hover(at: 7, in: Document("@root left\nr\n")) == nil)
    }
}
