/// Names the fields of a JSON or property-list feed explicitly, for feeds whose field names the
/// reader does not guess (the config's `mapping`). Every field is optional; a missing one falls
/// back to detection by common names.
///
/// ```json
/// "mapping": { "items": "data.headline_ad", "image": "imgsrc", "caption": "blurb" }
/// ```
public struct FieldMapping: Hashable, Sendable {
    /// Dotted path from the document's root to the list (or object) of items, e.g. "data.headline_ad".
    public var items: String?
    /// Dotted paths inside one item to its image, title, caption, link and alternative text.
    public var image: String?
    public var title: String?
    public var caption: String?
    public var link: String?
    public var alt: String?

    public init(items: String? = nil, image: String? = nil, title: String? = nil, caption: String? = nil, link: String? = nil, alt: String? = nil) {
        self.items = items
        self.image = image
        self.title = title
        self.caption = caption
        self.link = link
        self.alt = alt
    }
}
