/// Reads the Orientation tag (0x0112) from a TIFF structure, the payload of EXIF in every format.
///
/// Broken metadata must never reject an image, so every failure here means "no orientation"
/// (`nil`), not an error: browsers draw such files, just unturned.
enum EXIFOrientation {
    /// The EXIF tag number of Orientation.
    private static let orientationTag = 0x0112
    /// TIFF field type SHORT (16-bit unsigned), the type Orientation must have.
    private static let shortType = 3

    /// The orientation in a TIFF block starting at `start` ("II*\0" or "MM\0*"), if valid.
    static func read(_ reader: ByteReader, tiffStart start: Int) -> Int? {
        guard let bigEndian = byteOrder(reader, at: start),
              let ifdOffset = try? reader.uint32(at: start + 4, bigEndian: bigEndian)
        else { return nil }
        let ifd = start + ifdOffset
        guard let entryCount = try? reader.uint16(at: ifd, bigEndian: bigEndian) else { return nil }
        // Each IFD entry is 12 bytes: tag (2), type (2), count (4), value or offset (4).
        for index in 0..<entryCount {
            let entry = ifd + 2 + index * 12
            guard let tag = try? reader.uint16(at: entry, bigEndian: bigEndian) else { return nil }
            guard tag == orientationTag else { continue }
            guard let type = try? reader.uint16(at: entry + 2, bigEndian: bigEndian), type == shortType,
                  let value = try? reader.uint16(at: entry + 8, bigEndian: bigEndian),
                  (1...8).contains(value)
            else { return nil }
            return value
        }
        return nil
    }

    /// The orientation in an "Exif\0\0"-prefixed block (JPEG APP1, sometimes WebP's EXIF chunk),
    /// or in a bare TIFF block.
    static func read(_ reader: ByteReader, exifStart start: Int) -> Int? {
        if reader.matches("Exif\0\0", at: start) {
            return read(reader, tiffStart: start + 6)
        }
        return read(reader, tiffStart: start)
    }

    private static func byteOrder(_ reader: ByteReader, at start: Int) -> Bool? {
        if reader.matches("II*\0", at: start) { return false }
        if reader.matches("MM\0*", at: start) { return true }
        return nil
    }

    /// The orientation stated in XMP packet text (`tiff:Orientation="3"` or
    /// `<tiff:Orientation>3</tiff:Orientation>`), for AVIF files that carry it only there.
    static func read(xmp: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: xmp, as: UTF8.self)
        guard let range = text.range(of: "tiff:Orientation") else { return nil }
        let rest = text[range.upperBound...].drop { $0 == "=" || $0 == "\"" || $0 == "'" || $0 == ">" || $0 == " " }
        guard let first = rest.first, let value = first.wholeNumberValue, (1...8).contains(value) else { return nil }
        return value
    }
}
