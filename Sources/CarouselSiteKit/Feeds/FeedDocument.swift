import Foundation

/// The bytes of one feed and where they came from, which decides how its references resolve.
public struct FeedDocument: Sendable {
    /// The bytes, named for diagnostics by the feed's path or URL.
    public var source: SourceText
    /// The feed's own URL when it was downloaded: relative references resolve against it.
    public var url: URL?
    /// For a local feed, its folder relative to the site ("" for the site root, or "photos"):
    /// relative image references resolve inside it and may not leave the site.
    public var folder: String

    public init(source: SourceText, url: URL? = nil, folder: String = "") {
        self.source = source
        self.url = url
        self.folder = folder
    }
}
