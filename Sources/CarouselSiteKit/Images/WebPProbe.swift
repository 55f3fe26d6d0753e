/// WebP: a RIFF container whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended,
/// with the canvas size and flags for an EXIF chunk) (RFC 9649).
enum WebPProbe {
    /// "RIFF", size (4), "WEBP": the first chunk starts after these 12 bytes.
    private static let firstChunk = 12
    /// VP8X flag bit: the file has an EXIF chunk.
    private static let exifFlag: UInt8 = 0x08

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        // The RIFF size counts everything after its own field; a shorter file was cut off.
        let riffSize = try reader.uint32LE(at: 4)
        guard reader.count >= riffSize + 8 else { throw ImageProbeError.truncated(.webp) }
        let chunkSize = try reader.uint32LE(at: firstChunk + 4)
        let body = firstChunk + 8
        guard reader.has(chunkSize, at: body) else { throw ImageProbeError.truncated(.webp) }
        if reader.matches("VP8 ", at: firstChunk) {
            // Frame tag (3), start code 9D 01 2A, then 14-bit width and height (2 scale bits each).
            guard try reader.slice(body + 3, 3).elementsEqual([0x9D, 0x01, 0x2A]) else {
                throw ImageProbeError.malformed(.webp, reason: "bad VP8 start code")
            }
            let width = try reader.uint16LE(at: body + 6) & 0x3FFF
            let height = try reader.uint16LE(at: body + 8) & 0x3FFF
            return try info(width: width, height: height, orientation: 1)
        }
        if reader.matches("VP8L", at: firstChunk) {
            // Signature 0x2F, then width-1 and height-1 as 14-bit fields, least significant first.
            guard try reader.byte(at: body) == 0x2F else { throw ImageProbeError.malformed(.webp, reason: "bad VP8L signature") }
            let bits = try reader.uint32LE(at: body + 1)
            return try info(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1, orientation: 1)
        }
        if reader.matches("VP8X", at: firstChunk) {
            // Flags (1), reserved (3), canvas width-1 (3), canvas height-1 (3).
            let flags = try reader.byte(at: body)
            let width = try reader.uint24LE(at: body + 4) + 1
            let height = try reader.uint24LE(at: body + 7) + 1
            let orientation = flags & exifFlag == 0 ? 1 : exifOrientation(reader, from: body + chunkSize + (chunkSize & 1))
            return try info(width: width, height: height, orientation: orientation)
        }
        throw ImageProbeError.malformed(.webp, reason: "the first chunk is not 'VP8 ', 'VP8L' or 'VP8X'")
    }

    private static func info(width: Int, height: Int, orientation: Int) throws -> ImageInfo {
        guard width > 0, height > 0 else { throw ImageProbeError.malformed(.webp, reason: "zero width or height") }
        return ImageInfo(format: .webp, width: width, height: height, orientation: orientation)
    }

    /// Finds the EXIF chunk among the chunks starting at `offset` (chunks are padded to even sizes).
    private static func exifOrientation(_ reader: ByteReader, from start: Int) -> Int {
        var offset = start
        while let size = try? reader.uint32LE(at: offset + 4) {
            if reader.matches("EXIF", at: offset) {
                return EXIFOrientation.read(reader, exifStart: offset + 8) ?? 1
            }
            offset += 8 + size + (size & 1)
        }
        return 1
    }
}
