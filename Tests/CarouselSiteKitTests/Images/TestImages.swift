import Foundation
@testable import CarouselSiteKit

/// Small, structurally valid images built byte by byte, so probe tests say exactly which header
/// field they exercise and need no files from outside the repository.
enum TestImages {
    static func png(width: Int = 4, height: Int = 3, colourType: UInt8 = 2, depth: UInt8 = 8, exifOrientation: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += pngChunk("IHDR", be32(width) + be32(height) + [depth, colourType, 0, 0, 0])
        if let exifOrientation { bytes += pngChunk("eXIf", tiff(orientation: exifOrientation)) }
        bytes += pngChunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01])
        bytes += pngChunk("IEND", [])
        return bytes
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(CRC32.checksum(body)))
    }

    static func jpeg(width: Int = 40, height: Int = 30, orientation: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let orientation {
            let payload = Array("Exif\0\0".utf8) + tiff(orientation: orientation)
            bytes += [0xFF, 0xE1] + be16(payload.count + 2) + payload
        }
        // SOF0: precision 8, height, width, 3 components (id, sampling, table).
        let frame: [UInt8] = [8] + be16(height) + be16(width) + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xC0] + be16(frame.count + 2) + frame
        let scan: [UInt8] = [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]
        bytes += [0xFF, 0xDA] + be16(scan.count + 2) + scan
        // Entropy-coded data with a stuffed FF 00 and a restart marker, then EOI.
        bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD9]
        return bytes
    }

    /// A big-endian TIFF block whose IFD0 holds just the Orientation tag.
    static func tiff(orientation: Int) -> [UInt8] {
        Array("MM\0*".utf8) + be32(8) + be16(1) + be16(0x0112) + be16(3) + be32(1) + be16(orientation) + [0, 0] + be32(0)
    }

    static func gif(width: Int = 5, height: Int = 7) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]  // two-colour global table
        bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
        bytes += [2, 2, 0x4C, 0x01, 0]  // LZW minimum code size, one data sub-block, terminator
        bytes += [0x3B]
        return bytes
    }

    static func webpLossless(width: Int = 9, height: Int = 11) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return riff(chunk("VP8L", [0x2F] + le32(bits) + [0, 0, 0]))
    }

    static func webpLossy(width: Int = 9, height: Int = 11) -> [UInt8] {
        riff(chunk("VP8 ", [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0]))
    }

    static func webpExtended(width: Int = 300, height: Int = 200, orientation: Int? = nil) -> [UInt8] {
        let flags: UInt8 = orientation == nil ? 0 : 0x08
        var body = chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
        body += chunk("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14) + [0])
        if let orientation { body += chunk("EXIF", tiff(orientation: orientation)) }
        return riff(body)
    }

    static func riff(_ body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(body.count + 4) + Array("WEBP".utf8) + body
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// A minimal AVIF: ftyp, meta (hdlr, pitm, iloc, iinf, iprp with ispe and optional irot/imir)
    /// and an mdat holding the primary item's (fake) coded bytes.
    static func avif(width: Int = 64, height: Int = 48, rotation: Int? = nil, mirrorAxis: Int? = nil, handler: String = "pict") -> [UInt8] {
        let ftyp = box("ftyp", Array("avif".utf8) + be32(0) + Array("avifmif1miaf".utf8))
        let hdlr = fullBox("hdlr", be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", be16(1))
        let infe = fullBox("infe", be16(1) + be16(0) + Array("av01".utf8) + [0], version: 2)
        let iinf = fullBox("iinf", be16(1) + infe)
        var properties = fullBox("ispe", be32(width) + be32(height))
        var associations: [UInt8] = [0x81]  // essential, property 1
        if let rotation {
            properties += box("irot", [UInt8(rotation)])
            associations.append(UInt8(0x80 | (associations.count + 1)))
        }
        if let mirrorAxis {
            properties += box("imir", [UInt8(mirrorAxis)])
            associations.append(UInt8(0x80 | (associations.count + 1)))
        }
        let ipco = box("ipco", properties)
        let ipma = fullBox("ipma", be32(1) + be16(1) + [UInt8(associations.count)] + associations)
        let iprp = box("iprp", ipco + ipma)
        let coded: [UInt8] = [0x12, 0x00, 0x0A, 0x0B]
        // iloc v0: offset size 4, length size 4, base offset size 0; one item with one extent.
        func iloc(dataOffset: Int) -> [UInt8] {
            fullBox("iloc", [0x44, 0x00] + be16(1) + be16(1) + be16(0) + be16(1) + be32(dataOffset) + be32(coded.count))
        }
        let metaLength = fullBox("meta", hdlr + pitm + iloc(dataOffset: 0) + iinf + iprp).count
        let dataOffset = ftyp.count + metaLength + 8
        let meta = fullBox("meta", hdlr + pitm + iloc(dataOffset: dataOffset) + iinf + iprp)
        return ftyp + meta + box("mdat", coded)
    }

    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(content.count + 8) + Array(type.utf8) + content
    }

    static func fullBox(_ type: String, _ content: [UInt8], version: UInt8 = 0) -> [UInt8] {
        box(type, [version, 0, 0, 0] + content)
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16 & 0xFFFF) + be16(value & 0xFFFF) }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le24(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + [UInt8(value >> 16 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
}
