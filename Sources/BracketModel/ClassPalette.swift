/// The fills a class without a look of its own takes, in order of the classes' first use in the
/// file: Paul Tol's "light" qualitative scheme (Paul Tol, "Colour Schemes", SRON technical
/// note, 2021), made for cells that carry text and told apart by readers with any of the common
/// colour-vision deficiencies. Each entry has a dark variant of the same hue for the dark theme
/// (the page's and `prefers-color-scheme: dark` in the SVG), so a class stays recognisable there.
/// Text keeps the theme's own colour on both: `ClassPaletteTests` holds every pair to 4.5:1.
public enum ClassPalette {
    /// Light blue, orange, light yellow, pink, light cyan, mint, pear, olive, pale grey.
    public static let light: [Colour] = [0x77AADD, 0xEE8866, 0xEEDD88, 0xFFAABB, 0x99DDFF, 0x44BB99, 0xBBCC33, 0xAAAA00, 0xDDDDDD]
        .map { Colour(rgb: $0) }
    /// The same hues, darkened until the dark theme's text reads on them.
    public static let dark: [Colour] = [0x27476B, 0x7A3A1F, 0x5C5016, 0x6E2F42, 0x1F5068, 0x1A5446, 0x4A5314, 0x4D4A00, 0x474C53]
        .map { Colour(rgb: $0) }

    /// The text colour of the light theme (the SVG's `--bracket-text`).
    public static let lightText = Colour(rgb: 0x1C2430)
    /// The text colour of the dark theme.
    public static let darkText = Colour(rgb: 0xE6EDF3)

    /// The palette entry for the `n`th class without a look (from 0); it wraps after the last.
    public static func entry(_ n: Int) -> (light: Colour, dark: Colour) {
        (light[n % light.count], dark[n % dark.count])
    }
}
