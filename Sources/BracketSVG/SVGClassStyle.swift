import BracketModel

/// The style rules of a diagram's classes (`ResolvedClasses`), written into the SVG's own
/// `<style>` after the shared sheet so the picture stands alone: a card of class NAME (its
/// group's class `c-NAME`) takes the class's fill, border and text. A palette class also has a
/// rule for `prefers-color-scheme: dark` with its entry's dark variant, and keeps the theme's
/// text in both. A card with several classes takes the look of the one the file defines last;
/// a class only used on nodes gives way to every defined one (its rules come first). Empty for a diagram without classes, so its document is as it was.
func classStyleSheet(_ classes: ResolvedClasses) -> String {
    guard !classes.isEmpty else { return "" }
    var sheet = ""
    var dark = ""
    let defined = Set(classes.definedNames)
    let ordered = classes.classes.filter { !defined.contains($0.name) } + classes.classes.filter { defined.contains($0.name) }
    for look in ordered {
        let selector = ".c-" + look.name
        sheet += "\(selector) rect{fill:\(look.fill.hex)"
        if let border = look.border { sheet += ";stroke:\(border.hex)" }
        sheet += "}"
        if let text = look.text { sheet += "\(selector) text{fill:\(text.hex)}" }
        if let darkFill = look.darkFill { dark += "\(selector) rect{fill:\(darkFill.hex)}" }
    }
    if !dark.isEmpty { sheet += "@media (prefers-color-scheme: dark){\(dark)}" }
    return sheet
}
