import BracketJSON
import JSONRPC

/// The Model Context Protocol's server side for bracket's tools: answers one message at a
/// time, with no state between them (every tool is a function of its arguments). Pure (a
/// message in, the answer's bytes out); `runMCPServer` does the reading and writing.
public struct MCPSession: Sendable {
    /// The protocol revisions this server speaks, newest first. A client asking for one of them
    /// gets it; any other gets the newest, and decides whether it can go on.
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26"]

    public let serverVersion: String

    public init(serverVersion: String) {
        self.serverVersion = serverVersion
    }

    /// The answer to `message`, or nil when it needs none (notifications, responses).
    public func handle(_ message: Message) -> [UInt8]? {
        switch message {
        case .request(let id, let method, let params):
            switch method {
            case "initialize":
                let requested = params?["protocolVersion"]?.stringValue
                let version = requested.flatMap { Self.protocolVersions.contains($0) ? $0 : nil } ?? Self.protocolVersions[0]
                return Message.encodeResponse(id: id) { writer in
                    writer.write([
                        "protocolVersion": .string(version),
                        "capabilities": ["tools": ["listChanged": false]],
                        "serverInfo": ["name": "bracket", "title": "bracket tree diagrams", "version": .string(serverVersion)],
                        "instructions": .string(Self.instructions),
                    ])
                }
            case "ping":
                return Message.encodeResponse(id: id) { $0.write(.object([:])) }
            case "tools/list":
                return Message.encodeResponse(id: id) { writer in
                    writer.write(["tools": .array(MCPTool.allCases.map(\.listing))])
                }
            case "tools/call":
                guard let name = params?["name"]?.stringValue else {
                    return Message.encodeError(id: id, error: .invalidParams("tools/call needs \"name\", a string"))
                }
                guard let tool = MCPTool(rawValue: name) else {
                    return Message.encodeError(id: id, error: .invalidParams("unknown tool: \(name)"))
                }
                let arguments: JSONObject
                switch params?["arguments"] {
                case .none, .some(.null): arguments = [:]
                case .some(.object(let object)): arguments = object
                case .some: return Message.encodeError(id: id, error: .invalidParams("\"arguments\" must be an object"))
                }
                let result = tool.call(arguments)
                return Message.encodeResponse(id: id) { result.write(to: &$0) }
            default:
                return Message.encodeError(id: id, error: .methodNotFound(method))
            }
        case .notification, .response, .errorResponse:
            // notifications/initialized, cancellations and progress need no answer: every
            // request is answered before the next is read, so there is nothing to cancel.
            return nil
        }
    }

    static let instructions = "Tools for .bracket tree diagrams (tournament brackets, family trees, org charts): "
        + "check a document after each edit and fix its errors (explain says how for each code), "
        + "then render it as SVG or text, or read its geometry."
}
