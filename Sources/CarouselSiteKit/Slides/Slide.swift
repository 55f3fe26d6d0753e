import Foundation

/// One entry of a slideshow as a feed describes it, before its image is fetched.
public struct Slide: Hashable, Sendable {
    /// Where the image comes from.
    public var image: ImageSource
    /// A short heading shown over the slide; plain text (feed HTML is reduced to text on reading).
    public var title: String?
    /// A longer line of text under the title; plain text.
    public var caption: String?
    /// Where a click on the slide goes: an absolute http(s)/mailto URL or a relative reference.
    public var link: String?
    /// Alternative text for the image; when absent, the page falls back to title or caption.
    public var alt: String?
    /// The place in the feed that produced this slide, for warnings about it later on.
    public var location: SourceLocation?

    public init(image: ImageSource, title: String? = nil, caption: String? = nil, link: String? = nil, alt: String? = nil, location: SourceLocation? = nil) {
        self.image = image
        self.title = title
        self.caption = caption
        self.link = link
        self.alt = alt
        self.location = location
    }
}
