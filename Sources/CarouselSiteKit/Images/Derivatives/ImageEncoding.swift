/// An output format with its encoder settings: everything, besides the size, that decides the
/// bytes of a derived file.
public struct ImageEncoding: Hashable, Sendable {
    public var format: ImageFormat
    /// The encoder's quality 0...100; nil for lossless formats.
    public var quality: Int?

    public static func jpeg(quality: Int) -> ImageEncoding { ImageEncoding(format: .jpeg, quality: quality) }
    public static func webp(quality: Int) -> ImageEncoding { ImageEncoding(format: .webp, quality: quality) }
    public static func avif(quality: Int) -> ImageEncoding { ImageEncoding(format: .avif, quality: quality) }
    public static let png = ImageEncoding(format: .png, quality: nil)

    /// The media type for `<source type=…>`.
    public var mediaType: String { format.mimeType }

    /// A stable text naming these settings, part of every cache key: changing a quality changes
    /// the key, so only files of that encoding are derived again.
    var cacheKey: String {
        quality.map { "\(format.rawValue)-q\($0)" } ?? format.rawValue
    }
}
