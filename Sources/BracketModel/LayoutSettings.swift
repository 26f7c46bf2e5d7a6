/// Which side of the picture the root sits on; the tree grows away from it.
public enum RootSide: String, Sendable, Hashable, CaseIterable {
    case right, left, top, bottom

    /// True when depth levels are columns (root on the right or left), false when they are rows.
    public var levelsAreColumns: Bool { self == .right || self == .left }
}

/// Where leaves go along the depth axis.
public enum LeafAlignment: String, Sendable, Hashable, CaseIterable {
    /// Every node sits in the level of its own depth: a shallow leaf stays in its depth's column
    /// (the tutorial's rule and the default).
    case depth
    /// Every leaf sits in the deepest level, so all leaves line up in one column (or row).
    case leaves
}

/// Everything that shapes a diagram besides its tree. All lengths are in points.
///
/// Defaults are the tutorial's design values. The file's own `@` settings override the defaults
/// an editor or the command line supplies (see `SettingOverrides`).
public struct LayoutSettings: Sendable, Hashable {
    public var title: String?
    public var cardWidth: Double
    public var cardHeight: Double
    /// Gap between depth levels: horizontal when the root is on the right or left.
    public var levelGap: Double
    /// Gap between neighbouring leaf slots: vertical when the root is on the right or left.
    public var leafGap: Double
    /// Outer margin, applied once around the assembled diagram (cards and connectors together).
    public var margin: Double
    public var root: RootSide
    public var align: LeafAlignment

    public init(
        title: String? = nil, cardWidth: Double = 132, cardHeight: Double = 44,
        levelGap: Double = 64, leafGap: Double = 28, margin: Double = 24,
        root: RootSide = .right, align: LeafAlignment = .depth
    ) {
        self.title = title
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.levelGap = levelGap
        self.leafGap = leafGap
        self.margin = margin
        self.root = root
        self.align = align
    }

    public static let tutorial = LayoutSettings()
}

/// Settings given partially, by a file or an editor; `nil` means "not said here".
public struct SettingOverrides: Sendable, Hashable {
    public var title: String?
    public var cardWidth: Double?
    public var cardHeight: Double?
    public var levelGap: Double?
    public var leafGap: Double?
    public var margin: Double?
    public var root: RootSide?
    public var align: LeafAlignment?

    public init(
        title: String? = nil, cardWidth: Double? = nil, cardHeight: Double? = nil,
        levelGap: Double? = nil, leafGap: Double? = nil, margin: Double? = nil,
        root: RootSide? = nil, align: LeafAlignment? = nil
    ) {
        self.title = title
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.levelGap = levelGap
        self.leafGap = leafGap
        self.margin = margin
        self.root = root
        self.align = align
    }

    /// The base settings with every value said here put over them.
    public func applied(to base: LayoutSettings) -> LayoutSettings {
        var result = base
        if let title { result.title = title }
        if let cardWidth { result.cardWidth = cardWidth }
        if let cardHeight { result.cardHeight = cardHeight }
        if let levelGap { result.levelGap = levelGap }
        if let leafGap { result.leafGap = leafGap }
        if let margin { result.margin = margin }
        if let root { result.root = root }
        if let align { result.align = align }
        return result
    }
}
