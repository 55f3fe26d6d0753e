/// Reads the items of a JSON Feed 1.0 or 1.1 (https://jsonfeed.org/version/1.1).
enum JSONFeed {
    /// Every JSON Feed version starts with this; 1.0 and 1.1 are read alike.
    static let versionPrefix = "https://jsonfeed.org/version/1"

    static func isJSONFeed(_ root: JSONNode) -> Bool {
        root["version"]?.stringValue?.hasPrefix(versionPrefix) == true
    }

    static func entries(root: JSONNode, source: SourceText) throws(Diagnostic) -> [FeedEntry] {
        guard let itemsNode = root["items"] else {
            throw source.error("JSON Feed has no 'items'; expected an array of items", atByteOffset: root.offset)
        }
        guard let items = itemsNode.arrayValue else {
            throw source.error("JSON Feed 'items' is \(itemsNode.kindDescription); expected an array", atByteOffset: itemsNode.offset)
        }
        return items.map(entry)
    }

    private static func entry(_ item: JSONNode) -> FeedEntry {
        var entry = FeedEntry(offset: item.offset)
        // Plain-text fields per the spec; only whitespace is tidied.
        entry.title = item["title"]?.stringValue.flatMap { nonEmpty(HTMLText.collapsingWhitespace($0)) }
        entry.caption = (item["summary"]?.stringValue ?? item["content_text"]?.stringValue).flatMap { nonEmpty(HTMLText.collapsingWhitespace($0)) }
        entry.link = reference(item["url"]) ?? reference(item["external_url"])
        for key in ["image", "banner_image"] {
            if let image = reference(item[key]) { entry.images.append(image) }
        }
        for attachment in item["attachments"]?.arrayValue ?? [] where attachment["mime_type"]?.stringValue?.lowercased().hasPrefix("image/") == true {
            if let url = reference(attachment["url"]) { entry.images.append(url) }
        }
        if let html = item["content_html"], let text = html.stringValue, let source = HTMLText.firstImageSource(text) {
            entry.images.append(FeedReference(text: source, offset: html.offset, base: nil))
        }
        return entry
    }

    private static func reference(_ node: JSONNode?) -> FeedReference? {
        guard let node, let text = node.stringValue else { return nil }
        return FeedReference(text: text, offset: node.offset, base: nil)
    }
}
