/// A problem in the `Content-Length` framing of the byte stream. The framer has already
/// recovered when it reports one; the server logs it and keeps serving, and answers the refused
/// message with an error when `requestID` says it was a request.
public struct FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case missingContentLength
        case invalidContentLength
        case malformedHeader
        case headerTooLong
        /// The declared length is above the limit: the message is refused, not read.
        case contentTooLong
        /// The next message's header began inside the declared body: the length was wrong.
        case lengthMismatch
        case truncatedHeader
        case truncatedBody
    }

    public var kind: Kind
    public var message: String
    /// The id of the refused message, when its first bytes show it was a request.
    public var requestID: RequestID?

    public init(_ kind: Kind, _ message: String, requestID: RequestID? = nil) {
        self.kind = kind
        self.message = message
        self.requestID = requestID
    }

    public var description: String { message }
}

/// Header + body bytes for one outgoing message.
public func frame(body: some Collection<UInt8>) -> [UInt8] {
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.reserveCapacity(bytes.count + body.count)
    bytes.append(contentsOf: body)
    return bytes
}
