// The static files of the preview page. Injected rather than hard-wired so the server
// can be tested with its own tiny page, and so the generated `PreviewPageAssets` (built
// from the web sources on the `preview` branch) plugs in without touching the server.

public struct PageAssets: Sendable, Equatable {
    public var html: String
    public var js: String
    public var css: String

    public init(html: String, js: String, css: String) {
        self.html = html
        self.js = js
        self.css = css
    }
}
