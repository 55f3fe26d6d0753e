/// Removes metadata chunks from a WebP file: its RIFF container is a list of chunks, so dropping
/// `EXIF`, `XMP ` and `ICCP` and clearing their flags in the `VP8X` header leaves a valid image.
enum WebPMetadataStripper {
    /// `VP8X` flag bits (WebP container spec): ICC profile, EXIF, XMP.
    private static let iccFlag: UInt8 = 0x20
    private static let exifFlag: UInt8 = 0x08
    private static let xmpFlag: UInt8 = 0x04
    private static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]
    /// "RIFF", the 4-byte size, "WEBP".
    private static let headerLength = 12
    /// A chunk's four-character code plus its 4-byte little-endian size.
    private static let chunkHeaderLength = 8

    /// The file without metadata, or nil when the bytes are not a well-formed WebP file.
    static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        guard let chunks = chunks(of: bytes) else { return nil }
        var kept = chunks.filter { !metadataChunks.contains($0.fourCC) }
        if let index = kept.firstIndex(where: { $0.fourCC == "VP8X" }), !kept[index].payload.isEmpty {
            kept[index].payload[0] &= ~(iccFlag | exifFlag | xmpFlag)
            // With no flags left and a single image chunk, the simple format says the same in 18
            // fewer bytes, which matters for inline placeholders.
            let image = kept.filter { $0.fourCC != "VP8X" }
            if kept[index].payload[0] == 0, image.count == 1, ["VP8 ", "VP8L"].contains(image[0].fourCC) {
                kept = image
            }
        }
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in kept {
            body += Array(chunk.fourCC.utf8)
            body += littleEndian(UInt32(chunk.payload.count))
            body += chunk.payload
            if chunk.payload.count % 2 == 1 { body.append(0) }  // chunks are padded to even sizes
        }
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
    }

    struct Chunk {
        var fourCC: String
        var payload: [UInt8]
    }

    /// The chunks in order, or nil when the container is truncated or not WebP.
    static func chunks(of bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= headerLength, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        let end = min(bytes.count, 8 + Int(readLittleEndian(bytes, at: 4)))
        var chunks: [Chunk] = []
        var offset = headerLength
        while offset + chunkHeaderLength <= end {
            let size = Int(readLittleEndian(bytes, at: offset + 4))
            let start = offset + chunkHeaderLength
            guard size <= end - start else { return nil }
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            chunks.append(Chunk(fourCC: fourCC, payload: Array(bytes[start..<start + size])))
            offset = start + size + size % 2
        }
        return chunks.isEmpty ? nil : chunks
    }

    private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
