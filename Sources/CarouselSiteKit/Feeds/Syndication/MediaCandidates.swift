import Foundation

/// Image candidates of one RSS item or Atom entry, best first, from every place feeds put them:
/// Media RSS contents and thumbnails, enclosures, iTunes images, and as a last resort the first
/// `<img>` of the entry's HTML.
struct MediaCandidates {
    private var contents: [(reference: FeedReference, size: ImageSize)] = []
    private var thumbnails: [(reference: FeedReference, size: ImageSize)] = []

    /// The size hints Media RSS gives; the largest image wins, width first, then file size.
    struct ImageSize: Comparable {
        var width: Int
        var fileSize: Int

        static func < (lhs: ImageSize, rhs: ImageSize) -> Bool {
            (lhs.width, lhs.fileSize) < (rhs.width, rhs.fileSize)
        }
    }

    /// Collects `media:content` and `media:thumbnail` of `entry`, its `media:group`s and the
    /// thumbnails nested inside contents.
    init(entry: XMLElement) {
        var containers = [entry]
        containers += entry.elements("group", in: XMLNamespace.media)
        for container in containers {
            for content in container.elements("content", in: XMLNamespace.media) {
                if Self.isImage(content), let reference = content.reference(attribute: "url") {
                    contents.append((reference, Self.size(of: content)))
                }
                for thumbnail in content.elements("thumbnail", in: XMLNamespace.media) {
                    addThumbnail(thumbnail)
                }
            }
            for thumbnail in container.elements("thumbnail", in: XMLNamespace.media) {
                addThumbnail(thumbnail)
            }
        }
    }

    private mutating func addThumbnail(_ thumbnail: XMLElement) {
        if let reference = thumbnail.reference(attribute: "url") {
            thumbnails.append((reference, Self.size(of: thumbnail)))
        }
    }

    /// Media RSS images, largest first: full images before thumbnails. Ties keep document order.
    var media: [FeedReference] {
        Self.largestFirst(contents) + Self.largestFirst(thumbnails)
    }

    private static func largestFirst(_ candidates: [(reference: FeedReference, size: ImageSize)]) -> [FeedReference] {
        candidates.enumerated()
            .sorted { ($0.element.size, -$0.offset) > ($1.element.size, -$1.offset) }
            .map(\.element.reference)
    }

    private static func size(of element: XMLElement) -> ImageSize {
        ImageSize(
            width: element[attribute: "width"].flatMap { Int($0.trimmingWhitespace) } ?? 0,
            fileSize: element[attribute: "fileSize"].flatMap { Int($0.trimmingWhitespace) } ?? 0
        )
    }

    /// A media element, enclosure or link is an image when its medium or MIME type says so, or,
    /// with neither given, when its URL ends like an image file.
    static func isImage(_ element: XMLElement, urlAttribute: String = "url") -> Bool {
        if let medium = element[attribute: "medium"]?.lowercased() { return medium == "image" }
        if let type = element[attribute: "type"]?.lowercased(), !type.isEmpty { return type.hasPrefix("image/") }
        return element[attribute: urlAttribute].map(looksLikeImageFile) ?? false
    }

    /// File extensions of the image formats browsers show.
    private static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "bmp", "jxl"]

    static func looksLikeImageFile(_ reference: String) -> Bool {
        let path = reference.prefix { $0 != "?" && $0 != "#" }
        guard let dot = path.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The first Media RSS element named `local` describing the entry: on the entry itself, in a
    /// `media:group`, or in a `media:content` (the places Media RSS allows it).
    static func mediaElement(_ local: String, in entry: XMLElement) -> XMLElement? {
        if let direct = entry.element(local, in: XMLNamespace.media) { return direct }
        for container in entry.elements("group", in: XMLNamespace.media) + entry.elements("content", in: XMLNamespace.media) {
            if let found = container.element(local, in: XMLNamespace.media) { return found }
        }
        for group in entry.elements("group", in: XMLNamespace.media) {
            for content in group.elements("content", in: XMLNamespace.media) {
                if let found = content.element(local, in: XMLNamespace.media) { return found }
            }
        }
        return nil
    }

    /// The `src` of the first image in an element holding HTML, either escaped as text or inline
    /// as XHTML elements.
    static func firstHTMLImage(in element: XMLElement) -> FeedReference? {
        if element.hasElementChildren, let image = element.firstDescendant("img"), let source = image.reference(attribute: "src") {
            return source
        }
        guard let source = HTMLText.firstImageSource(element.text) else { return nil }
        return FeedReference(text: source, offset: element.offset, base: element.base)
    }
}
