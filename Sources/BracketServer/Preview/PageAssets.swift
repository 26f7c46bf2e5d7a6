// The static files of the preview page. Injected rather than hard-wired so the server
// can be tested with its own tiny page, and so `PreviewPageAssets` (generated at build time from
// editors/preview/ by the EmbedPreviewPage plugin) plugs in without touching the server.

/// One script or stylesheet of the page: what the server answers for its name.
public struct PageAsset: Sendable, Equatable {
    public var contentType: String
    public var text: String

    public init(contentType: String, text: String) {
        self.contentType = contentType
        self.text = text
    }
}

public struct PageAssets: Sendable, Equatable {
    /// The page itself, served at `/TOKEN/`.
    public var html: String
    /// Every other file the page loads, by the name it loads it under (`preview.js`,
    /// `preview.css`, …): the page's index.html is the list.
    public var files: [String: PageAsset]

    public init(html: String, files: [String: PageAsset]) {
        self.html = html
        self.files = files
    }
}
