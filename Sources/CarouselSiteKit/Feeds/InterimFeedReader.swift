import Foundation

// Interim reader: JSON arrays and classic plist dictionaries only, until the full feed readers land.

public struct FieldMapping: Hashable, Sendable {
    public var items: String?
    public var image: String?
    public var title: String?
    public var caption: String?
    public var link: String?
    public var alt: String?
    public init() {}
}

public struct FeedDocument: Sendable {
    public var source: SourceText
    public var url: URL?
    public var folder: String
    public init(source: SourceText, url: URL?, folder: String) {
        self.source = source
        self.url = url
        self.folder = folder
    }
}

public struct FeedReader: Sendable {
    public var mapping: FieldMapping
    public init(mapping: FieldMapping = FieldMapping()) { self.mapping = mapping }

    public func read(_ document: FeedDocument, log: DiagnosticLog) throws(Diagnostic) -> [Slide] {
        func local(_ ref: String) -> ImageSource {
            if let url = URL(string: ref), url.scheme == "http" || url.scheme == "https" { return .remote(url) }
            return .local(document.folder.isEmpty ? ref : document.folder + "/" + ref)
        }
        if document.source.bytes.starts(with: Array("<?xml".utf8)) || document.source.bytes.starts(with: Array("bplist".utf8)) {
            guard let plist = try? PropertyListSerialization.propertyList(from: Data(document.source.bytes), format: nil) as? [String: String] else {
                throw .error("unreadable property list", at: .file(document.source.name))
            }
            return plist.keys.sorted().map { Slide(image: local($0), caption: plist[$0]) }
        }
        let root = try JSONParser.parse(document.source)
        guard let items = root.arrayValue else { throw document.source.error("expected an array of items", atByteOffset: root.offset) }
        return items.compactMap { item in
            guard let image = item[mapping.image ?? "image"]?.stringValue else {
                log.report(document.source.warning("item has no 'image'; skipped", atByteOffset: item.offset))
                return nil
            }
            return Slide(image: local(image), title: item["title"]?.stringValue, caption: item["caption"]?.stringValue,
                         link: item["link"]?.stringValue, alt: item["alt"]?.stringValue, location: document.source.location(ofByteOffset: item.offset))
        }
    }
}
