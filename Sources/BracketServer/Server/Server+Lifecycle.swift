import BracketJSON
import BracketSyntax
import JSONRPC
import LanguageServerProtocol

extension LanguageServer {
    /// Applies the lifecycle rules around the dispatch table, and turns every failure into the
    /// JSON-RPC error it deserves, so no input can end the process.
    func handleRequest(id: RequestID, method: String, params: JSONValue?) {
        switch lifecycle {
        case .uninitialized where method != InitializeRequest.method:
            return sendError(id: id, ResponseError(code: ResponseError.serverNotInitialized,
                                                   message: "the server has not been initialized"))
        case .running where method == InitializeRequest.method:
            return sendError(id: id, .invalidRequest("initialize was already received"))
        case .shutDown:
            return sendError(id: id, .invalidRequest("the server is shutting down; only exit is accepted"))
        default:
            break
        }
        // Cancelled while it waited in the queue: answered without running.
        if cancellation.start(id) { return sendError(id: id, .cancelled) }
        do {
            // The one path by which every result becomes JSON.
            let result = try dispatchRequest(method: method, params: params)
            sendResponse(id: id) { result.write(to: &$0) }
        } catch {
            sendError(id: id, responseError(for: error, method: method))
        }
    }

    func handleNotification(method: String, params: JSONValue?) {
        if method == ExitNotification.method {
            exitStatus = lifecycle == .shutDown ? 0 : 1
            return
        }
        // Before initialize, notifications are dropped (LSP); after shutdown only exit counts.
        guard lifecycle == .running else { return }
        do {
            try dispatchNotification(method: method, params: params)
        } catch {
            logMessage("\(method): \(responseError(for: error, method: method).message)")
        }
    }

    private func responseError(for error: any Error, method: String) -> ResponseError {
        switch error {
        case let error as ResponseError: return error
        case let error as LSPDecodingError: return error.responseError
        default:
            logError("internal error in \(method): \(error)")
            return .internalError("internal error in \(method): \(error)")
        }
    }

    func initialize(_ request: InitializeRequest) -> InitializeResult {
        let params = request.params
        // UTF-8 spares every conversion (the core works in bytes); UTF-16 is the mandatory fallback.
        encoding = params.positionEncodings.contains(PositionEncodingKind.utf8) ? .utf8 : .utf16
        if let pid = params.processId, pid > 0, let narrow = Int32(exactly: pid) {
            clientProcessID = narrow
        }
        let client = params.clientCapabilities
        preview.clientShowsDocuments = client.showDocument
        if let options = params.initializationOptions {
            applyLayoutSettings(options["layout"], origin: "initializationOptions.layout")
            if let push = options["preview"]?["push"] {
                if let flag = push.boolValue { preview.pushAll = flag } else {
                    logMessage("initializationOptions.preview.push must be a boolean; ignored")
                }
            }
            if let delta = options["preview"]?["delta"] {
                if let flag = delta.boolValue { preview.deltaAll = flag } else {
                    logMessage("initializationOptions.preview.delta must be a boolean; ignored")
                }
            }
            if let runs = options["preview"]?["runs"] {
                if let flag = runs.boolValue { preview.runsAll = flag } else {
                    logMessage("initializationOptions.preview.runs must be a boolean; ignored")
                }
            }
            if let svg = options["preview"]?["svg"] {
                if let flag = svg.boolValue { preview.sendsSVG = flag } else {
                    logMessage("initializationOptions.preview.svg must be a boolean; ignored")
                }
            }
        }
        lifecycle = .running
        let capabilities = Self.capabilities(encoding: encoding, client: client)
        negotiated = Negotiation(client: client, advertisedMethods: capabilities.advertisedMethods)
        return InitializeResult(capabilities: capabilities, serverName: "bracket", serverVersion: Self.version)
    }
}
