import BracketJSON

/// Position encodings (LSP 3.17 `PositionEncodingKind`).
public enum PositionEncodingKind {
    public static let utf8 = "utf-8"
    public static let utf16 = "utf-16"
    public static let utf32 = "utf-32"
}

public struct InitializeParams: Equatable, Sendable, JSONDecodable {
    public var processId: Int?
    public var rootUri: String?
    public var clientName: String?
    /// `capabilities.general.positionEncodings`, in the client's order of preference. Empty means
    /// the client did not say, which per spec means UTF-16 only.
    public var positionEncodings: [String]
    /// Kept raw: the server reads its own options out of it.
    public var initializationOptions: JSONValue?
    /// The whole client capabilities object, for anything else the server wants to check.
    public var capabilities: JSONValue
    /// What of `capabilities` changes the server's answers, typed.
    public var clientCapabilities: ClientCapabilities { ClientCapabilities(json: capabilities) }

    public init(processId: Int? = nil, rootUri: String? = nil, clientName: String? = nil, positionEncodings: [String] = [],
                initializationOptions: JSONValue? = nil, capabilities: JSONValue = [:]) {
        self.processId = processId
        self.rootUri = rootUri
        self.clientName = clientName
        self.positionEncodings = positionEncodings
        self.initializationOptions = initializationOptions
        self.capabilities = capabilities
    }

    public init(json: JSONValue, path: String) throws(LSPDecodingError) {
        let fields = try FieldReader(json, path: path)
        processId = try fields.optionalInt("processId")
        rootUri = try fields.optionalString("rootUri")
        clientName = try fields.optionalReader("clientInfo")?.string("name")
        initializationOptions = fields.raw("initializationOptions")
        let capabilities = try fields.optionalReader("capabilities")
        self.capabilities = capabilities.map { JSONValue.object($0.object) } ?? [:]
        positionEncodings = try capabilities?.optionalReader("general")?.array("positionEncodings") ?? []
    }
}

public struct InitializeResult: Equatable, Sendable, LSPEncodable {
    public var capabilities: ServerCapabilities
    public var serverName: String
    public var serverVersion: String?

    public init(capabilities: ServerCapabilities, serverName: String, serverVersion: String? = nil) {
        self.capabilities = capabilities
        self.serverName = serverName
        self.serverVersion = serverVersion
    }

    public var json: JSONValue {
        var info: JSONObject = ["name": .string(serverName)]
        info.appendIfPresent("version", serverVersion)
        return ["capabilities": capabilities.json, "serverInfo": .object(info)]
    }
}
