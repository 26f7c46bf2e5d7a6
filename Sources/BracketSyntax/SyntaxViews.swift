/// Typed views over the green tree, in the spirit of rust-analyzer's `ast` layer: each is a green
/// node and where it starts, and answers questions of the grammar ("which token is the ID?")
/// by reading the node's children. They allocate nothing and hold no copy of the tree; the
/// shape of each item is described here once, so the scans, the diagram and incremental
/// reparsing never count child positions themselves.
///
/// The grammar (Parser.swift) gives the shapes:
///
///     node       = WORD [STRING] [attributes] [block]  |  block
///     attributes = "[" (attribute | "," | unexpected)* ["]"]
///     attribute  = WORD ["=" [WORD | STRING]]
///     block      = "{" item* ["}"]
///     setting    = SETTING_KEY [WORD | STRING]

/// A child of a green node together with the bytes it covers.
public struct PlacedChild {
    public let index: Int
    public let element: GreenElement
    public let range: ByteRange
}

/// A node's children with their ranges, in order: the one place where child lengths are added up
/// to find where a child starts.
public struct PlacedChildren: Sequence, IteratorProtocol {
    let node: GreenNode
    var index = 0
    var cursor: Int

    public mutating func next() -> PlacedChild? {
        guard index < node.count else { return nil }
        let element = node[index]
        let child = PlacedChild(index: index, element: element, range: ByteRange(start: cursor, length: element.length))
        index += 1
        cursor += element.length
        return child
    }
}

extension GreenNode {
    /// The children with their ranges, for a node that starts at `offset`.
    public func children(from offset: Int) -> PlacedChildren {
        PlacedChildren(node: self, cursor: offset)
    }

    /// Where child `index` starts, for a node that starts at `offset` (the node's end for
    /// `index == count`). Reads child lengths from the arena's words, making no value per child.
    public func childStart(_ index: Int, from offset: Int) -> Int {
        let words = arena.words + header + 2
        var cursor = offset
        for child in 0..<index { cursor += arena.childLength(words[child]) }
        return cursor
    }

    /// Where every child starts, then the node's end (`count + 1` offsets), for a node that
    /// starts at `offset`: one pass over the arena's words, making no value per child (a line
    /// reparse reads these for a block of a thousand children on every keystroke in it).
    public func childStarts(from offset: Int) -> [Int] {
        let words = arena.words + header + 2
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        var cursor = offset
        for child in 0..<count {
            starts.append(cursor)
            cursor += arena.childLength(words[child])
        }
        starts.append(cursor)
        return starts
    }

    /// The child holding `offset` and where it starts, for a node that starts at `start`: the
    /// first child ending after `offset`, or the last child when `offset` is at or past the end.
    /// Nil for a node with no children.
    public func child(containing offset: Int, from start: Int) -> (index: Int, start: Int)? {
        arena.child(containing: offset, ofNodeAt: header, from: start)
    }
}

/// A `.node`: `ID [LABEL] [ATTRIBUTES] [BLOCK]`, or (an error) a block with no ID in front. Its
/// parts are found in one pass over the node's child words when the view is made (every
/// consumer reads more than one of them, and the scans make a view for every node).
public struct NodeSyntax {
    public let green: GreenNode
    public let offset: Int
    /// The ID token; nil for a block written without one. The ID is always the node's first
    /// child, since the node starts at its first real token.
    public let id: ByteRange?
    /// The label token, quotes included (it may lack its closing quote).
    public let label: ByteRange?
    /// Where the node's block is among its children, and where it starts (-1 when it has none):
    /// the view holds no second reference, so making one retains only the node.
    private let blockIndex: Int
    private let blockStart: Int

    /// Nil unless `green` is a `.node`.
    public init?(_ green: GreenNode, at offset: Int) {
        guard green.kind == .node else { return nil }
        self.init(node: green, at: offset)
    }

    /// The view of `green`, which must be a `.node`: for the tree walks, which already switched
    /// on the kind (no optional to unwrap for every node).
    public init(node green: GreenNode, at offset: Int) {
        precondition(green.kind == .node)
        self.green = green
        self.offset = offset
        (id, label, blockIndex, blockStart) = Self.parts(ofNodeAt: green.header, in: green.arena, at: offset)
    }

