/// Recognises an image by its bytes and reads its size and orientation from the header alone.
///
/// The server's Content-Type and the file's extension are never trusted: the magic bytes pick the
/// format, then that format's header is parsed and its structure walked (chunks, segments, boxes)
/// without decoding pixels, so an HTML error page, a truncated download or a corrupted header is
/// rejected with a reason.
///
///     let info = try ImageProbe.probe(bytes)   // ImageInfo(format: .png, width: 32, height: 32, ...)
public enum ImageProbe {
    /// Probes `bytes`, throwing an `ImageProbeError` that says why they are not a usable image.
    public static func probe(_ bytes: some Collection<UInt8>) throws -> ImageInfo {
        let reader = ByteReader(bytes: Array(bytes))
        guard reader.count > 0 else { throw ImageProbeError.empty }
        guard let format = sniff(reader) else {
            throw ImageProbeError.notAnImage(looksLike: ContentSniffer.describe(reader.bytes))
        }
        do {
            switch format {
            case .png: return try PNGProbe.probe(reader)
            case .jpeg: return try JPEGProbe.probe(reader)
            case .gif: return try GIFProbe.probe(reader)
            case .webp: return try WebPProbe.probe(reader)
            case .avif: return try AVIFProbe.probe(reader)
            case .svg: return try SVGProbe.probe(reader)
            }
        } catch is ByteReader.OutOfBounds {
            throw ImageProbeError.truncated(format)
        }
    }

    /// The format `bytes` claim by their first bytes, before any header is checked.
    static func sniff(_ reader: ByteReader) -> ImageFormat? {
        // "PNG" after one byte, so a signature damaged by a text-mode transfer still reads as a
        // broken PNG rather than as unknown bytes.
        if reader.matches("PNG", at: 1) { return .png }
        if reader.count >= 3, reader.bytes[0] == 0xFF, reader.bytes[1] == 0xD8, reader.bytes[2] == 0xFF {
            return .jpeg
        }
        if reader.matches("GIF87a", at: 0) || reader.matches("GIF89a", at: 0) { return .gif }
        if reader.matches("RIFF", at: 0), reader.matches("WEBP", at: 8) { return .webp }
        if reader.matches("ftyp", at: 4) { return AVIFProbe.hasAVIFBrand(reader) ? .avif : nil }
        if SVGProbe.looksLikeSVG(reader.bytes) { return .svg }
        return nil
    }
}
