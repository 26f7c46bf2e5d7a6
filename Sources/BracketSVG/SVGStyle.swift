import BracketText

/// The style sheet embedded in every SVG. Colours are CSS custom properties so a host page can
/// restyle the preview, and the dark palette follows the viewer's colour scheme without script.
/// Each `var()` declaration is preceded by a plain light colour: renderers without custom
/// property support (librsvg, used by `rsvg-convert`, is one) drop the `var()` declaration and
/// keep the plain one instead of painting everything black.
///
/// The font stack comes last, written by `writeStyle`: it is `FontTable.fontFamily`, whose first
/// family is the font the text was measured with.
enum SVGStyle {
    static var fontFamily: String { FontTable.fontFamily }

    static let sheet: StaticString = """
        svg{--bracket-background:#ffffff;--bracket-card:#f5f7fa;--bracket-card-border:#5b6b82;\
        --bracket-text:#1c2430;--bracket-connector:#8a97a8;--bracket-focus:#2563eb}\
        @media (prefers-color-scheme: dark){svg{--bracket-background:#161b22;--bracket-card:#222b36;\
        --bracket-card-border:#8b9bb0;--bracket-text:#e6edf3;--bracket-connector:#6e7d90;\
        --bracket-focus:#60a5fa}}\
        .bracket-background{fill:#ffffff;fill:var(--bracket-background)}\
        .bracket-connector{fill:none;stroke:#8a97a8;stroke:var(--bracket-connector);stroke-width:1.5}\
        .bracket-card rect{fill:#f5f7fa;fill:var(--bracket-card);stroke:#5b6b82;\
        stroke:var(--bracket-card-border);stroke-width:1}\
        .bracket-card text,.bracket-empty,.bracket-heading{fill:#1c2430;fill:var(--bracket-text)}\
        .bracket-card:focus{outline:none}\
        .bracket-card:focus rect{stroke:#2563eb;stroke:var(--bracket-focus);stroke-width:2.5}\
        svg{--bracket-round:#4a5a70;--bracket-edge-label:#ffffff;--bracket-edge-label-text:#3d4a5c}\
        @media (prefers-color-scheme: dark){svg{--bracket-round:#a9b6c7;--bracket-edge-label:#161b22;\
        --bracket-edge-label-text:#c9d4e0}}\
        .bracket-round{fill:#4a5a70;fill:var(--bracket-round)}\
        .bracket-edge-label rect{fill:#ffffff;fill:var(--bracket-edge-label);stroke:#8a97a8;\
        stroke:var(--bracket-connector);stroke-width:1}\
        .bracket-edge-label text{fill:#3d4a5c;fill:var(--bracket-edge-label-text)}
        """

    /// The rules for results (docs/language.md, "How results are drawn"), written after `sheet`
    /// only into a picture whose tree records results, so a plain tree's document stays as it
    /// was (`svgStyleSheetText` gives a page the same choice). A winner's card is filled and
    /// outlined in the accent colour with its score bold (the label keeps the regular weight
    /// its width was measured in); a loser's text is muted on a paler card; a slot still to be
    /// decided is an empty, dashed card with muted italic text; a bye's slot is muted italic.
    /// Same pattern as `sheet`: variables with a dark palette, each after a plain colour.
    static let resultsSheet: StaticString = """
        svg{--bracket-winner-card:#e3edff;--bracket-winner-border:#1d4ed8;--bracket-muted:#6b7686;\
        --bracket-loser-card:#f8f9fb;--bracket-pending-border:#9aa5b4}\
        @media (prefers-color-scheme: dark){svg{--bracket-winner-card:#1d3152;--bracket-winner-border:#7aa7ff;\
        --bracket-muted:#8f9bab;--bracket-loser-card:#1b222b;--bracket-pending-border:#5f6d7f}}\
        .bracket-winner rect{fill:#e3edff;fill:var(--bracket-winner-card);stroke:#1d4ed8;\
        stroke:var(--bracket-winner-border);stroke-width:2}\
        .bracket-winner .bracket-score{font-weight:700}\
        .bracket-loser rect{fill:#f8f9fb;fill:var(--bracket-loser-card)}\
        .bracket-loser text,.bracket-bye .bracket-score{fill:#6b7686;fill:var(--bracket-muted)}\
        .bracket-bye .bracket-score{font-style:italic}\
        .bracket-pending rect{fill:#ffffff;fill:var(--bracket-background);stroke:#9aa5b4;\
        stroke:var(--bracket-pending-border);stroke-dasharray:5 3}\
        .bracket-pending text{fill:#6b7686;fill:var(--bracket-muted);font-style:italic}
        """

    /// The match notes' rule (docs/language.md, "Match notes"), written by `writeStyle` only into
    /// a picture that has notes: the headers' muted colour (in the regular weight the notes are
    /// measured in); `writeStyle` adds the font stack and the closing brace.
    static let notesSheet: StaticString = """
        .bracket-note{fill:#4a5a70;fill:var(--bracket-round);font-family:
        """
}
