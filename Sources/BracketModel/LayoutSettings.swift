/// Which side of the picture the root sits on; the tree grows away from it.
public enum RootSide: String, Sendable, Hashable, CaseIterable {
    case right, left, top, bottom
    /// A two-sided draw: the root in the middle column, the first half of its children (rounded
    /// up) growing to the left and the rest to the right, mirrored.
    case center

    /// True when depth levels are columns (root on the right, left or in the centre), false
    /// when they are rows.
    public var levelsAreColumns: Bool { self != .top && self != .bottom }
}

/// The headers drawn over the levels (`@rounds`).
public enum RoundHeaders: Sendable, Hashable {
    /// No headers (the default).
    case none
    /// Named from the root's level: Winner, Final, Semi-finals, Quarter-finals, then
    /// "Round of N" with N = 2^(levels from the root).
    case auto
    /// One name per level, from the deepest level towards the root's; levels past the list have
    /// an empty header. An empty name leaves its level without a header.
    case names([String])

    /// The header of the level `level` steps from the root, in a tree whose deepest level is
    /// `deepest`; empty for none.
    public func name(level: Int, deepest: Int) -> String {
        switch self {
        case .none: return ""
        case .auto: return Self.autoName(level: level)
        case .names(let names):
            let position = deepest - level
            return position >= 0 && position < names.count ? names[position] : ""
        }
    }

    /// The name `@rounds auto` gives the level `level` steps from the root. The root's card is
    /// the winner of the final, which the level below it plays; a level N steps from the root
    /// holds 2^N competitors.
    public static func autoName(level: Int) -> String {
        switch level {
        case ..<1: return "Winner"
        case 1: return "Final"
        case 2: return "Semi-finals"
        case 3: return "Quarter-finals"
        case ..<63: return "Round of \(1 << level)"
        default: return "Round \(level)"
        }
    }

    /// True when no level has a header.
    public var isEmpty: Bool {
        switch self {
        case .none: true
        case .auto: false
        case .names(let names): names.allSatisfy(\.isEmpty)
        }
    }
}

/// Where leaves go along the depth axis.
public enum LeafAlignment: String, Sendable, Hashable, CaseIterable {
    /// Every node sits in the level of its own depth: a shallow leaf stays in its depth's column
    /// (the tutorial's rule and the default).
    case depth
    /// Every leaf sits in the deepest level, so all leaves line up in one column (or row).
    case leaves
}

/// Where a card's label lines sit across the card (`@label-align`).
public enum LabelAlignment: String, Sendable, Hashable, CaseIterable {
    /// Each line centred in the room beside the score slot (the default).
    case center
    /// Each line starting at the card's left edge (after the padding, and after the score when
    /// it sits at that edge), so the names of a column start at one x, as brackets print them.
    case start
}

/// Whether the root's card, the champion's, is drawn (`@champion`).
public enum ChampionDisplay: String, Sendable, Hashable, CaseIterable {
    /// The root's card in a column of its own after the final (the default).
    case shown
    /// No champion card and no column for it: the final's two competitors are the last column,
    /// as printed brackets end. The root is still the final's match node.
    case hidden
}

/// How a card's size follows its label.
public enum CardFit: String, Sendable, Hashable, CaseIterable {
    /// A card is at least the configured card size and grows to fit its wrapped label, up to
    /// `maxCardWidth` and `maxLines` (the default).
    case auto
    /// Every card has exactly the configured size; a label that does not fit ends in "…".
    case fixed
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
    /// The widest a card may grow to fit its label (with `fit` auto); never less than `cardWidth`.
    public var maxCardWidth: Double
    /// The most lines a label may take; a longer label's last line ends in "…".
    public var maxLines: Int
    public var fit: CardFit
    /// False hides the drawn title; the SVG's accessible `<title>` keeps it.
    public var titleVisible: Bool
    /// Headers over the levels (`@rounds`).
    public var rounds: RoundHeaders
    /// Where label lines sit across their card (`@label-align`).
    public var labelAlign: LabelAlignment = .center
    /// Whether the root's card is drawn (`@champion`).
    public var champion: ChampionDisplay = .shown

    /// The header of level `level` (`@rounds`), none for the root's level when its card is not
    /// drawn (`@champion hidden`).
    public func roundName(level: Int, deepest: Int) -> String {
        champion == .hidden && level == 0 ? "" : rounds.name(level: level, deepest: deepest)
    }

    /// How each class defined with `@class` looks, in the file's order (`ResolvedClasses` adds
    /// the classes only used on nodes and their palette colours).
    public var classLooks: [ClassLook] = []

    public init(
        title: String? = nil, cardWidth: Double = 132, cardHeight: Double = 44,
        levelGap: Double = 64, leafGap: Double = 28, margin: Double = 24,
        root: RootSide = .right, align: LeafAlignment = .depth,
        maxCardWidth: Double = 240, maxLines: Int = 3, fit: CardFit = .auto, titleVisible: Bool = true,
        rounds: RoundHeaders = .none
    ) {
        self.title = title
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.levelGap = levelGap
        self.leafGap = leafGap
        self.margin = margin
        self.root = root
        self.align = align
        self.maxCardWidth = maxCardWidth
        self.maxLines = maxLines
        self.fit = fit
        self.titleVisible = titleVisible
        self.rounds = rounds
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
    public var maxCardWidth: Double?
    public var maxLines: Int?
    public var fit: CardFit?
    public var titleVisible: Bool?
    public var rounds: RoundHeaders?
    public var labelAlign: LabelAlignment?
    public var champion: ChampionDisplay?
    /// The `@class` looks, in the file's order (each name once).
    public var classLooks: [ClassLook] = []

    public init(
        title: String? = nil, cardWidth: Double? = nil, cardHeight: Double? = nil,
        levelGap: Double? = nil, leafGap: Double? = nil, margin: Double? = nil,
        root: RootSide? = nil, align: LeafAlignment? = nil,
        maxCardWidth: Double? = nil, maxLines: Int? = nil, fit: CardFit? = nil, titleVisible: Bool? = nil,
        rounds: RoundHeaders? = nil
    ) {
        self.title = title
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.levelGap = levelGap
        self.leafGap = leafGap
        self.margin = margin
        self.root = root
        self.align = align
        self.maxCardWidth = maxCardWidth
        self.maxLines = maxLines
        self.fit = fit
        self.titleVisible = titleVisible
        self.rounds = rounds
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
        if let maxCardWidth { result.maxCardWidth = maxCardWidth }
        if let maxLines { result.maxLines = maxLines }
        if let fit { result.fit = fit }
        if let titleVisible { result.titleVisible = titleVisible }
        if let rounds { result.rounds = rounds }
        if let labelAlign { result.labelAlign = labelAlign }
        if let champion { result.champion = champion }
        if !classLooks.isEmpty { result.classLooks = classLooks }
        return result
    }
}
