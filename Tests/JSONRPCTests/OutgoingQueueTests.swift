#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import JSONRPC

@Suite struct OutgoingQueueTests {
    final class Written: @unchecked Sendable {
        let lock = NSLock()
        var keys: [String] = []
        var pendingWhenTold: [Bool] = []
        var queue: OutgoingQueue?

        func record(_ key: String) {
            let queue = lock.withLock { self.queue }
            let pending = queue?.isPending(key) ?? true
            lock.withLock {
                keys.append(key)
                pendingWhenTold.append(pending)
            }
        }

        func attach(_ queue: OutgoingQueue?) { lock.withLock { self.queue = queue } }
        func snapshot() -> ([String], [Bool]) { lock.withLock { (keys, pendingWhenTold) } }
        func note(_ text: String) { lock.withLock { keys.append(text) } }
    }

    /// While the client does not read, keyed messages replace each other (the newest goes last),
    /// unkeyed ones all wait in order; once it reads, everything left arrives, and `onWritten`
    /// finds its key no longer pending.
    @Test func keyedMessagesAreReplacedWhileTheClientDoesNotRead() async throws {
        let pipe = try TransportTests.Pipe()
        let written = Written()
        let queue = OutgoingQueue(writer: MessageWriter(fileDescriptor: pipe.writeEnd), onWritten: { written.record($0) })
        written.attach(queue)
        // Larger than the pipe's buffer: the writer is stuck in it until the test reads.
        let big = Array("\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\"".utf8)
        queue.send(big, key: "big")
        usleep(100_000)
        #expect(queue.isPending("big"))
        for version in 1...50 { queue.send(Array("{\"d\":\(version)}".utf8), key: "diagnostics a") }
        queue.send(Array("{\"r\":1}".utf8))
        queue.send(Array("{\"d\":51}".utf8), key: "diagnostics a")
        queue.send(Array("{\"r\":2}".utf8))
        #expect(queue.isPending("diagnostics a"))
        #expect(!queue.isPending("diagnostics b"))
        let readEnd = pipe.readEnd
        let reading = Task.detached { () -> [IncomingEvent] in
            let reader = MessageReader(fileDescriptor: readEnd)
            return (0..<4).map { _ in reader.next() }
        }
        let bodies = await reading.value
        #expect(bodies == [.body(big), .body(Array("{\"r\":1}".utf8)), .body(Array("{\"d\":51}".utf8)),
                           .body(Array("{\"r\":2}".utf8))])
        queue.finish()
        #expect(!queue.isPending("diagnostics a"))
        written.attach(nil)
        let (keys, pending) = written.snapshot()
        #expect(keys == ["big", "diagnostics a"])
        #expect(pending == [false, false])
    }

    /// A client that went away: the first failed write is reported once and later sends are dropped.
    @Test func aClosedPipeIsReportedOnce() throws {
        let pipe = try TransportTests.Pipe()
        signal(SIGPIPE, SIG_IGN)
        pipe.closeReadEnd()
        let written = Written()
        let queue = OutgoingQueue(writer: MessageWriter(fileDescriptor: pipe.writeEnd), onError: { written.note("errno \($0.errno)") })
        for _ in 0..<10 { queue.send(Array("{}".utf8)) }
        queue.finish()
        #expect(written.snapshot().0 == ["errno \(EPIPE)"])
    }
}
