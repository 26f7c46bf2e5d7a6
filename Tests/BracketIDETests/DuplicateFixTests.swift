@testable import BracketIDE
import BracketModel
import BracketSyntax
import Testing

// The duplicate-ID quick fix proposes an ID that is free in the whole document, in the style
// of the duplicate; rename changes only the node under the cursor.

/// (document with 1️⃣ on the duplicate, the proposal).
private let proposals: [(String, String)] = [
    ("r { alice 1️⃣alice }", "alice_2"),
    ("r { alice alice_2 1️⃣alice }", "alice_3"),
    ("r { alice alice_2 alice_3 x { 1️⃣alice } }", "alice_4"),
    ("r { alice_2 1️⃣alice_2 }", "alice_3"),
    ("r { alice_2 alice_3 1️⃣alice_2 }", "alice_4"),
    ("r { r1-m2 1️⃣r1-m2 }", "r1-m2_2"),
    ("r { v1.2 1️⃣v1.2 }", "v1.2_2"),
    ("0 { 7 1️⃣7 }", "8"),
    ("0 { 7 8 9 11 1️⃣7 }", "10"),
    ("9 { 7 8 1️⃣7 }", "10"),
    ("0 { 07 1️⃣07 }", "07_2"),                 // 07 is a name: IDs compare as written
    ("r { a_0 1️⃣a_0 }", "a_0_2"),              // _0 is not a counter
    ("r { a_01 1️⃣a_01 }", "a_01_2"),
    ("r { _ 1️⃣_ }", "__2"),
    ("r { 99999999999999999999 1️⃣99999999999999999999 }", "99999999999999999999_2"),  // too big for a number
    ("r { alice 1️⃣alice alice_2 { alice_3 } }", "alice_4"),
    // The file numbers its nodes p1 … p8: the duplicate takes the free number after its own.
    ("r { p1 p2 p3 p4 p5 1️⃣p5 p7 p8 }", "p6"),
    ("r { p1 p2 p3 p4 p5 p7 p8 1️⃣p2 }", "p6"),
    ("r { p1 p2 p3 1️⃣p3 }", "p4"),
    ("r { r1-m1 r1-m2 1️⃣r1-m2 }", "r1-m3"),
    ("r { p05 p06 1️⃣p05 }", "p05_2"),          // 05 is not a plain number
]

@Test(arguments: proposals.indices)
func duplicateFixProposesTheNextFreeIDInItsStyle(_ index: Int) throws {
    let (marked, expected) = proposals[index]
    let text = MarkedText(marked)
    let document = Document(text.text)
    let actions = codeActions(for: ByteRange(text[1], text[1]), in: document)
    let action = try #require(actions.first { $0.diagnostic.code == .duplicateID })
    #expect(action.title == "Rename to \(expected)")
    #expect(action.edits.map(\.range) == [ByteRange(text[1], text[1] + action.diagnostic.range.length)])
    // Applied, the fix leaves no duplicate and no new problem.
    let fixed = Document(text: applying(action.edits, to: document.text))
    #expect(fixed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(fixed.diagnostics)")
}

@Test func proposalsOfOneRequestNeverClash() throws {
    let document = Document("r { a a a 5 5 5 }")
    let titles = codeActions(for: ByteRange(0, document.text.count), in: document).map(\.title)
    #expect(titles == ["Rename to a_2", "Rename to a_3", "Rename to 6", "Rename to 7"])
    var text = document.text
    for action in codeActions(for: ByteRange(0, text.count), in: document).reversed() {
        text = applying(action.edits, to: text)
    }
    #expect(Document(text: text).diagnostics.isEmpty)
}

@Test func proposalsStayWithinTheIDLengthLimit() throws {
    let long = "x" + String(repeating: "y", count: Limits.idBytes - 1)
    let document = Document("r { \(long) \(long) }")
    let action = try #require(codeActions(for: ByteRange(0, document.text.count), in: document).first)
    let proposal = String(decoding: action.edits[0].replacement, as: UTF8.self)
    #expect(proposal.utf8.count <= Limits.idBytes)
    #expect(isValidID(proposal) && proposal.hasSuffix("_2") && proposal.hasPrefix("xyy"))
    #expect(Document(text: applying(action.edits, to: document.text)).diagnostics.isEmpty)
}

