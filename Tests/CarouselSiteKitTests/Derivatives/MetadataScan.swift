@testable import CarouselSiteKit

/// Finds metadata containers in JPEG, PNG and WebP bytes, by the formats' own structure.
enum MetadataScan {
    static func markers(in bytes: [UInt8]) -> [String] {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegMarkers(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return pngMarkers(bytes) }
        if bytes.starts(with: Array("RIFF".utf8)) { return webpMarkers(bytes) }
        if bytes.count > 12, bytes[4..<12].elementsEqual("ftypavif".utf8) { return avifMarkers(bytes) }
        return ["unknown format"]
    }

    /// APP1 (EXIF, XMP), APP2 (ICC) and APP13 (IPTC) segments before the scan.
    static func jpegMarkers(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA { break }  // start of scan: no more header segments
            if [0xE1, 0xE2, 0xED].contains(marker) { found.append(String(format: "APP%d", Int(marker) - 0xE0)) }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return found
    }

    static func pngMarkers(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var offset = 8  // the signature
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if ["eXIf", "iCCP", "iTXt", "tEXt", "zTXt"].contains(type) { found.append(type) }
            offset += 12 + length  // length, type, data, CRC
        }
        return found
    }

    /// AVIF keeps EXIF and XMP as items whose payloads start with their usual headers, and an
    /// ICC profile as a `colr` box of type `prof`; the encoder's output is deterministic, so a
    /// byte search cannot flake.
    static func avifMarkers(_ bytes: [UInt8]) -> [String] {
        ["Exif\0\0", "http://ns.adobe.com/xap/1.0/", "prof"].filter { signature in
            let needle = Array(signature.utf8)
            return bytes.indices.contains { bytes[$0...].starts(with: needle) }
        }
    }

    static func webpMarkers(_ bytes: [UInt8]) -> [String] {
        guard let chunks = WebPMetadataStripper.chunks(of: bytes) else { return ["malformed WebP"] }
        var found = chunks.map(\.fourCC).filter { ["EXIF", "XMP ", "ICCP"].contains($0) }
        if let header = chunks.first(where: { $0.fourCC == "VP8X" }), header.payload[0] & 0x2C != 0 {
            found.append("VP8X metadata flags")
        }
        return found
    }
}
