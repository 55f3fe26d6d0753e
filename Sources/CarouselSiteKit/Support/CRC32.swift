/// CRC-32 as PNG and zlib use it (ISO 3309, reflected polynomial 0xEDB88320).
///
/// The image probe checks the checksum of a PNG's header chunk, so a corrupted header is caught
/// before its width and height are believed.
enum CRC32 {
    /// One entry per byte value: the CRC of that byte alone, so the loop handles 8 bits at a time.
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
        }
        return crc
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
