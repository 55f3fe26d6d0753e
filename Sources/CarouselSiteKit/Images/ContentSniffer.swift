/// Names what non-image bytes look like, so a warning can say "looks like HTML" when a server
/// answers an image URL with an error page and status 200.
enum ContentSniffer {
    static func describe(_ bytes: [UInt8]) -> String? {
        // The first kilobyte is enough to recognise a document's start, past a BOM and blank lines.
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
            .drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            .lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || head.hasPrefix("<body") || head.contains("<html") {
            return "HTML"
        }
        if head.hasPrefix("<?xml") || head.hasPrefix("<rss") || head.hasPrefix("<feed") { return "XML" }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON" }
        if bytes.starts(with: [0x1F, 0x8B]) { return "gzip data" }
        if bytes.starts(with: Array("%PDF".utf8)) { return "PDF" }
        if bytes.starts(with: Array("II*\0".utf8)) || bytes.starts(with: Array("MM\0*".utf8)) { return "TIFF, which browsers do not show" }
        if bytes.starts(with: Array("BM".utf8)) { return "BMP" }
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) { return "an ISO media file that is not AVIF" }
        let sample = bytes.prefix(512)
        // Text: tabs, line breaks, printable ASCII and UTF-8 sequences only, no control bytes.
        if !sample.isEmpty, sample.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) || $0 >= 0x80 }) {
            return "text"
        }
        return nil
    }
}
