/// Bounds-checked reads of big- and little-endian integers from a byte array.
///
/// Image headers come from the network, so every offset in them is hostile: each read checks its
/// range and throws `ByteReader.OutOfBounds` instead of trapping. Offsets are absolute indexes
/// into `bytes`.
struct ByteReader {
    struct OutOfBounds: Error {}

    let bytes: [UInt8]

    var count: Int { bytes.count }

    func has(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func byte(at offset: Int) throws -> UInt8 {
        guard has(1, at: offset) else { throw OutOfBounds() }
        return bytes[offset]
    }

    func slice(_ offset: Int, _ length: Int) throws -> ArraySlice<UInt8> {
        guard has(length, at: offset) else { throw OutOfBounds() }
        return bytes[offset..<offset + length]
    }

    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        return has(expected.count, at: offset) && bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    func uint16BE(at offset: Int) throws -> Int {
        let part = try slice(offset, 2)
        return Int(part[offset]) << 8 | Int(part[offset + 1])
    }

    func uint16LE(at offset: Int) throws -> Int {
        let part = try slice(offset, 2)
        return Int(part[offset + 1]) << 8 | Int(part[offset])
    }

    func uint24LE(at offset: Int) throws -> Int {
        let part = try slice(offset, 3)
        return Int(part[offset + 2]) << 16 | Int(part[offset + 1]) << 8 | Int(part[offset])
    }

    func uint32BE(at offset: Int) throws -> Int {
        let part = try slice(offset, 4)
        return Int(part[offset]) << 24 | Int(part[offset + 1]) << 16 | Int(part[offset + 2]) << 8 | Int(part[offset + 3])
    }

    func uint32LE(at offset: Int) throws -> Int {
        let part = try slice(offset, 4)
        return Int(part[offset + 3]) << 24 | Int(part[offset + 2]) << 16 | Int(part[offset + 1]) << 8 | Int(part[offset])
    }

    func uint64BE(at offset: Int) throws -> UInt64 {
        UInt64(try uint32BE(at: offset)) << 32 | UInt64(try uint32BE(at: offset + 4))
    }

    /// A 16- or 32-bit integer in the byte order `bigEndian` selects (TIFF headers choose).
    func uint16(at offset: Int, bigEndian: Bool) throws -> Int {
        bigEndian ? try uint16BE(at: offset) : try uint16LE(at: offset)
    }

    func uint32(at offset: Int, bigEndian: Bool) throws -> Int {
        bigEndian ? try uint32BE(at: offset) : try uint32LE(at: offset)
    }
}
