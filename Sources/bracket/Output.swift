#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum ExitStatus {
    static let success: Int32 = 0
    /// The input has errors (output may still have been written).
    static let problems: Int32 = 1
    /// The command line itself was wrong, or a file could not be read or written.
    static let usage: Int32 = 2
}

/// A mistake in how the tool was called; reported as one line on stderr with status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Writes whole buffers with write(2): `print` is block-buffered on pipes and slow for the
/// megabytes an SVG of a large tree can take.
enum Output {
    static func standardOutput(_ text: String) { write(Array(text.utf8), to: 1) }
    static func standardError(_ text: String) { write(Array(text.utf8), to: 2) }

    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { write($0, to: descriptor) }
    }

    static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var done = 0
        while done < buffer.count {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, base + done, buffer.count - done)
            #else
            let written = Darwin.write(descriptor, base + done, buffer.count - done)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += written
        }
        return true
    }

    /// Sends `bytes` to `path`, or to stdout when no path (or `-`) was given.
    static func deliver(_ bytes: [UInt8], to path: String?) throws(UsageError) {
        if let error = bytes.withUnsafeBytes({ send($0, to: path) }) { throw error }
    }

    /// Sends the UTF-8 of `text` without copying it into an array first.
    static func deliver(_ text: String, to path: String?) throws(UsageError) {
        var text = text
        if let error = text.withUTF8({ send(UnsafeRawBufferPointer($0), to: path) }) { throw error }
    }

    private static func send(_ buffer: UnsafeRawBufferPointer, to path: String?) -> UsageError? {
        guard let path, path != "-" else {
            write(buffer, to: 1)
            return nil
        }
        // open(2) and write(2) rather than Data.write(to:), which needs its own copy of the bytes.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return UsageError("cannot write '\(path)'") }
        let written = write(buffer, to: descriptor)
        let closed = close(descriptor) == 0
        return written && closed ? nil : UsageError("cannot write '\(path)'")
    }
}

/// A source file as the commands see it: the name to show in messages and its bytes.
struct InputFile {
    let displayName: String
    let bytes: [UInt8]

    /// Reads `path`, or all of stdin for `-`.
    static func read(_ path: String) throws(UsageError) -> InputFile {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return InputFile(displayName: "<stdin>", bytes: [UInt8](data))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path)
        else {
            throw UsageError("cannot read '\(path)'")
        }
        return InputFile(displayName: path, bytes: [UInt8](data))
    }
}

