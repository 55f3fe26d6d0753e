/// Reads a property list, XML, binary or OpenStep ASCII, told apart by content.
///
/// ```swift
/// let root = try PropertyListReader.read(SourceText(name: "captions.plist", data: data))
/// ```
public enum PropertyListReader {
    /// Parses `source` into a tree.
    /// - Throws: a `Diagnostic` at the offending line and column (XML) or byte (binary).
    public static func read(_ source: SourceText) throws(Diagnostic) -> PropertyListNode {
        if source.bytes.starts(with: Array("bplist".utf8)) {
            return try BinaryPropertyList.parse(source)
        }
        if FeedFormat.detect(source.bytes, name: source.name) != .xml {
            return try OpenStepPropertyList.parse(source)
        }
        let text = try XMLEncoding.utf8(source)
        let root = try XMLReader.parse(text)
        return try XMLPropertyList.decode(root: root, source: text)
    }
}
