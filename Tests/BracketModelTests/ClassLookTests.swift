import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// Colours, the class palette and `@class`: parsing, WCAG contrast, the palette's contrast in
/// both themes, and a `@class` line edited byte by byte staying equal to a fresh parse.
@Suite struct ClassLookTests {
    @Test func coloursAreReadAsCSSWritesThem() {
        #expect(Colour(text: "#1a73e8")?.rgb == 0x1A73E8)
        #expect(Colour(text: "#1A73E8")?.hex == "#1a73e8")
        #expect(Colour(text: "#18e")?.rgb == 0x1188EE)
        #expect(Colour(text: "teal")?.rgb == 0x008080)
        #expect(Colour(text: "Teal")?.rgb == 0x008080)
        #expect(Colour(text: "rebeccapurple")?.rgb == 0x663399)
        for bad in ["", "#", "#12", "#1234", "#12345g", "tea", "#1a73e8ff", "teal "] { #expect(Colour(text: bad) == nil, "\(bad)") }
        #expect(Colour.nearestName(to: "tea") == "teal")
        #expect(Colour.nearestName(to: "gery") == "gray")
        #expect(Colour.cssNames.count == 148)
        #expect(Colour.cssNames.map(\.name) == Colour.cssNames.map(\.name).sorted())
        // Every name is found by the binary search.
        for (name, rgb) in Colour.cssNames { #expect(Colour(text: name)?.rgb == rgb, "\(name)") }
    }

    /// WCAG 2's reference values: black on white is 21:1, a colour on itself 1:1, and #777777 on
    /// white the well-known 4.48:1.
    @Test func contrastIsWCAGs() {
        let white = Colour(rgb: 0xFFFFFF), black = Colour(rgb: 0)
        #expect(abs(white.luminance - 1) < 1e-12 && black.luminance == 0)
        #expect(abs(white.contrast(with: black) - 21) < 1e-9)
        #expect(abs(Colour(rgb: 0x777777).contrast(with: white) - 4.478) < 0.001)
        #expect(abs(Colour(rgb: 0x1A73E8).luminance - 0.1831) < 0.0005)
        #expect(Colour(rgb: 0x000080).readableText == white)
        #expect(Colour(rgb: 0xFFFF00).readableText == ClassPalette.lightText)
        #expect(Colour.ratioText(4.4999) == "4.49" && Colour.ratioText(21) == "21.00" && Colour.ratioText(2.05) == "2.05")
    }

    /// The built-in palette: the theme's text reads on every entry at 4.5:1 or more, light on
    /// light and dark on dark, and the entries of a theme differ from each other and from the
    /// theme's plain card.
    @Test func paletteContrastInBothThemes() {
        #expect(ClassPalette.light.count == ClassPalette.dark.count)
        for (light, dark) in zip(ClassPalette.light, ClassPalette.dark) {
            #expect(ClassPalette.lightText.contrast(with: light) >= 4.5, "\(light.hex)")
            #expect(ClassPalette.darkText.contrast(with: dark) >= 4.5, "\(dark.hex)")
        }
        #expect(Set(ClassPalette.light).count == ClassPalette.light.count)
        #expect(Set(ClassPalette.dark).count == ClassPalette.dark.count)
        #expect(!ClassPalette.light.contains(Colour(rgb: 0xF5F7FA)) && !ClassPalette.dark.contains(Colour(rgb: 0x222B36)))
    }

    @Test func classLinesDefineLooks() {
        let document = Document("""
            @class finance "Finance department" [fill="#e8f0fe", border="#1a73e8", text="#202124"]
            @class ops
            @class lead [border=navy]
            r [class="ops finance"] { a [class=sales] b [class=lead] }
            """)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.fileSettings.classLooks == [
            ClassLook(name: "finance", description: "Finance department", fill: Colour(rgb: 0xE8F0FE),
                      border: Colour(rgb: 0x1A73E8), text: Colour(rgb: 0x202124)),
            ClassLook(name: "ops"), ClassLook(name: "lead", border: Colour(rgb: 0x000080)),
        ])
        let classes = ResolvedClasses(looks: document.fileSettings.classLooks, used: ["ops", "finance", "sales", "lead"])
        #expect(classes.classes.map(\.name) == ["finance", "ops", "lead", "sales"])
        #expect(classes.definedNames == ["finance", "ops", "lead"])
        // Palette entries go to the classes without a fill, in order: ops, lead, sales.
        #expect(classes["ops"]?.fill == ClassPalette.light[0] && classes["ops"]?.darkFill == ClassPalette.dark[0])
        #expect(classes["ops"]?.text == nil)
        // A class with colours of its own keeps them in both themes, its text chosen for contrast.
        #expect(classes["lead"]?.fill == ClassPalette.light[1] && classes["lead"]?.darkFill == nil)
        #expect(classes["lead"]?.text == ClassPalette.light[1].readableText)
        #expect(classes["sales"]?.fill == ClassPalette.light[2])
        #expect(classes["finance"]?.fill == Colour(rgb: 0xE8F0FE) && classes["finance"]?.darkFill == nil)
    }

    @Test func classLineProblems() {
        func codes(_ text: String) -> [DiagnosticCode] { Document(text + "\nr").diagnostics.map(\.code) }
        #expect(codes("@class a [fill=tea]") == [.invalidColour])
        #expect(Document("@class a [fill=tea]\nr").diagnostics.first?.message.contains("Did you mean 'teal'?") == true)
        #expect(codes("@class a [fill=\"#12\"]") == [.invalidColour])
        #expect(codes("@class a [colour=red]") == [.unknownAttribute])
        #expect(codes("@class a [fil=red]").count == 1)
        #expect(Document("@class a [fil=red]\nr").diagnostics.first?.message.contains("Did you mean 'fill'?") == true)
        #expect(codes("@class a [fill=navy, fill=blue]") == [.duplicateAttribute])
        #expect(codes("@class a [fill]") == [.missingAttributeValue])
        #expect(codes("@class 9a") == [.invalidSettingValue])
        #expect(codes("@class a \"A\" \"B\"") == [.invalidSettingValue])
        #expect(codes("@class a\n@class a [fill=red]") == [.duplicateSetting])
        #expect(codes("@title \"T\" [fill=red]") == [.invalidSettingValue])
        #expect(codes("@class a [fill=navy") == [.unclosedBracket])
        // Text on its fill below 4.5:1, with the ratio; a fill alone gets readable text.
        let low = Document("@class a [fill=\"#777777\"]\n@class b [fill=white, text=\"#eeeeee\"]\n@class c [fill=navy]\nr")
        #expect(low.diagnostics.map(\.code) == [.lowContrast, .lowContrast])
        #expect(low.diagnostics[0].message.contains("4.47:1") || low.diagnostics[0].message.contains("4.48:1"))
        #expect(low.diagnostics.allSatisfy { $0.severity == .warning })
    }

    /// Every one-byte deletion and every insertion of a character that matters to the grammar,
    /// at every offset of a file with `@class` lines, equals a fresh parse.
    @Test func editsInClassLinesEqualAFreshParse() {
        let text = "@class finance \"Finance\" [fill=\"#e8f0fe\",\n  border=teal]\n@class ops [fill=red]\nr [class=finance] { a b [class=ops] }\n"
        let bytes = Array(text.utf8)
        for offset in 0..<bytes.count {
            var deleted = Document(text)
            _ = deleted.apply(TextEdit(range: ByteRange(offset, offset + 1), replacement: []))
            IncrementalTests.expectSameAsFresh(deleted, "delete at \(offset)")
            for insert in ["[", "]", "\"", "=", " ", "\n", "x"] {
                var inserted = Document(text)
                _ = inserted.apply(TextEdit(range: ByteRange(offset, offset), replacement: Array(insert.utf8)))
                IncrementalTests.expectSameAsFresh(inserted, "insert \(insert) at \(offset)")
            }
        }
    }
}
