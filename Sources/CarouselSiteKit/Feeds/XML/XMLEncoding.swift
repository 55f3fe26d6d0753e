import Foundation

/// Brings an XML document to UTF-8 before it is parsed: UTF-16 (by byte order mark) and the
/// single-byte encodings feeds still declare are transcoded; anything else is refused.
///
/// Transcoding keeps lines and columns right, because both count characters, not bytes.
enum XMLEncoding {
    static func utf8(_ source: SourceText) throws(Diagnostic) -> SourceText {
        let bytes = source.bytes
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let encoding: String.Encoding = bytes[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            guard let text = String(bytes: bytes.dropFirst(2), encoding: encoding) else {
                throw Diagnostic.error("invalid UTF-16 text after the byte order mark", at: SourceLocation(file: source.name, line: 1, column: 1))
            }
            return SourceText(name: source.name, text: text)
        }
        guard let declared = declaredEncoding(in: bytes) else { return source }
        switch declared.name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return source
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "iso-8859-15":
            return SourceText(name: source.name, text: String(bytes: bytes, encoding: .isoLatin1)!)
        case "windows-1252", "cp1252":
            guard let text = String(bytes: bytes, encoding: .windowsCP1252) else {
                throw source.error("invalid windows-1252 text", atByteOffset: declared.offset)
            }
            return SourceText(name: source.name, text: text)
        default:
            throw source.error("unsupported encoding '\(declared.name)'; expected UTF-8, UTF-16 or ISO-8859-1", atByteOffset: declared.offset)
        }
    }

    /// The `encoding="..."` of a leading XML declaration and the offset of its value.
    private static func declaredEncoding(in bytes: [UInt8]) -> (name: String, offset: Int)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.dropFirst(start).starts(with: Array("<?xml".utf8)) else { return nil }
        // The declaration is short; 200 bytes is more than any real one needs.
        let end = min(bytes.count, start + 200)
        guard let close = (start + 2..<end).first(where: { bytes[$0] == UInt8(ascii: "?") }) else { return nil }  // after "<?"
        let declaration = String(decoding: bytes[start..<close], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        let offset = start + declaration.utf8.distance(from: declaration.startIndex, to: rest.startIndex) + 1
        return (String(value), offset)
    }
}
