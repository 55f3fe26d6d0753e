/// Finds the image, title, caption, link and alt text among one JSON item's members, by the
/// mapping's explicit paths or else by the field names feeds commonly use.
struct ItemFields {
    enum Role {
        case image, title, caption, link, alt
    }

    let members: [JSONMember]
    /// The members' keys lowercased once, for case-insensitive name detection.
    private let lowercasedKeys: [String]
    let mapping: FieldMapping
    /// The member the image came from: a "url" that is the image cannot also be the link.
    private var imageKey: String?

    init(members: [JSONMember], mapping: FieldMapping) {
        self.members = members
        self.lowercasedKeys = members.map { $0.key.lowercased() }
        self.mapping = mapping
    }

    /// Common names, most specific first. "url" and "location" come last for images, so an item
    /// with both "image" and "url" takes its image from the first and its link from the second.
    private static let names: [Role: [String]] = [
        .image: ["image", "imgsrc", "img", "picture", "photo", "image_url", "imageurl", "thumbnail", "thumbnail_url", "src", "location", "url"],
        .title: ["title", "name", "headline"],
        .caption: ["caption", "description", "summary", "text"],
        .link: ["link", "href", "url", "permalink"],
        .alt: ["alt", "alt_text", "alttext"],
    ]

    private func mappedPath(_ role: Role) -> String? {
        switch role {
        case .image: mapping.image
        case .title: mapping.title
        case .caption: mapping.caption
        case .link: mapping.link
        case .alt: mapping.alt
        }
    }

    /// The image reference, remembering which member it came from.
    mutating func image() -> FeedReference? {
        if let path = mapping.image {
            return value(atPath: path).flatMap(Self.reference)
        }
        for name in Self.names[.image]! {
            if let member = member(named: name), let reference = Self.reference(member.value) {
                imageKey = member.key
                return reference
            }
        }
        return nil
    }

    func text(_ role: Role) -> String? {
        if let path = mappedPath(role) { return value(atPath: path).flatMap(Self.text) }
        for name in Self.names[role]! where name != imageKey?.lowercased() {
            if let member = member(named: name), let text = Self.text(member.value) { return text }
        }
        return nil
    }

    func reference(_ role: Role) -> FeedReference? {
        if let path = mappedPath(role) { return value(atPath: path).flatMap(Self.reference) }
        for name in Self.names[role]! where name != imageKey?.lowercased() {
            if let member = member(named: name), let reference = Self.reference(member.value) { return reference }
        }
        return nil
    }

    private func member(named name: String) -> JSONMember? {
        lowercasedKeys.firstIndex(of: name).map { members[$0] }
    }

    private func value(atPath path: String) -> JSONNode? {
        var node = JSONNode(.object(members), offset: 0)
        for component in path.split(separator: ".") {
            if let next = node[String(component)] {
                node = next
            } else if let items = node.arrayValue, let index = Int(component), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// A string, or an object with a "url"/"src"/"href" (like `{"url": ..., "width": 640}`),
    /// or the first usable element of an array.
    private static func reference(_ node: JSONNode) -> FeedReference? {
        switch node.value {
        case .string(let text):
            return FeedReference(text: text, offset: node.offset, base: nil)
        case .object:
            for key in ["url", "src", "href"] {
                if let inner = node[key], let text = inner.stringValue {
                    return FeedReference(text: text, offset: inner.offset, base: nil)
                }
            }
            return nil
        case .array(let items):
            return items.lazy.compactMap(reference).first
        default:
            return nil
        }
    }

    private static func text(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): text
        case .number(_, let text): text
        default: nil
        }
    }
}
