/// GIF: the logical screen descriptor gives the size; the blocks are walked through the first
/// image so a truncated file or a frame that claims more data than exists is caught (GIF89a).
enum GIFProbe {
    private static let imageSeparator: UInt8 = 0x2C
    private static let extensionIntroducer: UInt8 = 0x21
    private static let trailer: UInt8 = 0x3B
    /// Header "GIF89a" (6) + logical screen descriptor (7).
    private static let headerLength = 13

    static func probe(_ reader: ByteReader) throws -> ImageInfo {
        let width = try reader.uint16LE(at: 6)
        let height = try reader.uint16LE(at: 8)
        let flags = try reader.byte(at: 10)
        guard width > 0, height > 0 else { throw ImageProbeError.malformed(.gif, reason: "zero width or height") }
        var offset = headerLength + colourTableLength(flags)
        while true {
            switch try reader.byte(at: offset) {
            case extensionIntroducer:
                offset = try skipSubBlocks(reader, from: offset + 2)
            case imageSeparator:
                // Image descriptor: separator, left, top, width, height (2 each), flags (1); then
                // an optional local colour table, the LZW minimum code size and the data blocks.
                let frameFlags = try reader.byte(at: offset + 9)
                offset += 10 + colourTableLength(frameFlags) + 1
                _ = try skipSubBlocks(reader, from: offset)
                // One complete frame is enough to draw; later frames are the animation's business.
                return ImageInfo(format: .gif, width: width, height: height)
            case trailer:
                throw ImageProbeError.malformed(.gif, reason: "no image in the file")
            case let other:
                throw ImageProbeError.malformed(.gif, reason: "unexpected block type 0x\(String(other, radix: 16))")
            }
        }
    }

    /// A colour table has 2^(n+1) RGB entries when the flag's top bit is set, where n is its low
    /// three bits.
    private static func colourTableLength(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// Skips length-prefixed sub-blocks up to and including the zero-length terminator.
    private static func skipSubBlocks(_ reader: ByteReader, from start: Int) throws -> Int {
        var offset = start
        while true {
            let length = Int(try reader.byte(at: offset))
            offset += 1
            if length == 0 { return offset }
            guard reader.has(length, at: offset) else { throw ImageProbeError.truncated(.gif) }
            offset += length
        }
    }
}
