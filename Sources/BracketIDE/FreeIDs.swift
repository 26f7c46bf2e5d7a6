import BracketModel

/// Proposes IDs that no node of a document uses, each in the style of an ID already there:
/// after a number, the next free number (`7` → `8`, or the first after `7` nobody uses);
/// after a name ending in a number that the file numbers (other IDs share its stem with other
/// numbers: `p1` … `p8`), the next free number of that stem (`p5` → `p6`, or the first after
/// `p5` nobody uses); after anything else, the ID with the next free `_N` suffix (`alice` →
/// `alice_2`, then `alice_3`; `alice_2` → `alice_3`; a lone `r1-m2` → `r1-m2_2`). A proposal is
/// reserved once made, so the names proposed in one go never clash with each other either.
///
/// Built once per request: all proposals together cost one pass over the document's IDs, one
/// look-up per taken candidate and about one per proposal, because a taken candidate is stepped
/// over once and then jumped (it remembers where the next free one was found).
public struct FreeIDs {
    private var used: Set<String>
    /// Per family (a stem, or "" for numbers): for a taken index, the first free index at or
    /// after it, as far as known.
    private var freeFrom: [String: [Int: Int]] = [:]
    /// Candidates looked up so far, for the tests that hold the cost to the claim above.
    private(set) var candidatesTried = 0

    /// Per stem of the IDs that end in a number: that number, or nil once the stem has been
    /// seen with two different numbers (the file numbers it).
    private var numberedStems: [String: Int?] = [:]

    public init(_ diagram: Diagram) {
        used = Set(diagram.nodes.ids)
        for id in used {
            guard let (stem, number) = Self.stemAndNumber(of: id) else { continue }
            if let seen = numberedStems[stem] {
                if seen != number { numberedStems[stem] = .some(nil) }
            } else {
                numberedStems[stem] = .some(number)
            }
        }
    }

    /// A free ID in the style of `id`, reserved from now on.
    public mutating func proposal(like id: String) -> String {
        let (family, start) = numberedFamily(of: id) ?? Self.family(of: id)
        var visited: [Int] = []
        var index = start
        while used.contains(Self.spell(family, index)) {
            candidatesTried += 1
            visited.append(index)
            index = freeFrom[family]?[index] ?? index + 1
        }
        for taken in visited { freeFrom[family, default: [:]][taken] = index + 1 }
        // The proposal is taken now: the next one of this family starts after it.
        freeFrom[family, default: [:]][index] = index + 1
        let name = Self.spell(family, index)
        used.insert(name)
        return name
    }

    /// Numbers are their own family (starting after the number); any other ID is a stem and
    /// a counter (`alice_2` is `alice`, 2; `alice` is `alice`, 1), made short enough that every
    /// proposal stays within the identifier length limit.
    private static func family(of id: String) -> (family: String, start: Int) {
        let bytes = Array(id.utf8)
        if let number = plainNumber(bytes[...]), number < Int.max / 2 { return ("", number + 1) }
        var stem = id
        var counter = 1
        if let underscore = bytes.lastIndex(of: UInt8(ascii: "_")), underscore > 0,
           let suffix = plainNumber(bytes[(underscore + 1)...]), suffix >= 2, suffix < Int.max / 2 {
            stem = String(decoding: bytes[..<underscore], as: UTF8.self)
            counter = suffix
        }
        // Room for "_" and up to 19 digits; IDs are ASCII, so cutting bytes cuts characters.
        let room = Limits.idBytes - 20
        if stem.utf8.count > room { stem = String(decoding: Array(stem.utf8)[..<room], as: UTF8.self) }
        return ("_" + stem, counter + 1)
    }

    /// The family of an ID whose stem the file numbers (`p5` among `p1` … `p8`): "#" and the
    /// stem, starting after the ID's number; nil for any other ID.
    private func numberedFamily(of id: String) -> (family: String, start: Int)? {
        guard let (stem, number) = Self.stemAndNumber(of: id), case .some(nil) = numberedStems[stem] else { return nil }
        return ("#" + stem, number + 1)
    }

    /// A name and the plain number that ends it (`p12` is `p`, 12), when the stem leaves room
    /// for any number within the identifier length limit; nil for plain numbers and other IDs.
    private static func stemAndNumber(of id: String) -> (stem: String, number: Int)? {
        let bytes = Array(id.utf8)
        var split = bytes.count
        while split > 0, bytes[split - 1] >= UInt8(ascii: "0"), bytes[split - 1] <= UInt8(ascii: "9") { split -= 1 }
        guard split > 0, split < bytes.count, split <= Limits.idBytes - 20,
              let number = plainNumber(bytes[split...]), number < Int.max / 2 else { return nil }
        return (String(decoding: bytes[..<split], as: UTF8.self), number)
    }

    private static func spell(_ family: String, _ index: Int) -> String {
        if family.isEmpty { return String(index) }
        if family.hasPrefix("#") { return family.dropFirst() + String(index) }
        return family.dropFirst() + "_" + String(index)
    }

    /// The value of a decimal number written without leading zeros (`07` is a name: IDs are
    /// compared as written), or nil.
    private static func plainNumber(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = bytes.first, bytes.count <= 18, first != UInt8(ascii: "0") || bytes.count == 1,
              bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
