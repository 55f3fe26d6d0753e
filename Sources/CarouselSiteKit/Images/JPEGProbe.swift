/// JPEG: walks the marker segments from SOI, reading the size from the first SOFn segment and the
/// orientation from the first APP1 "Exif" segment, then scans the entropy-coded data to EOI, so a
/// truncated download is caught (ITU T.81 annex B).
enum JPEGProbe {
    private static let startOfScan: UInt8 = 0xDA
    private static let endOfImage: UInt8 = 0xD9
    private static let app1: UInt8 = 0xE1

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        var size: (width: Int, height: Int)?
        var orientation: Int?
        var offset = 2  // after SOI (FF D8)
        while true {
            let marker = try nextMarker(reader, from: &offset)
            switch marker {
            case endOfImage:
                guard let size else { throw ImageProbeError.malformed(.jpeg, reason: "no frame header (SOF)") }
                return ImageInfo(format: .jpeg, width: size.width, height: size.height, orientation: orientation ?? 1)
            case 0xD0...0xD7, 0x01:
                continue  // RSTn and TEM stand alone, without a length.
            default:
                break
            }
            let length = try reader.uint16BE(at: offset)
            guard length >= 2 else { throw ImageProbeError.malformed(.jpeg, reason: "segment length \(length) is too short") }
            let body = offset + 2
            if isStartOfFrame(marker), size == nil {
                // SOFn body: precision (1), height (2), width (2), component count (1), ...
                let height = try reader.uint16BE(at: body + 1)
                let width = try reader.uint16BE(at: body + 3)
                guard width > 0, height > 0 else { throw ImageProbeError.malformed(.jpeg, reason: "zero width or height") }
                size = (width, height)
            } else if marker == app1, orientation == nil, reader.matches("Exif\0\0", at: body) {
                orientation = EXIFOrientation.read(reader, tiffStart: body + 6)
            }
            offset += length
            if marker == startOfScan {
                guard size != nil else { throw ImageProbeError.malformed(.jpeg, reason: "scan data before the frame header (SOF)") }
                try skipEntropyCodedData(reader, from: &offset)
            }
        }
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Reads the marker at `offset`, skipping fill bytes (FF FF ...) and, like libjpeg, stray bytes
    /// between segments; leaves `offset` after the marker.
    private static func nextMarker(_ reader: ByteReader, from offset: inout Int) throws -> UInt8 {
        while true {
            guard offset < reader.count else { throw ImageProbeError.truncated(.jpeg) }
            guard reader.bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            var next = offset + 1
            while next < reader.count, reader.bytes[next] == 0xFF { next += 1 }
            guard next < reader.count else { throw ImageProbeError.truncated(.jpeg) }
            let marker = reader.bytes[next]
            offset = next + 1
            if marker != 0x00 { return marker }
        }
    }

    /// Moves `offset` past entropy-coded data to the next real marker: FF 00 is a stuffed data
    /// byte and FF D0–D7 are restart markers inside the scan.
    private static func skipEntropyCodedData(_ reader: ByteReader, from offset: inout Int) throws {
        let bytes = reader.bytes
        var index = offset
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) {
                    offset = index
                    return
                }
            }
            index += 1
        }
        throw ImageProbeError.truncated(.jpeg)
    }
}
