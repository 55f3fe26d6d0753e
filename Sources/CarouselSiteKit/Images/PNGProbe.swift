/// PNG: the signature, the IHDR chunk (size, bit depth, colour type) and a walk over every chunk
/// to IEND checking lengths and CRCs, so a corrupted or truncated file is caught (PNG spec §5).
enum PNGProbe {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IHDR's data is always 13 bytes: width 4, height 4, bit depth, colour type, compression,
    /// filter and interlace methods 1 each.
    private static let headerLength = 13
    /// Bit depths allowed for each colour type (PNG spec table 11.1).
    private static let allowedDepths: [Int: Set<Int>] = [
        0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        guard reader.has(8, at: 0) else { throw ImageProbeError.truncated(.png) }
        guard reader.bytes.starts(with: signature) else {
            throw ImageProbeError.malformed(.png, reason: "bad signature (was the file transferred as text?)")
        }
        // Layout: signature (8), then chunks of length (4), type (4), data, CRC (4).
        guard reader.matches("IHDR", at: 12), try reader.uint32BE(at: 8) == headerLength else {
            throw ImageProbeError.malformed(.png, reason: "the first chunk is not a 13-byte 'IHDR'")
        }
        let width = try reader.uint32BE(at: 16)
        let height = try reader.uint32BE(at: 20)
        let depth = Int(try reader.byte(at: 24))
        let colourType = Int(try reader.byte(at: 25))
        guard width > 0, height > 0 else { throw ImageProbeError.malformed(.png, reason: "zero width or height") }
        guard let depths = allowedDepths[colourType] else {
            throw ImageProbeError.malformed(.png, reason: "unknown colour type \(colourType)")
        }
        guard depths.contains(depth) else {
            throw ImageProbeError.malformed(.png, reason: "bit depth \(depth) is not allowed for colour type \(colourType)")
        }
        var orientation = 1
        var sawImageData = false
        var offset = 8
        while true {
            let length = try reader.uint32BE(at: offset)
            let type = try reader.slice(offset + 4, 4)
            let typeName = String(decoding: type, as: UTF8.self)
            guard reader.has(length + 4, at: offset + 8) else { throw ImageProbeError.truncated(.png) }
            let stored = try reader.uint32BE(at: offset + 8 + length)
            if stored != Int(CRC32.checksum(reader.bytes[(offset + 4)..<(offset + 8 + length)])) {
                throw ImageProbeError.malformed(.png, reason: "checksum mismatch in chunk '\(typeName)'")
            }
            switch typeName {
            case "IDAT": sawImageData = true
            case "eXIf": orientation = EXIFOrientation.read(reader, exifStart: offset + 8) ?? 1
            case "IEND":
                guard sawImageData else { throw ImageProbeError.malformed(.png, reason: "no 'IDAT' chunk (no image data)") }
                return ImageInfo(format: .png, width: width, height: height, orientation: orientation)
            default: break
            }
            offset += 12 + length
        }
    }
}
