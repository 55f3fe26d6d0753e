/// One box of an ISO base media file (ISO/IEC 14496-12 §4.2): a size, a four-character type and
/// content; a "full box" starts its content with a version byte and 24 bits of flags.
struct ISOBox {
    let type: String
    /// The bytes after the size and type fields.
    let content: Range<Int>

    /// The content after a full box's version and flags.
    var fullBoxContent: Range<Int> {
        min(content.lowerBound + 4, content.upperBound)..<content.upperBound
    }

    func version(_ reader: ByteReader) throws -> UInt8 {
        try reader.byte(at: content.lowerBound)
    }

    func flags(_ reader: ByteReader) throws -> Int {
        try reader.uint32BE(at: content.lowerBound) & 0x00FF_FFFF
    }

    /// The boxes that follow each other in `range`; throws `OutOfBounds` when one overruns it.
    static func children(_ reader: ByteReader, in range: Range<Int>) throws -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            var size = try reader.uint32BE(at: offset)
            let type = String(decoding: try reader.slice(offset + 4, 4), as: UTF8.self)
            var header = 8
            if size == 1 {
                // A 64-bit size follows the type; anything beyond Int's range cannot fit the file.
                let large = try reader.uint64BE(at: offset + 8)
                guard large <= UInt64(Int.max) else { throw ByteReader.OutOfBounds() }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset  // the box extends to the end of its container
            }
            guard size >= header, size <= range.upperBound - offset else { throw ByteReader.OutOfBounds() }
            boxes.append(ISOBox(type: type, content: (offset + header)..<(offset + size)))
            offset += size
        }
        return boxes
    }
}
