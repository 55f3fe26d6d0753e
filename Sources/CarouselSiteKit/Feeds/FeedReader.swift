import Foundation

/// Reads the slides of a feed: JSON (any common shape, or as a `FieldMapping` says), JSON Feed,
/// RSS 2.0 and 1.0 with Media RSS, Atom, and property lists (XML, binary or OpenStep ASCII),
/// recognised by content.
///
/// Image references become `.remote` URLs (relative ones resolved against the feed's URL and any
/// `xml:base`) or, in a local feed, `.local` paths inside the feed's folder that cannot leave the
/// site. Links keep only http, https, mailto and relative references. Titles and captions are
/// plain text. Slides come in document order.
///
/// ```swift
/// let source = SourceText(name: "photos/feed.json", data: try Data(contentsOf: url))
/// let log = DiagnosticLog()
/// let slides = try FeedReader().read(FeedDocument(source: source, folder: "photos"), log: log)
/// ```
public struct FeedReader: Sendable {
    public var mapping: FieldMapping
    /// The most items the feed may hold; a longer one is refused before any item is read, so a
    /// hostile feed of a million items costs one parse, not a million entries and warnings.
    public var maximumItems: Int

    /// The default item limit: 10,000 is the size the project is measured at (under 100 MB peak,
    /// a windowed page); a show's `maxSlides` raises or lowers it.
    public static let defaultMaximumItems = 10_000

    public init(mapping: FieldMapping = FieldMapping(), maximumItems: Int = Self.defaultMaximumItems) {
        self.mapping = mapping
        self.maximumItems = maximumItems
    }

    /// Slides in document order.
    /// - Throws: a `Diagnostic` (file:line:col with the line's text) for a malformed or
    ///   unrecognised feed. An item without a usable image is a warning in `log` naming its
    ///   location, and is skipped; so is every refused reference.
    public func read(_ document: FeedDocument, log: DiagnosticLog) throws(Diagnostic) -> [Slide] {
        var slides: [Slide] = []
        try forEachItem(in: document, log: log) { item in
            guard let image = item.image else {
                log.report(.warning("item has no usable image; it is skipped", at: item.location))
                return
            }
            slides.append(Slide(image: image, title: item.title, caption: item.caption, link: item.link, alt: item.alt, location: item.location))
        }
        return slides
    }

    /// Every entry of the feed in document order, with or without a usable image.
    public func items(in document: FeedDocument, log: DiagnosticLog) throws(Diagnostic) -> [FeedItem] {
        var items: [FeedItem] = []
        try forEachItem(in: document, log: log) { items.append($0) }
        return items
    }

    /// Parses the feed, then resolves one entry at a time and hands it to `body`, so the
    /// warnings about an entry's references and about the entry itself stay together in the log.
    private func forEachItem(in document: FeedDocument, log: DiagnosticLog, _ body: (FeedItem) -> Void) throws(Diagnostic) {
        var document = document
        let entries = try entries(of: &document, log: log)
        // Structured feeds check their lists before reading items; RSS and Atom entries here.
        try Self.checkCount(entries.lazy.map(\.offset), limit: maximumItems, in: document.source)
        let locator = SourceLocator(document.source)
        let resolver = ReferenceResolver(document: document, locator: locator, log: log)
        for entry in entries {
            body(FeedItem(
                image: entry.images.lazy.compactMap(resolver.image).first,
                title: entry.title,
                caption: entry.caption,
                link: entry.link.flatMap(resolver.link),
                alt: entry.alt,
                location: locator.location(ofByteOffset: entry.offset)
            ))
        }
    }

    /// Refuses a list of items longer than `limit`, pointing at the first item past it.
    /// - Parameter offsets: the byte offset of each item in `source` (lazy: only the first one
    ///   past the limit is ever read).
    static func checkCount<Offsets: RandomAccessCollection<Int>>(_ offsets: Offsets, limit: Int, in source: SourceText) throws(Diagnostic) where Offsets.Index == Int {
        guard offsets.count > limit else { return }
        throw source.error(
            "the feed has \(offsets.count) items, more than the \(limit) a slideshow may hold",
            atByteOffset: offsets[limit],
            notes: ["split it into several feeds, one show each, or raise the show's 'maxSlides' in carousel.json"])
    }

    /// Parses the document by its format. An XML document may be transcoded to UTF-8 on the way,
    /// which replaces `document.source` so later locations refer to the same text.
    private func entries(of document: inout FeedDocument, log: DiagnosticLog) throws(Diagnostic) -> [FeedEntry] {
        let source = document.source
        switch FeedFormat.detect(source.bytes, name: source.name) {
        case .json:
            let root = try JSONParser.parse(source)
            if JSONFeed.isJSONFeed(root) { return try JSONFeed.entries(root: root, source: source) }
            return try StructuredFeed(mapping: mapping, maximumItems: maximumItems, source: source, log: log).entries(root: root)
        case .binaryPropertyList:
            let root = try BinaryPropertyList.parse(source)
            return try StructuredFeed(mapping: mapping, maximumItems: maximumItems, source: source, log: log).entries(root: root.jsonNode)
        case .openStepPropertyList:
            let root = try OpenStepPropertyList.parse(source)
            return try StructuredFeed(mapping: mapping, maximumItems: maximumItems, source: source, log: log).entries(root: root.jsonNode)
        case .xml:
            let text = try XMLEncoding.utf8(source)
            document.source = text
            let root = try XMLReader.parse(text, baseURL: document.url)
            switch (root.name.local, root.name.namespace) {
            case ("rss", _), ("RDF", XMLNamespace.rdf):
                return RSSFeed.entries(root: root)
            case ("feed", _):
                return AtomFeed.entries(root: root)
            case ("plist", _):
                let plist = try XMLPropertyList.decode(root: root, source: text)
                return try StructuredFeed(mapping: mapping, maximumItems: maximumItems, source: text, log: log).entries(root: plist.jsonNode)
            default:
                throw text.error("unrecognised XML feed with root element '<\(root.name.local)>'; expected '<rss>', '<feed>', '<rdf:RDF>' or '<plist>'", atByteOffset: root.offset)
            }
        case nil:
            let start = source.bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } ?? 0
            throw source.error("unrecognised feed format; expected JSON, RSS, Atom or a property list", atByteOffset: start)
        }
    }
}
