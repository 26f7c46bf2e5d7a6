import BracketSyntax

/// One class as every output draws it: its `@class` look with the palette filled in.
public struct ResolvedClass: Sendable, Hashable {
    public let name: String
    /// The `@class` line's description, for the legend and hover.
    public let description: String?
    /// The card's fill (in the light theme, for a palette class).
    public let fill: Colour
    /// The dark theme's fill of a palette class (a class that gives no colour of its own); nil
    /// when the class's own colours hold in both themes.
    public let darkFill: Colour?
    /// The card's border; nil keeps the theme's.
    public let border: Colour?
    /// The text colour; nil keeps the theme's (palette classes, whose fills are chosen for it).
    public let text: Colour?
}

/// Every class a diagram draws, each with a look: first the `@class` definitions in the file's
/// order, then the classes only used on nodes in order of first use. A class given no fill takes
/// the next `ClassPalette` entry (counted over such classes alone); one that gives no colour at
/// all keeps the theme's text and switches to the entry's dark variant in the dark theme, one
/// that gives some keeps its colours in both themes, with text chosen for contrast unless given.
public struct ResolvedClasses: Sendable, Hashable {
    public let classes: [ResolvedClass]
    /// The classes a `@class` line defines, in the file's order.
    public let definedNames: [String]

    public init(looks: [ClassLook], used: [String]) {
        var classes: [ResolvedClass] = []
        var defined: Set<String> = []
        var paletteIndex = 0
        func add(_ look: ClassLook) {
            guard defined.insert(look.name).inserted else { return }
            classes.append(Self.resolve(look, paletteIndex: &paletteIndex))
        }
        looks.forEach(add)
        definedNames = classes.map(\.name)
        for name in used { add(ClassLook(name: name)) }
        self.classes = classes
    }

    /// The classes of `diagram`: its settings' looks and every class its nodes carry.
    public init(_ diagram: Diagram) {
        self.init(looks: diagram.settings.classLooks, used: Self.usedClasses(diagram.nodes))
    }

    public var isEmpty: Bool { classes.isEmpty }

    /// The class called `name`, or nil.
    public subscript(name: String) -> ResolvedClass? { classes.first { $0.name == name } }

    /// The names the nodes' `class` attributes give, in pre-order of first use. Each distinct
    /// value is split once, so a tree whose nodes repeat a few values costs a hash a node.
    static func usedClasses(_ nodes: DiagramNodes) -> [String] {
        guard !nodes.drawn.isEmpty, let column = AttributeSpec.class.drawnIndex else { return [] }
        var seenValues: Set<String> = []
        var seenNames: Set<Substring> = []
        var names: [String] = []
        for row in 0..<nodes.count {
            guard let value = nodes.drawn[column, row], seenValues.insert(value).inserted else { continue }
            for name in value.split(separator: " ") where seenNames.insert(name).inserted { names.append(String(name)) }
        }
        return names
    }

    private static func resolve(_ look: ClassLook, paletteIndex: inout Int) -> ResolvedClass {
        let ownsColours = look.fill != nil || look.border != nil || look.text != nil
        var fill = look.fill
        var darkFill: Colour?
        if fill == nil {
            let entry = ClassPalette.entry(paletteIndex)
            paletteIndex += 1
            fill = entry.light
            if !ownsColours { darkFill = entry.dark }
        }
        let text = ownsColours ? look.text ?? fill!.readableText : nil
        return ResolvedClass(
            name: look.name, description: look.description, fill: fill!, darkFill: darkFill, border: look.border,
            text: text)
    }

    /// `low-contrast` for every defined class whose text falls below 4.5:1 on its fill, at its
    /// `@class` line (`ranges`, by class name), with the ratio.
    static func contrastProblems(of looks: [ClassLook], at ranges: [String: ByteRange]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for resolved in ResolvedClasses(looks: looks, used: []).classes {
            guard let text = resolved.text, let range = ranges[resolved.name] else { continue }
            let ratio = text.contrast(with: resolved.fill)
            guard ratio < Colour.minimumTextContrast else { continue }
            problems.append(Diagnostic(
                range: range, severity: .warning, code: .lowContrast,
                message: "Text \(text.hex) on fill \(resolved.fill.hex) has a contrast of \(Colour.ratioText(ratio)):1, "
                    + "below the 4.5:1 that text needs to be read; choose a darker or lighter text or fill."))
        }
        return problems
    }
}

extension Colour {
    /// A contrast ratio as messages write it: two decimals, rounded down so a ratio just under
    /// 4.5 never reads as 4.50.
    static func ratioText(_ ratio: Double) -> String {
        let hundredths = Int(ratio * 100 + 1e-9)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
