import BracketJSON
import BracketSyntax
import JSONRPC
import LanguageServerProtocol

/// The last `textDocument/publishDiagnostics` message sent for one document, kept so that the
/// next one copies the JSON of every diagnostic that did not change instead of converting and
/// encoding it again.
///
/// LSP has no incremental form of the notification: every publish carries the whole list, in a
/// file with 60,000 diagnostics some 15 MB of JSON after each keystroke. Nearly all of it is the
/// bytes sent last time: a keystroke changes the diagnostics near it, and moves the byte offsets
/// of all those after it but not their LSP positions (unless it adds or takes away a line). So
/// the new list is walked in order beside the last one, each diagnostic compared by what its
/// JSON is made of (`Key`: positions in the client's encoding, severity, code, message, tags
/// and related location), and a match copies its bytes out of the last message. What does not
/// match is converted and encoded as before (`DocumentContext.lspDiagnostic`), so the bytes are
/// those of a message made from scratch (`PublishedDiagnosticsTests`).
struct PublishedDiagnostics {
    /// Everything a diagnostic's JSON is made of, positions instead of byte offsets (those move
    /// for every diagnostic after an edit while its JSON stays the same).
    struct Key: Equatable {
        var range: LSPRange
        var severity: Severity
        var code: DiagnosticCode
        var message: String
        var tags: [BracketSyntax.DiagnosticTag]
        var related: [Related]

        struct Related: Equatable {
            var range: LSPRange
            var message: String
        }

        /// Whether `self` lies before `other` in the list's order (by position; a tie is
        /// neither, and the two are then compared whole).
        func precedes(_ other: Key) -> Bool {
            let lhs = (range.start.line, range.start.character, range.end.line, range.end.character)
            let rhs = (other.range.start.line, other.range.start.character, other.range.end.line, other.range.end.character)
            return lhs < rhs
        }
    }

    /// What the JSON also depends on, beyond the diagnostics: a message kept under other
    /// settings is not reused.
    private struct Settings: Equatable {
        var uri: String
        var encoding: PositionEncoding
        var client: ClientCapabilities
    }

    private var settings: Settings?
    /// The last message's diagnostics in order, and where each one's JSON lies in `message`.
    private var keys: [Key] = []
    private var spans: [Range<Int>] = []
    /// The last message: the whole notification, as sent.
    private(set) var message: [UInt8] = []
    /// How many diagnostics the last publish copied and how many it encoded (the tests read
    /// them to see that a keystroke encodes only what changed).
    private(set) var copied = 0
    private(set) var encoded = 0

    /// The notification publishing `diagnostics` (the document's, in order) for `context`'s
    /// version, kept for the next call.
    mutating func publish(_ diagnostics: [BracketSyntax.Diagnostic], in context: DocumentContext) -> [UInt8] {
        let current = Settings(uri: context.uri, encoding: context.encoding, client: context.client)
        if settings != current {
            settings = current
            keys = []
            spans = []
            message = []
        }
        let newKeys = Self.keys(of: diagnostics, in: context)
        var newSpans: [Range<Int>] = []
        newSpans.reserveCapacity(newKeys.count)
        var copied = 0
        let old = (keys: keys, spans: spans, message: message)
        // The old message is released only after the new one is written from it.
        message = Message.encodeNotification(method: PublishDiagnosticsParams.method) { writer in
            writer.beginObject()
            writer.member("uri", .string(context.uri))
            writer.member("version", JSONValue(context.version))
            writer.key("diagnostics")
            writer.beginArray()
            var next = 0
            for (index, key) in newKeys.enumerated() {
                while next < old.keys.count, old.keys[next].precedes(key) { next += 1 }
                let piece: ArraySlice<UInt8>
                if next < old.keys.count, old.keys[next] == key {
                    piece = old.message[old.spans[next]]
                    copied += 1
                    next += 1
                } else {
                    var single = JSONWriter()
                    single.write(Self.lspDiagnostic(diagnostics[index], key, in: context).json)
                    piece = single.bytes[...]
                }
                writer.raw(piece)
                newSpans.append((writer.bytes.count - piece.count)..<writer.bytes.count)
            }
            writer.endArray()
            writer.endObject()
        }
        keys = newKeys
        spans = newSpans
        self.copied = copied
        encoded = newKeys.count - copied
        return message
    }

    /// Each diagnostic's key, its positions read in one forward pass per kind of offset: the
    /// list is in text order, so starts only move on, and ends and related locations nearly so
    /// (a step back is looked up on its own).
    private static func keys(of diagnostics: [BracketSyntax.Diagnostic], in context: DocumentContext) -> [Key] {
        var starts = OrderedPositions(context)
        var ends = OrderedPositions(context)
        var relatedStarts = OrderedPositions(context)
        var relatedEnds = OrderedPositions(context)
        return diagnostics.map { diagnostic in
            Key(
                range: LSPRange(start: starts.position(diagnostic.range.start), end: ends.position(diagnostic.range.end)),
                severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message, tags: diagnostic.tags,
                related: diagnostic.related.map { location in
                    Key.Related(range: LSPRange(start: relatedStarts.position(location.range.start),
                                                end: relatedEnds.position(location.range.end)),
                                message: location.message)
                })
        }
    }

    /// The LSP value of `diagnostic`, whose positions `key` holds.
    private static func lspDiagnostic(
        _ diagnostic: BracketSyntax.Diagnostic, _ key: Key, in context: DocumentContext
    ) -> LanguageServerProtocol.Diagnostic {
        context.lspDiagnostic(diagnostic, range: key.range, related: key.related.map(\.range))
    }
}
