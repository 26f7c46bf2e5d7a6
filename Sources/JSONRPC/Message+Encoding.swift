import BracketJSON

// Encoding writes straight into a JSONWriter so a large result (geometry, SVG) is serialized
// once, without building an intermediate JSONValue.

extension Message {
    /// The JSON body of this message (not framed).
    public func encode() -> [UInt8] {
        switch self {
        case .request(let id, let method, let params):
            return Message.encodeRequest(id: id, method: method) { writer in params.map { writer.write($0) } ?? () }
        case .notification(let method, let params):
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("jsonrpc", "2.0")
            writer.member("method", .string(method))
            if let params { writer.member("params", params) }
            writer.endObject()
            return writer.bytes
        case .response(let id, let result):
            return Message.encodeResponse(id: id) { $0.write(result) }
        case .errorResponse(let id, let error):
            return Message.encodeError(id: id, error: error)
        }
    }

    /// `{"jsonrpc":"2.0","id":…,"result":<written by writeResult>}`. `writeResult` must write one value.
    public static func encodeResponse(id: RequestID, writeResult: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("jsonrpc", "2.0")
        writer.member("id", id.json)
        writer.key("result")
        writeResult(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// `{"jsonrpc":"2.0","method":…,"params":<written by writeParams>}`.
    public static func encodeNotification(method: String, writeParams: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("jsonrpc", "2.0")
        writer.member("method", .string(method))
        writer.key("params")
        writeParams(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// A server-to-client request (e.g. client/registerCapability). If `writeParams` writes
    /// nothing the params member is omitted.
    public static func encodeRequest(id: RequestID, method: String, writeParams: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("jsonrpc", "2.0")
        writer.member("id", id.json)
        writer.member("method", .string(method))
        var params = JSONWriter()
        writeParams(&params)
        if !params.bytes.isEmpty {
            writer.key("params")
            writer.raw(params.bytes)
        }
        writer.endObject()
        return writer.bytes
    }

    /// An error response; a nil id is written as null (the request's id was unreadable).
    public static func encodeError(id: RequestID?, error: ResponseError) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("jsonrpc", "2.0")
        writer.member("id", id?.json ?? .null)
        writer.member("error", error.json)
        writer.endObject()
        return writer.bytes
    }
}
