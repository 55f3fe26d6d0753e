/// One entry of a feed as read, before it becomes a slide: an entry without a usable image keeps
/// `image == nil` here, so tools can list it; `FeedReader.read` skips it with a warning.
public struct FeedItem: Hashable, Sendable {
    /// The chosen image, already resolved and confined (see `FeedReader`).
    public var image: ImageSource?
    /// Plain text: HTML from the feed is reduced to text and entities are decoded.
    public var title: String?
    public var caption: String?
    /// An http, https or mailto URL, or a relative reference; other schemes are dropped.
    public var link: String?
    public var alt: String?
    /// Where the entry starts in the feed.
    public var location: SourceLocation

    public init(image: ImageSource?, title: String? = nil, caption: String? = nil, link: String? = nil, alt: String? = nil, location: SourceLocation) {
        self.image = image
        self.title = title
        self.caption = caption
        self.link = link
        self.alt = alt
        self.location = location
    }
}
