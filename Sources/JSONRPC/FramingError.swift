/// A problem in the `Content-Length` framing of the byte stream. The framer has already
/// recovered when it reports one; the server logs it and keeps serving.
public struct FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case missingContentLength
        case invalidContentLength
        case malformedHeader
        case headerTooLong
        case contentTooLong
        case truncatedHeader
        case truncatedBody
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
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
