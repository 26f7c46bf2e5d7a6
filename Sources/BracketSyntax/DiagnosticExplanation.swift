/// What a diagnostic code means and how to fix it, with the smallest document that has the
/// problem and the same document fixed. Declared beside `DiagnosticCode`, one entry per code
/// (the switch is exhaustive, so a new code does not compile without its explanation), and
/// read by `bracket mcp`'s `explain` tool. `DiagnosticExplanationTests` checks that each
/// `before` reports its code and each `after` does not.
public struct DiagnosticExplanation: Sendable, Equatable {
    /// What the problem is, in a sentence or two.
    public let meaning: String
    /// How to fix it.
    public let fix: String
    /// A small document with the problem.
    public let before: String
    /// The same document, fixed.
    public let after: String
}

extension DiagnosticCode {
    public var explanation: DiagnosticExplanation {
        switch self {
        case .unterminatedString:
            DiagnosticExplanation(
                meaning: "A quoted label does not end on its line: labels cannot span lines.",
                fix: "Close the quote on the same line; write \\n inside the label for a line break.",
                before: "1 \"open\n", after: "1 \"open\"\n")
        case .invalidEscape:
            DiagnosticExplanation(
                meaning: "A backslash inside a label is followed by a character that makes no escape.",
                fix: "Use one of the escapes the language has (\\\", \\\\, \\n, \\t, \\u{…}), or write \\\\ for a backslash.",
                before: "1 \"bad \\q\"\n", after: "1 \"bad \\\\q\"\n")
        case .strayCharacter:
            DiagnosticExplanation(
                meaning: "A character that starts no token (an identifier, a label, a brace, a setting or an attribute list).",
                fix: "Delete it, or put the text inside a quoted label. Identifiers may hold - and . only after their first character.",
                before: "1 { 2 ; 3 }\n", after: "1 { 2 3 }\n")
        case .unbalancedOpenBrace:
            DiagnosticExplanation(
                meaning: "A { has no matching }.",
                fix: "Add the } that closes the block.",
                before: "1 { 2 3\n", after: "1 { 2 3 }\n")
        case .unbalancedCloseBrace:
            DiagnosticExplanation(
                meaning: "A } has no matching {, or closes a block earlier than the indentation says.",
                fix: "Delete the extra }, or move it to where the block really ends.",
                before: "1 { 2 3 } }\n", after: "1 { 2 3 }\n")
        case .expectedNode:
            DiagnosticExplanation(
                meaning: "A { block has no identifier before it: every block holds the children of one node.",
                fix: "Write the node's identifier before the {, or remove the extra braces.",
                before: "1 { { 2 } }\n", after: "1 { 2 }\n")
        case .labelWithoutNode:
            DiagnosticExplanation(
                meaning: "A quoted label does not follow an identifier, so it belongs to no node.",
                fix: "Put the identifier of its node before the label.",
                before: "1 { \"label\" 2 }\n", after: "1 { a \"label\" 2 }\n")
        case .settingInBlock:
            DiagnosticExplanation(
                meaning: "An @ setting is written inside a node's braces; settings apply to the whole file.",
                fix: "Move the setting to the top level, before the root.",
                before: "1 {\n  @root left\n  2\n}\n", after: "@root left\n1 {\n  2\n}\n")
        case .missingSettingValue:
            DiagnosticExplanation(
                meaning: "An @ setting has no value on its line.",
                fix: "Give the value after the name on the same line, or remove the setting.",
                before: "@card-width\n1\n", after: "@card-width 120\n1\n")
        case .unclosedBracket:
            DiagnosticExplanation(
                meaning: "A [ attribute list has no ]; the list ends with its line.",
                fix: "Close the list with ] on the same line.",
                before: "final {\n  a [score=6\n  b [score=3]\n}\n", after: "final {\n  a [score=6]\n  b [score=3]\n}\n")
        case .attributesWithoutNode:
            DiagnosticExplanation(
                meaning: "A [ … ] attribute list does not follow a node's identifier or label.",
                fix: "Write the list right after the node it belongs to.",
                before: "final {\n  a { b c }\n  [winner]\n}\n", after: "final {\n  a [winner] { b c }\n}\n")
        case .expectedAttribute:
            DiagnosticExplanation(
                meaning: "A quoted text or = stands where an attribute's name belongs.",
                fix: "Write name=value pairs and flags, separated by commas.",
                before: "final {\n  a [score=1, \"two\"]\n  b\n}\n", after: "final {\n  a [score=1]\n  b\n}\n")
        case .duplicateID:
            DiagnosticExplanation(
                meaning: "Two nodes have the same identifier; identifiers name one node each.",
                fix: "Rename the second node (the editor's quick fix proposes a free identifier); keep its label if it shows the same name.",
                before: "1 { 2 2 }\n", after: "1 { 2 3 }\n")
        case .missingRoot:
            DiagnosticExplanation(
                meaning: "The file has no node, so there is nothing to draw.",
                fix: "Write the root node (the final), with its children in braces.",
                before: "# only a comment\n", after: "# a final between two players\nfinal { a b }\n")
        case .multipleRoots:
            DiagnosticExplanation(
                meaning: "More than one node is written at the top level; a diagram has one root.",
                fix: "Put the nodes under one root in braces, or close the block that ended too early.",
                before: "1\n2\n", after: "1 { 2 }\n")
        case .unknownSetting:
            DiagnosticExplanation(
                meaning: "An @ setting name the language does not know.",
                fix: "Use one of the settings in docs/language.md (the editor suggests the nearest name).",
                before: "@colour blue\n1\n", after: "@root left\n1\n")
        case .invalidSettingValue:
            DiagnosticExplanation(
                meaning: "A setting's value is outside its type or range.",
                fix: "Give one of the values the message lists.",
                before: "@root sideways\n1\n", after: "@root left\n1\n")
        case .duplicateSetting:
            DiagnosticExplanation(
                meaning: "The same setting is given twice; the repeat is ignored.",
                fix: "Keep one of them.",
                before: "@margin 4\n@margin 8\n1\n", after: "@margin 8\n1\n")
        case .emptyLabel:
            DiagnosticExplanation(
                meaning: "A label is \"\", so its card would show nothing.",
                fix: "Write the label's text, or remove the label to show the identifier.",
                before: "1 \"\"\n", after: "1\n")
        case .longLabel:
            DiagnosticExplanation(
                meaning: "A label needs more lines than @max-lines allows on its card, so it is cut short with \"…\".",
                fix: "Shorten the label, or allow more lines or wider cards (@max-lines, @max-card-width).",
                before: "@max-lines 1\n@max-card-width 60\n1 \"A name far too long for its card\"\n",
                after: "@max-lines 4\n@max-card-width 400\n1 \"A name far too long for its card\"\n")
        case .unknownAttribute:
            DiagnosticExplanation(
                meaning: "An attribute name no attribute has.",
                fix: "Use one of the attributes in docs/language.md (the message suggests a near miss).",
                before: "final {\n  a [scroe=6]\n  b\n}\n", after: "final {\n  a [score=6]\n  b\n}\n")
        case .duplicateAttribute:
            DiagnosticExplanation(
                meaning: "The same attribute is given twice on a node; the repeat is ignored.",
                fix: "Keep one of them.",
                before: "final {\n  a [score=6, score=4]\n  b\n}\n", after: "final {\n  a [score=6]\n  b\n}\n")
        case .missingAttributeValue:
            DiagnosticExplanation(
                meaning: "An attribute that takes a value (score, edge, …) has no =value.",
                fix: "Write the value after =, or remove the attribute.",
                before: "final {\n  a [score]\n  b\n}\n", after: "final {\n  a [score=6]\n  b\n}\n")
        case .unexpectedAttributeValue:
            DiagnosticExplanation(
                meaning: "A flag is given a value (winner=yes), or a value of the wrong kind for its attribute.",
                fix: "Write a flag on its own (winner); give other attributes a value of their kind.",
                before: "final {\n  a [winner=yes]\n  b\n}\n", after: "final {\n  a [winner]\n  b\n}\n")
        case .multipleWinners:
            DiagnosticExplanation(
                meaning: "Two siblings are flagged winner; a match has one winner (the first flag counts).",
                fix: "Remove the winner flag from the side that lost.",
                before: "final {\n  a [winner]\n  b [winner]\n}\n", after: "final {\n  a [winner]\n  b\n}\n")
        case .winnerWithLowerScore:
            DiagnosticExplanation(
                meaning: "The side flagged winner has a lower numeric score than a sibling.",
                fix: "Move the winner flag to the side with the higher score, or correct the scores.",
                before: "final {\n  a [score=3, winner]\n  b [score=6]\n}\n",
                after: "final {\n  a [score=3]\n  b [score=6, winner]\n}\n")
        case .labelContradictsWinner:
            DiagnosticExplanation(
                meaning: "A match's own label names someone other than the winner of the match.",
                fix: "Remove the label (the match then shows its winner), or move the winner flag.",
                before: "final \"Bea\" {\n  a \"Ann\" [winner]\n  b \"Bea\"\n}\n",
                after: "final {\n  a \"Ann\" [winner]\n  b \"Bea\"\n}\n")
        case .resultOnRoot:
            DiagnosticExplanation(
                meaning: "score, winner or status is given on the root, which plays no match.",
                fix: "Put results on the competitors of the final, not on the final itself.",
                before: "final [winner] {\n  a [score=6]\n  b [score=3]\n}\n",
                after: "final {\n  a [score=6, winner]\n  b [score=3]\n}\n")
        case .extraRounds:
            DiagnosticExplanation(
                meaning: "@rounds names more levels than the tree has; the extra names (the last ones) are not drawn.",
                fix: "Give one name per level, from the deepest level to the root's.",
                before: "@rounds \"Semi-finals\" \"Final\" \"Trophy\"\nfinal { a b }\n",
                after: "@rounds \"Semi-finals\" \"Final\"\nfinal { a b }\n")
        case .winnerWithStatus:
            DiagnosticExplanation(
                meaning: "A competitor whose status says it did not finish (retired, disqualified, …) is flagged winner.",
                fix: "Flag the other side as the winner, or remove the status.",
                before: "final {\n  a [status=retired, winner]\n  b\n}\n",
                after: "final {\n  a [status=retired]\n  b [winner]\n}\n")
        case .statusOnEverySide:
            DiagnosticExplanation(
                meaning: "Every competitor of a match has a status, so no one advances from it.",
                fix: "Remove the status of the side that went through.",
                before: "final {\n  a [status=disqualified]\n  b [status=disqualified]\n}\n",
                after: "final {\n  a [status=disqualified]\n  b\n}\n")
        case .longScore:
            DiagnosticExplanation(
                meaning: "A score is wider than half its card's text room, so its slot shows it cut short with \"…\".",
                fix: "Write set scores in parts (sets=\"6 4\") rather than as one text, shorten the score, or widen the cards.",
                before: "final {\n  a [score=\"6–2 4–6 6–2 7–6(4) 6–3\"]\n  b\n}\n",
                after: "final {\n  a [sets=\"6 4 6 7(4) 6\"]\n  b [sets=\"2 6 2 6 3\"]\n}\n")
        case .partNotANumber:
            DiagnosticExplanation(
                meaning: "A part of sets, legs or pens is not a whole number, so the match cannot be decided by its parts.",
                fix: "Write each part as a whole number, with an optional tie-break in parentheses (7(4)).",
                before: "final {\n  a [sets=\"6 4 x\"]\n  b [sets=\"4 6 3\"]\n}\n",
                after: "final {\n  a [sets=\"6 4 6\"]\n  b [sets=\"4 6 3\"]\n}\n")
        case .partsMismatch:
            DiagnosticExplanation(
                meaning: "The two sides of a match have different numbers of sets or legs.",
                fix: "Give both sides one number per set or leg played.",
                before: "final {\n  a [legs=\"1 4\"]\n  b [legs=\"0\"]\n}\n",
                after: "final {\n  a [legs=\"1 4\"]\n  b [legs=\"0 2\"]\n}\n")
        case .winnerContradictsParts:
            DiagnosticExplanation(
                meaning: "winner is on the side that the sets, legs or shoot-out do not give the match to.",
                fix: "Move the winner flag to the side the parts favour, or correct the parts.",
                before: "final {\n  a [sets=\"6 6\"]\n  b [sets=\"4 4\", winner]\n}\n",
                after: "final {\n  a [sets=\"6 6\", winner]\n  b [sets=\"4 4\"]\n}\n")
        case .levelWithoutDecider:
            DiagnosticExplanation(
                meaning: "The legs add up to a tie (or only one side has a shoot-out), and nothing decides the match.",
                fix: "Give both sides their penalty shoot-out (pens), or correct the legs.",
                before: "final {\n  a [legs=\"1 1\"]\n  b [legs=\"2 0\"]\n}\n",
                after: "final {\n  a [legs=\"1 1\", pens=\"4\"]\n  b [legs=\"2 0\", pens=\"3\"]\n}\n")
        case .longNote:
            DiagnosticExplanation(
                meaning: "A match's note is wider than the widest card, so it is drawn on one line cut short with \"…\".",
                fix: "Shorten the note, or raise @max-card-width.",
                before: "@max-card-width 60\nfinal [note=\"Court Philippe-Chatrier, 5 June\"] {\n  a\n  b\n}\n",
                after: "@max-card-width 60\nfinal [note=\"5 June\"] {\n  a\n  b\n}\n")
        case .noteOnLeaf:
            DiagnosticExplanation(
                meaning: "A note is on a node without children: it decides no match, so the note is drawn nowhere.",
                fix: "Move the note to the node of the match it describes (the parent of the two competitors).",
                before: "final {\n  a [note=\"Lusail\"]\n  b\n}\n",
                after: "final [note=\"Lusail\"] {\n  a\n  b\n}\n")
        case .invalidColour:
            DiagnosticExplanation(
                meaning: "A colour (color=, or fill=, border= or text= in a @class line) is neither a CSS colour name nor a hex colour #rgb or #rrggbb.",
                fix: "Write a CSS colour name such as teal, or a quoted hex colour (quoted, since # starts a comment).",
                before: "ceo [color=tea] {\n  cfo\n}\n",
                after: "ceo [color=teal] {\n  cfo\n}\n")
        case .lowContrast:
            DiagnosticExplanation(
                meaning: "A class's text colour on its fill reads below WCAG's 4.5:1 contrast ratio, so its cards are hard to read.",
                fix: "Give the class a darker text on a light fill (or a lighter text on a dark one), or leave text out so a readable one is chosen.",
                before: "@class finance [fill=lightyellow, text=white]\nceo [class=finance] {\n  cfo\n}\n",
                after: "@class finance [fill=lightyellow, text=\"#202124\"]\nceo [class=finance] {\n  cfo\n}\n")
        case .limitExceeded:
            DiagnosticExplanation(
                meaning: "One of the documented limits is passed (document size, nesting, nodes, identifier or label length).",
                fix: "Stay within the limits docs/language.md lists: here, an identifier of at most 256 bytes.",
                before: "1 { " + String(repeating: "z", count: 257) + " }\n", after: "1 { z }\n")
        }
    }
}