    /// The ID, the label, and the block's index and start (-1 when none) of the `.node` at
    /// `header` of `arena`, starting at `offset`: the one reading of a node's children, shared
    /// by the view and by walks over borrowed nodes (`BorrowedNode.nodeParts`), which make no
    /// node value.
    @inline(__always)
    static func parts(ofNodeAt header: Int, in arena: GreenArena, at offset: Int)
        -> (id: ByteRange?, label: ByteRange?, blockIndex: Int, blockStart: Int)
    {
        var id: ByteRange?
        var label: ByteRange?
        var blockIndex = -1
        var blockStart = -1
        let words = arena.words + header + 2
        var cursor = offset
        for index in 0..<GreenBits(raw: arena.words[header + 1]).count {
            let word = words[index]
            let length = arena.childLength(word)
            if word & GreenWord.tagMask == GreenWord.tokenTag {
                let kind = GreenToken(raw: UInt32(truncatingIfNeeded: word >> 2)).kind
                if index == 0, kind == .word {
                    id = ByteRange(start: cursor, length: length)
                } else if kind == .string, label == nil {
                    label = ByteRange(start: cursor, length: length)
                }
            } else if blockIndex < 0, let (inner, innerHeader) = arena.child(word),
                inner._withUnsafeGuaranteedRef({ GreenBits(raw: $0.words[innerHeader + 1]).kind }) == .block
            {
                // A node's inner nodes are its attribute list and its block.
                blockIndex = index
                blockStart = cursor
            }
            cursor += length
        }
        return (id, label, blockIndex, blockStart)
    }

    /// The node's attribute list, if it has one.
    public var attributes: AttributesSyntax? {
        for child in green.children(from: offset) {
            if case .node(let inner) = child.element, inner.kind == .attributes {
                return AttributesSyntax(inner, at: child.range.start)
            }
        }
        return nil
    }

    /// The node's block, if it has one.
    public var block: BlockSyntax? {
        guard blockIndex >= 0, case .node(let inner) = green[blockIndex] else { return nil }
        return BlockSyntax(inner, at: blockStart)
    }

    public var range: ByteRange { ByteRange(start: offset, length: green.length) }

    /// Whether a `.node` starts with an ID word (read without knowing where the node starts).
    public static func hasID(_ green: GreenNode) -> Bool {
        green.count > 0 && green[0].tokenKind == .word
    }

    /// What a diagnostic about the node as a whole points at: its ID, or the `{` of a block
    /// written without one.
    public var nameRange: ByteRange {
        id ?? ByteRange(start: offset, length: min(1, green.length))
    }
}

/// A `.block`: `{`, the items, and a `}` unless it was never closed.
public struct BlockSyntax {
    public let green: GreenNode
    public let offset: Int

    public init?(_ green: GreenNode, at offset: Int) {
        guard green.kind == .block else { return nil }
        self.green = green
        self.offset = offset
    }

    public var range: ByteRange { ByteRange(start: offset, length: green.length) }
    public var openBrace: ByteRange { ByteRange(start: offset, length: 1) }
    public var isClosed: Bool { Self.isClosed(green) }

    /// The closing `}`, when there is one.
    public var closeBrace: ByteRange? {
        isClosed ? ByteRange(start: offset + green.length - 1, length: 1) : nil
    }

    /// Whether a `.block` ends with its `}`.
    public static func isClosed(_ green: GreenNode) -> Bool {
        green.count >= 2 && green[green.count - 1].tokenKind == .rightBrace
    }

    /// The indices of the children between the braces.
    public var contentIndices: Range<Int> { 1..<(isClosed ? green.count - 1 : green.count) }
}

/// A `.setting`: `@key` and the values after it on the same line, if any.
public struct SettingSyntax {
    public let green: GreenNode
    public let offset: Int
    /// The `@key` token, `@` included.
    public let key: ByteRange
    /// The first value token (a word or a string), if the line has one.
    public let value: (kind: TokenKind, range: ByteRange)?
    /// Every value token in order, the first one included (only `@rounds` takes more than one).
    public let values: [(kind: TokenKind, range: ByteRange)]
    /// The attribute list after the values (`@class NAME [fill=…]`), if the line has one.
    public let attributes: AttributesSyntax?

