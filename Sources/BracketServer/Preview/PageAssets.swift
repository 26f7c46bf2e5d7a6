// The static files of the preview page. Injected rather than hard-wired so the server
// can be tested with its own tiny page, and so the generated `PreviewPageAssets` (written by
// editors/preview/embed.py from the page's sources) plugs in without touching the server.

public struct PageAssets: Sendable, Equatable {
    public var html: String
    public var js: String
    /// `preview-delta.js`: applies delta payloads (the loopback server sends none, but the
    /// page is the same everywhere and loads it).
    public var deltaJS: String
    /// `preview-tiles.js`: the overview's tile cache.
    public var tilesJS: String
    public var css: String

    public init(html: String, js: String, deltaJS: String = "", tilesJS: String = "", css: String) {
        self.html = html
        self.js = js
        self.deltaJS = deltaJS
        self.tilesJS = tilesJS
        self.css = css
    }
}
