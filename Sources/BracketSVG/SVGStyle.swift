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
}