    public init?(_ green: GreenNode, at offset: Int) {
        guard green.kind == .setting else { return nil }
        self.green = green
        self.offset = offset
        var key = ByteRange(offset, offset)
        var values: [(kind: TokenKind, range: ByteRange)] = []
        var attributes: AttributesSyntax?
        for child in green.children(from: offset) {
            guard case .token(let token) = child.element else {
                if case .node(let node) = child.element { attributes = AttributesSyntax(node, at: child.range.start) }
                continue
            }
            if token.kind == .settingKey {
                key = child.range
            } else if !token.kind.isTrivia {
                values.append((token.kind, child.range))
            }
        }
        self.key = key
        self.value = values.first
        self.values = values
        self.attributes = attributes
    }

    public var range: ByteRange { ByteRange(start: offset, length: green.length) }

    /// The setting's name: the key without its `@`.
    public var name: ByteRange { ByteRange(min(key.start + 1, key.end), key.end) }
}

/// An `.attributes` list: `[`, the attributes (commas optional), and a `]` unless it was never
/// closed.
public struct AttributesSyntax {
    public let green: GreenNode
    public let offset: Int

    public init?(_ green: GreenNode, at offset: Int) {
        guard green.kind == .attributes else { return nil }
        self.green = green
        self.offset = offset
    }

    public var range: ByteRange { ByteRange(start: offset, length: green.length) }
    public var openBracket: ByteRange { ByteRange(start: offset, length: 1) }

    /// Whether the list ends with its `]`.
    public var isClosed: Bool {
        green.count >= 2 && green[green.count - 1].tokenKind == .rightBracket
    }

    /// The closing `]`, when there is one.
    public var closeBracket: ByteRange? {
        isClosed ? ByteRange(start: offset + green.length - 1, length: 1) : nil
    }

    /// The attributes in order (commas, trivia and stray tokens skipped).
    public var attributes: [AttributeSyntax] {
        var result: [AttributeSyntax] = []
        for child in green.children(from: offset) {
            if case .node(let inner) = child.element, let attribute = AttributeSyntax(inner, at: child.range.start) {
                result.append(attribute)
            }
        }
        return result
    }

    /// The tokens inside the list that start no attribute (a string or `=` where a key belongs,
    /// stray characters), each wrapped as `.unexpected`.
    public var strays: [(kind: TokenKind, range: ByteRange)] {
        var result: [(kind: TokenKind, range: ByteRange)] = []
        for child in green.children(from: offset) {
            guard case .node(let inner) = child.element, inner.kind == .unexpected else { continue }
            for token in inner.children(from: child.range.start) where !(token.element.tokenKind?.isTrivia ?? true) {
                if let kind = token.element.tokenKind { result.append((kind, token.range)) }
            }
        }
        return result
    }
}

/// An `.attribute`: its key, and `=` with a value when written.
public struct AttributeSyntax {
    public let green: GreenNode
    public let offset: Int
    /// The key word.
    public let key: ByteRange
    /// The `=`, if written.
    public let equals: ByteRange?
    /// The value token (a word or a string, quotes included), if written.
    public let value: (kind: TokenKind, range: ByteRange)?

    public init?(_ green: GreenNode, at offset: Int) {
        guard green.kind == .attribute else { return nil }
        self.green = green
        self.offset = offset
        var key = ByteRange(offset, offset)
        var equals: ByteRange?
        var value: (kind: TokenKind, range: ByteRange)?
        for child in green.children(from: offset) {
            guard case .token(let token) = child.element, !token.kind.isTrivia else { continue }
            switch token.kind {
            case .equals: equals = child.range
            case .word where equals == nil: key = child.range
            default: value = (token.kind, child.range)
            }
        }
        self.key = key
        self.equals = equals
        self.value = value
    }

    public var range: ByteRange { ByteRange(start: offset, length: green.length) }
}
