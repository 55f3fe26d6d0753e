/// Reads the description a camera or photo editor stored inside a JPEG: the EXIF
/// `ImageDescription` tag, else the IPTC `Caption-Abstract`. `init --from-folder` uses it as the
/// slide's caption. Only headers are read; a malformed header gives nil, never a crash.
enum EmbeddedDescription {
    static func read(_ bytes: [UInt8]) -> String? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var exif: String?
        var iptc: String?
        var offset = 2
        // Walk the marker segments up to the start of scan; descriptions live in APP1 and APP13.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let segment = Array(bytes[(offset + 4)..<(offset + 2 + length)])
            if marker == 0xE1, segment.starts(with: Array("Exif\0\0".utf8)) {
                exif = exif ?? exifDescription(Array(segment.dropFirst(6)))
            } else if marker == 0xED {
                iptc = iptc ?? iptcCaption(segment)
            }
            offset += 2 + length
        }
        return [exif, iptc].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// Tag 0x010E (ImageDescription, ASCII) in IFD0 of a TIFF structure.
    static func exifDescription(_ tiff: [UInt8]) -> String? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49  // "II" little-endian, "MM" big-endian
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<min(count, 512) {  // a real IFD0 has a few dozen entries
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let length = u32(entry + 4) else { return nil }
            guard tag == 0x010E, type == 2, length > 0 else { continue }  // type 2: ASCII
            let start = length <= 4 ? entry + 8 : (u32(entry + 8) ?? -1)
            guard start >= 0, start + length <= tiff.count else { return nil }
            return text(tiff[start..<(start + length)])
        }
        return nil
    }

    /// IPTC record 2, dataset 120 (Caption-Abstract) inside a Photoshop "8BIM" resource 0x0404.
    static func iptcCaption(_ segment: [UInt8]) -> String? {
        var offset = 0
        while offset + 5 <= segment.count {
            if segment[offset] == 0x1C, segment[offset + 1] == 0x02, segment[offset + 2] == 120 {
                let length = Int(segment[offset + 3]) << 8 | Int(segment[offset + 4])
                let start = offset + 5
                guard start + length <= segment.count else { return nil }
                return text(segment[start..<(start + length)])
            }
            offset += 1
        }
        return nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        let trimmed = bytes.prefix { $0 != 0 }
        let string = String(decoding: trimmed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return string.isEmpty ? nil : string
    }
}

import Foundation
