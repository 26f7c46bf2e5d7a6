#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// PNG and PDF of an SVG that shows colour emoji, through a headless Chromium found on PATH.
///
/// `rsvg-convert` draws text as outlines, so a colour emoji (a flag, 🏆) comes out as a black
/// silhouette even with a colour emoji font installed; Chromium draws the glyphs as a browser
/// shows the SVG. It is used only for pictures that show colour emoji (it takes a second or two
/// to start); every other picture goes through `rsvg-convert` as before. The SVG is written into
/// a private temporary folder as a page sized to the picture, and the picture is read back from
/// there; nothing else on disk is touched.
struct ChromiumRasterizer {
    let executable: String

    /// The names a Chromium goes by on PATH, in the order they are tried.
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The line printed when a picture with colour emoji goes through rsvg-convert.
    static let monochromeWarning =
        "warning: this picture has colour emoji, which rsvg-convert draws in monochrome; install Chromium "
        + "(Debian, Ubuntu: apt install chromium) to draw them in colour\n"

    /// The most pixels a picture Chromium draws may have across or down: past its compositor's
    /// limit a screenshot never finishes (and a PDF page is at most 200 inches).
    static let maxPixels = 16384.0

    /// The line printed when a picture with colour emoji is too large for Chromium.
    static let tooLargeWarning =
        "warning: this picture has colour emoji but is too large for Chromium (over 16384 pixels across or down), "
        + "so rsvg-convert draws them in monochrome\n"

    /// Whether Chromium can draw `svg` at `scale`.
    static func fits(_ svg: String, scale: Double) -> Bool {
        guard let size = size(of: svg) else { return false }
        return max(size.width, size.height) * scale <= maxPixels
    }

    /// The Chromium to use: `BRACKET_CHROMIUM` when set (empty means none, so colour emoji fall
    /// back to rsvg-convert), else the first of `names` on PATH.
    static func locate(environment: [String: String]) -> ChromiumRasterizer? {
        if let chosen = environment["BRACKET_CHROMIUM"] {
            return chosen.isEmpty || access(chosen, X_OK) != 0 ? nil : ChromiumRasterizer(executable: chosen)
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true)
        for name in names {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                var status = stat()
                if stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                    return ChromiumRasterizer(executable: candidate)
                }
            }
        }
        return nil
    }

    /// Whether `svg` shows a character a browser draws from a colour emoji font: a scalar with
    /// emoji presentation (🏆, a flag's regional indicators) or one followed by the emoji
    /// presentation selector U+FE0F (⚽️).
    static func showsColourEmoji(_ svg: String) -> Bool {
        var previousIsEmoji = false
        for scalar in svg.unicodeScalars {
            if scalar.value >= 0x80 {
                if scalar.properties.isEmojiPresentation { return true }
                if scalar.value == 0xFE0F, previousIsEmoji { return true }
            }
            previousIsEmoji = scalar.value >= 0x80 && scalar.properties.isEmoji
        }
        return false
    }

    /// The width and height the SVG's root element declares, in points.
    static func size(of svg: String) -> (width: Double, height: Double)? {
        guard let end = svg.firstIndex(of: ">") else { return nil }
        let head = svg[..<end]
        func number(_ name: String) -> Double? {
            guard let start = head.range(of: " \(name)=\"") else { return nil }
            let rest = head[start.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            return Double(rest[..<close])
        }
        guard let width = number("width"), let height = number("height"), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    func convert(_ svg: String, to format: DrawCommand.Format, scale: Double) throws(CommandError) -> [UInt8] {
        guard let size = Self.size(of: svg) else { throw CommandError.failure("the SVG declares no size to draw it at") }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = size.width * scale, height = size.height * scale
        let page = "<!doctype html><html><head><meta charset=\"utf-8\"><style>"
            + "@page{size:\(width)px \(height)px;margin:0}html,body{margin:0;padding:0;background:transparent;overflow:hidden}"
            + "svg{display:block;width:\(format == .pdf ? width : size.width)px;height:\(format == .pdf ? height : size.height)px}"
            + "</style></head><body>\(svg)</body></html>"
        let pagePath = "\(folder)/picture.html", outPath = "\(folder)/picture.\(format.rawValue)"
        do {
            try Data(page.utf8).write(to: URL(fileURLWithPath: pagePath))
        } catch {
            throw CommandError.failure("cannot write the page for Chromium: \(error.localizedDescription)")
        }
        var arguments = ["--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                         "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(folder)/profile",
                         "--default-background-color=00000000"]
        // Chromium refuses to start its sandbox as root.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        switch format {
        case .pdf:
            arguments += ["--no-pdf-header-footer", "--print-to-pdf=\(outPath)"]
        default:
            arguments += ["--force-device-scale-factor=\(scale)",
                          "--window-size=\(Int(size.width.rounded(.up))),\(Int(size.height.rounded(.up)))",
                          "--screenshot=\(outPath)"]
        }
        arguments.append(URL(fileURLWithPath: pagePath).absoluteString)
        try run(arguments)
        guard let picture = FileManager.default.contents(atPath: outPath), !picture.isEmpty else {
            throw CommandError.failure("Chromium (\(executable)) made no \(format.rawValue.uppercased())")
        }
        return [UInt8](picture)
    }

    /// Runs Chromium to its end (at most two minutes), its chatter discarded.
    private func run(_ arguments: [String]) throws(CommandError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandError.failure("cannot run \(executable): \(error.localizedDescription)")
        }
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CommandError.failure("Chromium (\(executable)) did not finish the picture within two minutes")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError.failure("Chromium (\(executable)) could not make the picture: exit status \(process.terminationStatus)")
        }
    }

    private static func temporaryFolder() throws(CommandError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/bracket-render-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CommandError.system("cannot make a temporary folder in \(base)", errno)
        }
        return String(cString: made)
    }
}
