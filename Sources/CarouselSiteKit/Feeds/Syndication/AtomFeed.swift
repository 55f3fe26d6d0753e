/// Reads the entries of an Atom 1.0 (or 0.3) `<feed>`.
enum AtomFeed {
    static func entries(root: XMLElement) -> [FeedEntry] {
        let namespace: Set<String?> = [root.name.namespace]
        return root.elements("entry", in: namespace).map { entry($0, namespace: namespace) }
    }

    private static func entry(_ element: XMLElement, namespace: Set<String?>) -> FeedEntry {
        var entry = FeedEntry(offset: element.offset)
        entry.title = element.element("title", in: namespace).flatMap(text)
            ?? MediaCandidates.mediaElement("title", in: element).flatMap(text)
        entry.caption = element.element("summary", in: namespace).flatMap(text)
            ?? MediaCandidates.mediaElement("description", in: element).flatMap(text)

        let links = element.elements("link", in: namespace)
        // Atom requires 'href'; some feeds put the URL in the element's text instead.
        let alternate = links.first { ($0[attribute: "rel"] ?? "alternate") == "alternate" }
        entry.link = alternate.map { $0.reference(attribute: "href") ?? $0.textReference }

        entry.images = MediaCandidates(entry: element).media
        for link in links where link[attribute: "rel"] == "enclosure" && MediaCandidates.isImage(link, urlAttribute: "href") {
            if let reference = link.reference(attribute: "href") { entry.images.append(reference) }
        }
        let content = element.element("content", in: namespace)
        if let content, let source = content.reference(attribute: "src"), MediaCandidates.isImage(content, urlAttribute: "src") {
            entry.images.append(source)
        }
        for holder in [content, element.element("summary", in: namespace)] {
            if let holder, isMarkup(holder), let reference = MediaCandidates.firstHTMLImage(in: holder) {
                entry.images.append(reference)
            }
        }
        return entry
    }

    /// The plain text of an Atom text construct: `type="html"` is reduced from HTML, `xhtml`
    /// gives the text of its inline elements, and `text` (the default) is already plain.
    private static func text(_ element: XMLElement) -> String? {
        let type = (element[attribute: "type"] ?? "text").lowercased()
        if type.contains("html"), !type.contains("xhtml"), !element.hasElementChildren {
            return nonEmpty(HTMLText.plainText(element.text))
        }
        return nonEmpty(HTMLText.collapsingWhitespace(element.text))
    }

    /// Whether a content or summary holds HTML or XHTML (worth searching for an `<img>`).
    private static func isMarkup(_ element: XMLElement) -> Bool {
        let type = (element[attribute: "type"] ?? "text").lowercased()
        return type.contains("html") || element.hasElementChildren
    }
}
