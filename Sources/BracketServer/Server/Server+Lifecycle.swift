import BracketJSON
import BracketSyntax
import JSONRPC
import LanguageServerProtocol

/// What a request handler answers: a JSON value, or JSON already serialized (large results
/// such as the preview are written once, straight to bytes).
enum Reply {
    case value(JSONValue)
    case bytes([UInt8])
}

extension LanguageServer {
    /// Applies the lifecycle rules around the dispatch switch, and turns every failure into the
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
            let reply = try dispatch(method: method, params: params, isRequest: true) ?? .value(.null)
            sendResponse(id: id) { writer in
                switch reply {
                case .value(let value): writer.write(value)
                case .bytes(let bytes): writer.raw(bytes)
                }
            }
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
            _ = try dispatch(method: method, params: params, isRequest: false)
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

    func initialize(_ request: InitializeRequest) -> JSONValue {
        let params = request.params
        // UTF-8 spares every conversion (the core works in bytes); UTF-16 is the mandatory fallback.
        encoding = params.positionEncodings.contains(PositionEncodingKind.utf8) ? .utf8 : .utf16
        if let pid = params.processId, pid > 0, let narrow = Int32(exactly: pid) {
            clientProcessID = narrow
        }
        preview.clientShowsDocuments = params.capabilities["window"]?["showDocument"]?["support"]?.boolValue ?? false
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
            if let svg = options["preview"]?["svg"] {
                if let flag = svg.boolValue { preview.sendsSVG = flag } else {
                    logMessage("initializationOptions.preview.svg must be a boolean; ignored")
                }
            }
        }
        lifecycle = .running
        var capabilities = ServerCapabilities()
        capabilities["positionEncoding"] = .string(encoding.rawValue)
        capabilities["textDocumentSync"] = ["openClose": true, "change": 2, "save": true]
        capabilities["experimental"] = ["bracketPreview": true]
        Self.addEditingCapabilities(to: &capabilities)
        return InitializeResult(capabilities: capabilities, serverName: "bracket", serverVersion: Self.version).json
    }
}
