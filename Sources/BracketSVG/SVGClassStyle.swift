import BracketModel

/// The style rules of a diagram's classes (`ResolvedClasses`), written into the SVG's own
/// `<style>` after the shared sheet so the picture stands alone: a card of class NAME (its
/// group's class `c-NAME`) takes the class's fill, border and text. A palette class also has a
/// rule for `prefers-color-scheme: dark` with its entry's dark variant, and keeps the theme's
/// text in both. A card with several classes takes the look of the one the file defines last;
/// a class only used on nodes gives way to every defined one (its rules come first).
/// Then a rule per colour given with `color=` (`bracket-fill-rrggbb`), after the classes' so a
/// card's own colour wins, its text in the colour that contrasts more. Empty for a diagram
/// without either, so its document is as it was.
public func svgClassSheet(_ diagram: Diagram) -> String {
    classStyleSheet(ResolvedClasses(diagram)) + fillStyleSheet(diagram.nodes)
}

func classStyleSheet(_ classes: ResolvedClasses) -> String {
    guard !classes.isEmpty else { return "" }
    var sheet = ""
    var dark = ""
    let defined = Set(classes.definedNames)
    let ordered = classes.classes.filter { !defined.contains($0.name) } + classes.classes.filter { defined.contains($0.name) }
    for look in ordered {
        let selector = ".c-" + look.name
        // Every part is said, the theme's where the class gives none, so a card's last class
        // gives its whole look and none of an earlier class's shows through.
        sheet += "\(selector) rect{fill:\(look.fill.hex);"
        sheet += look.border.map { "stroke:\($0.hex)}" } ?? "stroke:#5b6b82;stroke:var(--bracket-card-border)}"
        sheet += look.text.map { "\(selector) text{fill:\($0.hex)}" }
            ?? "\(selector) text{fill:#1c2430;fill:var(--bracket-text)}"
        if let darkFill = look.darkFill { dark += "\(selector) rect{fill:\(darkFill.hex)}" }
    }
    if !dark.isEmpty { sheet += "@media (prefers-color-scheme: dark){\(dark)}" }
    return sheet
}

/// The `color=` rules: one per distinct colour, in order of first use.
func fillStyleSheet(_ nodes: DiagramNodes) -> String {
    guard !nodes.drawn.isEmpty, let column = AttributeSpec.color.drawnIndex,
        case .fillClass(let prefix) = AttributeSpec.color.outputs.svg
    else { return "" }
    var seen: Set<String> = []
    var sheet = ""
    for row in 0..<nodes.count {
        guard let hex = nodes.drawn[column, row], seen.insert(hex).inserted, let colour = Colour(text: hex) else { continue }
        let selector = "." + prefix + hex.dropFirst()
        sheet += "\(selector) rect{fill:\(hex)}\(selector) text{fill:\(colour.readableText.hex)}"
    }
    return sheet
}
