// Speaks to an in-process language server over real pipes: the test writes framed bytes to the
// server's stdin pipe and a reader thread splits the stdout pipe back into message bodies.
import BracketJSON
@testable import BracketServer
import Foundation
import JSONRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class LSPTestClient: @unchecked Sendable {
    /// What the two threads share with the test. The threads hold only this, never the client,
    /// so a client a test drops is deinitialised: that closes the server's input and the server
    /// ends, instead of a server thread and its pipes living on until the test process exits.
    private final class Inbox: @unchecked Sendable {
        let condition = NSCondition()
        // Guarded by `condition`.
        var bodies: [[UInt8]] = []
        var rawOutput: [UInt8] = []
        /// What the server logged (its stderr in `bracket lsp`): kept here, out of the test log.
        var log: [UInt8] = []
        var status: Int32?
        /// While true the output reader does not read: the server's stdout pipe fills up.
        var paused = false
    }

    private let toServer: Int32
    private let inbox = Inbox()
    private var inputClosed = false
    /// Notifications seen while waiting for responses, in arrival order.
    private(set) var notifications: [JSONValue] = []
    /// Requests from the server (`workspace/applyEdit`, `window/showDocument`) seen while
    /// waiting for responses, in arrival order.
    private(set) var serverRequests: [JSONValue] = []

    /// `readDelay`: microseconds the client waits before each read of at most `readSize` bytes
    /// of the server's output, to play a client slower than the server (0: read at once).
    /// `cancellation`: the server's registry of cancelled requests (a test's own, to see when a
    /// request starts running).
    init(arguments: [String] = [], readDelay: UInt32 = 0, readSize: Int = 65536,
         cancellation: RequestCancellation = RequestCancellation()) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], log: [Int32] = [0, 0]
        _ = pipe(&input)
        _ = pipe(&output)
        _ = pipe(&log)
        toServer = input[1]
        let serverIn = input[0], serverOut = output[1], fromServer = output[0]
        let serverLog = log[1], fromLog = log[0]
        let inbox = self.inbox
        Thread.detachNewThread {
            let code = runLanguageServer(input: serverIn, output: serverOut, log: serverLog, arguments: arguments,
                                         cancellation: cancellation)
            // `serverIn` stays open on purpose: after `exit` the server's reader thread may still be
            // about to read it, and a closed number reused by the next test's pipe would hand
            // that test's messages to this finished server. It is one descriptor per test.
            close(serverOut)  // lets the reader thread see end of output
            close(serverLog)
            inbox.condition.lock(); inbox.status = code; inbox.condition.broadcast(); inbox.condition.unlock()
        }
        Thread.detachNewThread { Self.readOutput(fromServer, into: inbox, delay: readDelay, size: readSize) }
        Thread.detachNewThread { Self.readLog(fromLog, into: inbox) }
    }

    deinit { closeInput() }

    private static func readOutput(_ fd: Int32, into inbox: Inbox, delay: UInt32, size: Int) {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: max(1, size))
        while true {
            if delay > 0 { usleep(delay) }
            inbox.condition.lock()
            while inbox.paused { inbox.condition.wait() }
            inbox.condition.unlock()
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let events = framer.push(chunk[0..<count])
            inbox.condition.lock()
            inbox.rawOutput.append(contentsOf: chunk[0..<count])
            for case .message(let body) in events { inbox.bodies.append(body) }
            inbox.condition.broadcast()
            inbox.condition.unlock()
        }
        close(fd)
    }

    private static func readLog(_ fd: Int32, into inbox: Inbox) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            inbox.condition.lock()
            inbox.log.append(contentsOf: chunk[0..<count])
            inbox.condition.broadcast()
            inbox.condition.unlock()
        }
        close(fd)
    }

    /// Stops reading the server's output (after the read in progress) until `resumeReading`.
    func pauseReading() {
        inbox.condition.lock(); inbox.paused = true; inbox.condition.unlock()
    }

    func resumeReading() {
        inbox.condition.lock(); inbox.paused = false; inbox.condition.broadcast(); inbox.condition.unlock()
    }

    // MARK: - Sending

    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(toServer, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    func sendBody(_ body: String) { sendRaw(frame(body: Array(body.utf8))) }

    func message(id: Int? = nil, method: String, params: JSONValue? = nil) -> [UInt8] {
        var object: JSONObject = ["jsonrpc": "2.0"]
        if let id { object.append("id", JSONValue(id)) }
        object.append("method", .string(method))
        if let params { object.append("params", params) }
        return frame(body: JSONValue.object(object).jsonBytes)
    }

    func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) {
        sendRaw(message(id: id, method: method, params: params))
    }

    func notify(_ method: String, _ params: JSONValue? = nil) {
        sendRaw(message(method: method, params: params))
    }

    /// Ends the server's input (end of stdin for the server). Safe to call more than once: a
    /// second `close` could hit a descriptor number reused by another test.
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        close(toServer)
    }

    // MARK: - Receiving

    /// The next message from the server, or nil after `timeout` seconds.
    func next(timeout: TimeInterval = 10) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        while inbox.bodies.isEmpty {
            if !inbox.condition.wait(until: deadline) && inbox.bodies.isEmpty { return nil }
        }
        let body = inbox.bodies.removeFirst()
        return try? JSONReader().parse(body)
    }

    /// The response to request `id`; notifications met on the way are kept in `notifications`.
    func response(_ id: Int, timeout: TimeInterval = 20) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while let message = next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] != nil && message["id"] == nil {
                notifications.append(message)
            } else if message["method"] != nil {
                serverRequests.append(message)
            } else if message["id"] == JSONValue(id) {
                return message
            }
        }
        return nil
    }

    /// The response whose id is `id` (any JSON id), keeping notifications met on the way.
    func nextMessage(withID id: JSONValue, timeout: TimeInterval = 20) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while let message = next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] != nil && message["id"] == nil {
                notifications.append(message)
            } else if message["id"] == id, message["method"] == nil {
                return message
            }
        }
        return nil
    }

    /// The next error response, whatever its id (invalid messages are answered with id null);
    /// notifications met on the way are kept in `notifications`.
    func nextError(timeout: TimeInterval = 10) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while let message = next(timeout: deadline.timeIntervalSinceNow) {
            if message["error"] != nil { return message }
            if message["method"] != nil && message["id"] == nil { notifications.append(message) }
        }
        return nil
    }

    /// The lines the server logged so far (without the `bracket lsp: ` prefix).
    var logLines: [String] {
        inbox.condition.lock(); defer { inbox.condition.unlock() }
        return String(decoding: inbox.log, as: UTF8.self).split(separator: "\n").map {
            String($0.hasPrefix("bracket lsp: ") ? $0.dropFirst("bracket lsp: ".count) : $0)
        }
    }

    /// Waits (bounded) until a logged line contains `text`; the lines seen.
    func waitForLog(containing text: String, timeout: TimeInterval = 10) -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let lines = logLines
            if lines.contains(where: { $0.contains(text) }) || Date() >= deadline { return lines }
            inbox.condition.lock()
            _ = inbox.condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05)))
            inbox.condition.unlock()
        }
    }

    /// Everything the server wrote so far, byte for byte.
    var output: [UInt8] {
        inbox.condition.lock(); defer { inbox.condition.unlock() }
        return inbox.rawOutput
    }

    func exitStatus(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        while inbox.status == nil {
            if !inbox.condition.wait(until: deadline) && inbox.status == nil { return nil }
        }
        return inbox.status
    }

    // MARK: - Conveniences

    /// What a current editor (VS Code, Neovim, Emacs with eglot) declares of the capabilities
    /// that change the server's answers. Tests of older clients pass their own.
    static let modernClientCapabilities: JSONObject = [
        "workspace": ["applyEdit": true],
        "textDocument": [
            "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
            "publishDiagnostics": ["relatedInformation": true, "tagSupport": ["valueSet": [1, 2]]],
            "completion": ["completionItemKind": ["valueSet": .array((1...25).map { JSONValue($0) })]],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["", "quickfix"]]]],
        ],
    ]

    @discardableResult
    func initialize(encodings: [String]? = nil, options: JSONValue? = nil, processID: Int? = nil,
                    capabilities clientCapabilities: JSONObject = modernClientCapabilities) -> JSONValue? {
        var params: JSONObject = ["processId": processID.map { JSONValue($0) } ?? .null, "rootUri": .null]
        var capabilities = clientCapabilities
        if let encodings { capabilities.append("general", ["positionEncodings": .array(encodings.map { .string($0) })]) }
        params.append("capabilities", .object(capabilities))
        if let options { params.append("initializationOptions", options) }
        request(1, "initialize", .object(params))
        let result = response(1)
        notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "bracket",
                                                         "version": JSONValue(version), "text": .string(text)]])
    }

    /// Sends a request nobody handles and waits for its answer: every message sent before it
    /// has then been handled (the worker handles messages in order).
    func sync(_ id: Int = 900) {
        request(id, "bracket/sync-probe")
        _ = response(id)
    }

    func notifications(_ method: String) -> [JSONValue] {
        notifications.filter { $0["method"]?.stringValue == method }
    }

    /// Shuts down and exits; returns the status.
    func finish() -> Int32? {
        request(999, "shutdown")
        _ = response(999)
        notify("exit")
        let code = exitStatus()
        closeInput()
        return code
    }
}
