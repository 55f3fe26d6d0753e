/// Reads the entries of an RSS 0.9x/2.0 (`<rss>`) or RSS 1.0 (`<rdf:RDF>`) document.
enum RSSFeed {
    /// RSS 2.0 elements have no namespace; RSS 1.0 puts the same names in its own.
    private static let core: Set<String?> = [nil, XMLNamespace.rss10]

    static func entries(root: XMLElement) -> [FeedEntry] {
        var items = root.elements("item", in: core)
        for channel in root.elements("channel", in: core) {
            items += channel.elements("item", in: core)
        }
        items.sort { $0.offset < $1.offset }
        return items.map(entry)
    }

    private static func entry(_ item: XMLElement) -> FeedEntry {
        var entry = FeedEntry(offset: item.offset)
        let mediaTitle = MediaCandidates.mediaElement("title", in: item)
        entry.title = (item.element("title", in: core) ?? mediaTitle).map { nonEmpty(HTMLText.plainText($0.text)) } ?? nil
        entry.caption = captionElement(of: item).map { nonEmpty(HTMLText.plainText($0.text)) } ?? nil
        entry.link = link(of: item)

        let media = MediaCandidates(entry: item)
        entry.images = media.media
        for enclosure in item.elements("enclosure", in: core) where MediaCandidates.isImage(enclosure) {
            if let reference = enclosure.reference(attribute: "url") { entry.images.append(reference) }
        }
        for image in item.elements("image", in: XMLNamespace.itunes) {
            if let reference = image.reference(attribute: "href") ?? image.reference(attribute: "url") {
                entry.images.append(reference)
            }
        }
        // The iTunes 1.0 form: <itunes:link rel="image" href="...">.
        for link in item.elements("link", in: XMLNamespace.itunes) where link[attribute: "rel"] == "image" {
            if let reference = link.reference(attribute: "href") { entry.images.append(reference) }
        }
        for holder in [item.element("description", in: core), item.element("encoded", in: [XMLNamespace.content])] {
            if let holder, let reference = MediaCandidates.firstHTMLImage(in: holder) { entry.images.append(reference) }
        }
        return entry
    }

    private static func captionElement(of item: XMLElement) -> XMLElement? {
        item.element("description", in: core) ?? MediaCandidates.mediaElement("description", in: item)
    }

    /// `<link>`, or else a `<guid>` that is a permalink (the default) and looks like a URL.
    private static func link(of item: XMLElement) -> FeedReference? {
        if let link = item.element("link", in: core), !link.text.trimmingWhitespace.isEmpty {
            return link.textReference
        }
        if let guid = item.element("guid", in: core), guid[attribute: "isPermaLink"]?.lowercased() != "false" {
            let text = guid.text.trimmingWhitespace.lowercased()
            if text.hasPrefix("http://") || text.hasPrefix("https://") { return guid.textReference }
        }
        return nil
    }
}

/// nil for empty text, so a blank `<title/>` does not become an empty heading.
func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
}