/// The shape that made the fix quadratic: many duplicates of one ID whose every `_N` is taken.
/// Each taken candidate is stepped over once over all proposals, and each further proposal
/// jumps over the run in one look-up, so the work is linear (it was quadratic).
@Test func manyDuplicatesCostOneLookUpPerTakenCandidate() {
    let count = 5_000
    let taken = (2...count).map { "a_\($0)" }
    let text = "r {\n" + (["a"] + taken + Array(repeating: "a", count: count)).map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    let document = Document(text)
    var free = FreeIDs(document.diagram())
    var seen: Set<String> = []
    for _ in 0..<count { seen.insert(free.proposal(like: "a")) }
    #expect(seen.count == count)
    #expect(seen.isDisjoint(with: taken) && !seen.contains("a"))
    // a_2 … a_5000 once for the first proposal, then one look-up per later proposal.
    #expect(free.candidatesTried <= (count - 1) + count)
    // The whole-file request answers every duplicate, each with a different free name.
    let actions = codeActions(for: ByteRange(0, document.text.count), in: document)
    #expect(actions.count == count)
    #expect(Set(actions.map(\.title)).count == count)
}

@Test func codeActionsStopWhenCancelled() {
    let document = Document("r { " + String(repeating: "a ", count: 2_000) + "}")
    var polls = 0
    let actions = codeActions(for: ByteRange(0, document.text.count), in: document) {
        polls += 1
        return polls > 1
    }
    #expect(polls == 2)
    #expect(actions.count < 1_999)
    #expect(codeActions(for: ByteRange(0, document.text.count), in: document).count == 1_999)
}

// MARK: - rename: one node, the one under the cursor

@Test func renamingTheSecondOfTwoDuplicatesRenamesOnlyIt() throws {
    let marked = MarkedText("r {\n  1️⃣alice \"A\"\n  2️⃣ali3️⃣ce \"B\"\n}")
    let document = Document(marked.text)
    #expect(document.diagnostics.map(\.code) == [.duplicateID])
    let prepared = try #require(prepareRename(at: marked[3], in: document))
    #expect(prepared == ByteRange(marked[2], marked[2] + 5))
    let edits = try rename(at: marked[3], to: "bob", in: document).get()
    // Exactly the range prepareRename announced, and nothing else.
    #expect(edits.map(\.range) == [prepared])
    let renamed = Document(text: applying(edits, to: document.text))
    #expect(renamed.string(in: ByteRange(0, renamed.text.count)) == "r {\n  alice \"A\"\n  bob \"B\"\n}")
    #expect(renamed.diagnostics.isEmpty)
    // The first one renames on its own too, and a name in use is still refused.
    #expect(try rename(at: marked[1], to: "carol", in: document).get().map(\.range) == [ByteRange(marked[1], marked[1] + 5)])
    #expect(try rename(at: marked[2], to: "alice", in: document).get().isEmpty)
    guard case .failure = rename(at: marked[2], to: "r", in: document) else { Issue.record("took r"); return }
}

/// References and highlights still list every writing of the name, so a clash stays visible,
/// and definition still leads to the first; rename alone changes one.
@Test func navigationStillSeesEveryWritingOfADuplicateName() throws {
    let marked = MarkedText("r { 1️⃣a b 2️⃣a }")
    let document = Document(marked.text)
    let both = [ByteRange(marked[1], marked[1] + 1), ByteRange(marked[2], marked[2] + 1)]
    #expect(references(at: marked[2], in: document) == both)
    #expect(definition(at: marked[2], in: document) == both[0])
    #expect(try rename(at: marked[2], to: "c", in: document).get().map(\.range) == [both[1]])
}

@Test func renameRefusesAnIDOverTheLengthLimit() {
    let document = Document("r { a }")
    guard case .failure(let error) = rename(at: 4, to: String(repeating: "z", count: Limits.idBytes + 1), in: document) else {
        Issue.record("over-long ID accepted"); return
    }
    #expect(error.message.contains("limit"))
    #expect((try? rename(at: 4, to: String(repeating: "z", count: Limits.idBytes), in: document).get())?.count == 1)
}

// MARK: - completion in free text

@Test func completionOffersNothingInCommentsLabelsAndTitles() {
    let quiet = [
        "r { a # no1️⃣te }", "r { a # note1️⃣\n}", "r \"Fin1️⃣al\" { a }", "r \"Final 1️⃣\n",
        "@title \"Spring 1️⃣Open\"\nr", "@title \"Spring1️⃣\nr", "r \"a \\\"1️⃣\" { a }", "r \"a\\\"1️⃣\n",
        "@title 1️⃣\nr", "@card-width 11️⃣\nr",
    ]
    for marked in quiet {
        let text = MarkedText(marked)
        #expect(completions(at: text[1], in: Document(text.text)).isEmpty, "\(marked.debugDescription)")
    }
    let open = ["r \"R\"1️⃣ { a }", "r \"a\\\\\"1️⃣ { b }", "r { a 1️⃣}", "# c\n1️⃣"]
    for marked in open {
        let text = MarkedText(marked)
        #expect(completions(at: text[1], in: Document(text.text)).map(\.kind) == [.newID], "\(marked.debugDescription)")
    }
    // Setting values that can be listed still are.
    let root = MarkedText("@root 1️⃣\nr")
    #expect(completions(at: root[1], in: Document(root.text)).count == RootSide.allCases.count)
}
