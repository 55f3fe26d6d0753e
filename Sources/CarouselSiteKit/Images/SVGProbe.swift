import Foundation

/// SVG: the document must start (after an optional XML declaration, comments, processing
/// instructions and doctype) with a well-formed `<svg ...>` start tag; its `width`, `height` and
/// `viewBox` attributes give the size a browser uses for the `<img>`.
enum SVGProbe {
    /// The size CSS gives a replaced element that has no size of its own (CSS 2.1 §10.3.2).
    private static let defaultSize = (width: 300.0, height: 150.0)
    /// The largest side accepted, in CSS pixels: a thousand times a large screen.
    private static let maximumSide = 1_000_000.0
    /// CSS pixels per unit for the absolute units and the font-relative ones at the 16 px default
    /// font size (an `<img>` SVG cannot see the page's font size): CSS Values 4 §6.
    private static let pixelsPerUnit: [String: Double] = [
        "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
        "pt": 96.0 / 72, "pc": 16, "em": 16, "rem": 16, "ex": 8,
    ]

    /// True when the bytes start like an XML document or an `<svg>` element.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        guard let root = try? rootElementStart(bytes) else { return false }
        return bytes[root...].starts(with: Array("<svg".utf8))
    }

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        let bytes = reader.bytes
        guard let root = try rootElementStart(bytes) else { throw ImageProbeError.malformed(.svg, reason: "no root element") }
        let attributes = try startTagAttributes(bytes, from: root + 4)
        let width = attributes["width"].flatMap(length)
        let height = attributes["height"].flatMap(length)
        let viewBox = attributes["viewbox"].flatMap(parseViewBox)
        var size = (width: width ?? defaultSize.width, height: height ?? defaultSize.height)
        if let viewBox, viewBox.width > 0, viewBox.height > 0 {
            // One stated length and a viewBox: the other follows the viewBox's aspect ratio.
            switch (width, height) {
            case (nil, nil): size = viewBox
            case (let width?, nil): size.height = width * viewBox.height / viewBox.width
            case (nil, let height?): size.width = height * viewBox.width / viewBox.height
            default: break
            }
        }
        // Checked as doubles: a stated "1e300" (or a ratio that overflows) must not reach Int().
        guard size.width <= maximumSide, size.height <= maximumSide else {
            throw ImageProbeError.malformed(.svg, reason: "width or height over 1,000,000 px")
        }
        let pixels = (width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        guard pixels.width > 0, pixels.height > 0 else { throw ImageProbeError.malformed(.svg, reason: "zero width or height") }
        return ImageInfo(format: .svg, width: pixels.width, height: pixels.height)
    }

    /// The offset of the root element's `<`, after the prolog; nil when the bytes are not XML-like.
    private static func rootElementStart(_ bytes: [UInt8]) throws -> Int? {
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // UTF-8 byte order mark
        while true {
            while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return nil }
            let rest = bytes[offset...]
            if rest.starts(with: Array("<?".utf8)) {
                offset = try end(of: "?>", in: bytes, from: offset + 2)
            } else if rest.starts(with: Array("<!--".utf8)) {
                offset = try end(of: "-->", in: bytes, from: offset + 4)
            } else if rest.starts(with: Array("<!DOCTYPE".utf8)) {
                offset = try endOfDoctype(bytes, from: offset)
            } else {
                return offset
            }
        }
    }

    private static func end(of terminator: String, in bytes: [UInt8], from start: Int) throws -> Int {
        let pattern = Array(terminator.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index + pattern.count
            }
            index += 1
        }
        throw ImageProbeError.truncated(.svg)
    }

    /// A doctype ends at the first `>` outside its internal subset (`[...]`) and quotes.
    private static func endOfDoctype(_ bytes: [UInt8], from start: Int) throws -> Int {
        var inSubset = false
        var quote: UInt8?
        for index in start..<bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">"), !inSubset {
                return index + 1
            }
        }
        throw ImageProbeError.truncated(.svg)
    }

    /// Parses `name="value"` pairs up to `>` or `/>` with XML's rules: quoted values without `<`,
    /// whitespace between attributes. Names are lowercased (`viewbox` is accepted as `viewBox`).
    private static func startTagAttributes(_ bytes: [UInt8], from start: Int) throws -> [String: String] {
        var attributes: [String: String] = [:]
        var offset = start
        while true {
            let spaceStart = offset
            while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw ImageProbeError.truncated(.svg) }
            if bytes[offset] == UInt8(ascii: ">") { return attributes }
            if bytes[offset] == UInt8(ascii: "/") {
                guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") else {
                    throw ImageProbeError.malformed(.svg, reason: "expected '>' after '/' in the 'svg' start tag")
                }
                return attributes
            }
            guard offset > spaceStart else {
                throw ImageProbeError.malformed(.svg, reason: "expected whitespace between attributes of the 'svg' start tag")
            }
            let nameStart = offset
            while offset < bytes.count, !isSpace(bytes[offset]), bytes[offset] != UInt8(ascii: "="),
                  bytes[offset] != UInt8(ascii: ">"), bytes[offset] != UInt8(ascii: "/") {
                offset += 1
            }
            let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self).lowercased()
            while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw ImageProbeError.malformed(.svg, reason: "expected '=' after attribute '\(name)'")
            }
            offset += 1
            while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw ImageProbeError.malformed(.svg, reason: "expected a quoted value for attribute '\(name)'")
            }
            let quote = bytes[offset]
            let valueStart = offset + 1
            offset = valueStart
            while offset < bytes.count, bytes[offset] != quote {
                guard bytes[offset] != UInt8(ascii: "<") else {
                    throw ImageProbeError.malformed(.svg, reason: "'<' inside the value of attribute '\(name)'")
                }
                offset += 1
            }
            guard offset < bytes.count else { throw ImageProbeError.truncated(.svg) }
            attributes[name] = String(decoding: bytes[valueStart..<offset], as: UTF8.self)
            offset += 1
        }
    }

    /// An absolute length in CSS pixels; nil for percentages, `auto` and anything unparsable.
    private static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unitStart = trimmed.lastIndex { $0.isNumber || $0 == "." }.map { trimmed.index(after: $0) } ?? trimmed.startIndex
        let unit = String(trimmed[unitStart...])
        guard let factor = pixelsPerUnit[unit], let number = Double(trimmed[..<unitStart]), number.isFinite else { return nil }
        return number * factor
    }

    private static func parseViewBox(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split { $0 == "," || $0.isWhitespace }.compactMap { Double($0) }
        guard numbers.count == 4, numbers[2].isFinite, numbers[3].isFinite else { return nil }
        return (numbers[2], numbers[3])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
