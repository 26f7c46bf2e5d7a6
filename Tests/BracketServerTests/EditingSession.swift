import BracketJSON
import JSONRPC

/// The editing-feature tests' view of `LSPTestClient`: numbered requests, answers as
/// `Result`, and the latest diagnostic codes of a document.
final class EditingSession {
    let client = LSPTestClient()
    private var nextID = 10
    /// The `capabilities` of the initialize result.
    let capabilities: JSONValue?

    init(positionEncodings: [String] = ["utf-16"],
         clientCapabilities: JSONObject = LSPTestClient.modernClientCapabilities) {
        capabilities = client.initialize(encodings: positionEncodings, capabilities: clientCapabilities)?["result"]?["capabilities"]
    }

    func stop() { _ = client.finish() }

    func open(_ uri: String, _ text: String) { client.open(uri, text) }

    func notify(_ method: String, _ params: JSONValue?) { client.notify(method, params) }

    struct NoAnswer: Error {}

    /// The answer, waited for up to two minutes: the limit only ends a hang, and a big document's
    /// answer in a debug build on a loaded two-core machine can take more than the default 20 s.
    func request(_ method: String, _ params: JSONValue?) throws -> Result<JSONValue, ResponseError> {
        nextID += 1
        client.request(nextID, method, params)
        guard let answer = client.response(nextID, timeout: 120) else { throw NoAnswer() }
        if let error = answer["error"] {
            return .failure(ResponseError(code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? ""))
        }
        return .success(answer["result"] ?? .null)
    }

    /// The codes of the latest diagnostics published for `uri` once everything sent is handled.
    func diagnosticCodes(_ uri: String) throws -> [String] {
        client.sync()
        guard let last = client.notifications("textDocument/publishDiagnostics")
            .last(where: { $0["params"]?["uri"]?.stringValue == uri }) else { return [] }
        return (last["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }
}
