/// Reads entries from a JSON document (or a property list seen as JSON) whose shape is not fixed:
/// a top-level array of items, an array under some key, an object of objects, the classic
/// "image file → caption" dictionary, or whatever a `FieldMapping` points at.
struct StructuredFeed {
    let mapping: FieldMapping
    let maximumItems: Int
    let source: SourceText
    let log: DiagnosticLog
    /// Locates the warnings about skipped items in time linear in the feed, however many there are.
    private let locator: SourceLocator

    init(mapping: FieldMapping, maximumItems: Int, source: SourceText, log: DiagnosticLog) {
        self.mapping = mapping
        self.maximumItems = maximumItems
        self.source = source
        self.log = log
        locator = SourceLocator(source)
    }

    func entries(root: JSONNode) throws(Diagnostic) -> [FeedEntry] {
        if let path = mapping.items {
            let container = try follow(path, from: root)
            return try entries(in: container, path: path)
        }
        switch root.value {
        case .array:
            return try entries(in: root, path: nil)
        case .object(let members):
            if let classic = classicCaptions(members) { return classic }
            if let list = firstItemList(in: root) { return try entries(in: list, path: nil) }
            if !members.isEmpty, members.allSatisfy({ $0.value.members != nil }) {
                try checkCount(members.lazy.map(\.value))
                return members.compactMap { entry(for: $0.value, key: $0) }
            }
            throw source.error("no list of items found; expected an array of items, an object of items, or a 'mapping' with 'items'", atByteOffset: root.offset)
        default:
            throw source.error("expected an array or object of items, found \(root.kindDescription)", atByteOffset: root.offset)
        }
    }

    private func entries(in container: JSONNode, path: String?) throws(Diagnostic) -> [FeedEntry] {
        switch container.value {
        case .array(let items):
            try checkCount(items)
            return items.compactMap { entry(for: $0, key: nil) }
        case .object(let members):
            try checkCount(members.lazy.map(\.value))
            return members.compactMap { entry(for: $0.value, key: $0) }
        default:
            let what = path.map { "mapping 'items' path '\($0)' leads to \(container.kindDescription)" } ?? "found \(container.kindDescription)"
            throw source.error("\(what); expected an array or object of items", atByteOffset: container.offset)
        }
    }

    /// Checked on the raw list, before any item is read.
    private func checkCount<Items: RandomAccessCollection<JSONNode>>(_ items: Items) throws(Diagnostic) where Items.Index == Int {
        try FeedReader.checkCount(items.lazy.map(\.offset), limit: maximumItems, in: source)
    }

    /// Follows a dotted path ("data.headline_ad", "results.0.images") from `root`.
    private func follow(_ path: String, from root: JSONNode) throws(Diagnostic) -> JSONNode {
        var node = root
        for component in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if let members = node.members, let member = members.first(where: { $0.key == component }) {
                node = member.value
            } else if let items = node.arrayValue, let index = Int(component), items.indices.contains(index) {
                node = items[index]
            } else {
                throw source.error("mapping 'items' path '\(path)' not found: \(node.kindDescription) here has no '\(component)'", atByteOffset: node.offset)
            }
        }
        return node
    }

    /// The classic iOS sample shape `{"0.jpg": "Astronaut", ...}`: every key names an image file
    /// or URL and every value is its caption.
    private func classicCaptions(_ members: [JSONMember]) -> [FeedEntry]? {
        guard !members.isEmpty, members.allSatisfy({ $0.value.stringValue != nil && Self.isImageKey($0.key) }) else { return nil }
        return members.map { member in
            var entry = FeedEntry(offset: member.keyOffset)
            entry.images = [FeedReference(text: member.key, offset: member.keyOffset, base: nil)]
            entry.caption = member.value.stringValue.flatMap { nonEmpty(HTMLText.plainText($0)) }
            return entry
        }
    }

    private static func isImageKey(_ key: String) -> Bool {
        MediaCandidates.looksLikeImageFile(key) || key.lowercased().hasPrefix("http://") || key.lowercased().hasPrefix("https://")
    }

    /// How far below the root an item list is searched for: `{"data": {"ads": [...]}}` is two
    /// levels; deeper structures should name their list with a mapping.
    private static let searchDepth = 3

    /// The first array (breadth first, members in document order) that holds objects or strings.
    private func firstItemList(in root: JSONNode) -> JSONNode? {
        var level = [root]
        for _ in 0..<Self.searchDepth {
            var next: [JSONNode] = []
            for node in level {
                for member in node.members ?? [] {
                    if let items = member.value.arrayValue, items.contains(where: { $0.members != nil || $0.stringValue != nil }) {
                        return member.value
                    }
                    if member.value.members != nil { next.append(member.value) }
                }
            }
            level = next
        }
        return nil
    }

    /// One entry from an item: an object's fields, or a bare string naming the image.
    /// `key` is the member when the item is a value in an object of items.
    private func entry(for item: JSONNode, key: JSONMember?) -> FeedEntry? {
        switch item.value {
        case .string(let text):
            var entry = FeedEntry(offset: item.offset)
            entry.images = [FeedReference(text: text, offset: item.offset, base: nil)]
            return entry
        case .object(let members):
            var fields = ItemFields(members: members, mapping: mapping)
            var entry = FeedEntry(offset: key?.keyOffset ?? item.offset)
            if let image = fields.image() {
                entry.images = [image]
            } else if let key, Self.isImageKey(key.key) {
                entry.images = [FeedReference(text: key.key, offset: key.keyOffset, base: nil)]
            }
            entry.title = fields.text(.title).flatMap { nonEmpty(HTMLText.plainText($0)) }
            entry.caption = fields.text(.caption).flatMap { nonEmpty(HTMLText.plainText($0)) }
            entry.alt = fields.text(.alt).flatMap { nonEmpty(HTMLText.plainText($0)) }
            entry.link = fields.reference(.link)
            return entry
        default:
            log.report(.warning("item is \(item.kindDescription); expected an object or a string; it is skipped", at: locator.location(ofByteOffset: item.offset)))
            return nil
        }
    }
}
