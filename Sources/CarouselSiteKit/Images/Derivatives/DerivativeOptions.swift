/// What the deriver makes of each photo: the widths offered to `srcset`, the formats and their
/// encoder qualities, and the size of the inline placeholder.
public struct DerivativeOptions: Hashable, Sendable {
    /// Widths in pixels offered to the browser; none is ever larger than the original.
    ///
    /// The defaults cover phones (480, 800 on 2× screens), laptops (1200, 1600) and wide or
    /// high-density desktop banners (2000) without shipping camera-size files.
    public var widths: [Int] = [480, 800, 1200, 1600, 2000]
    /// WebP quality 0...100. 80 is libvips' and cwebp's documented sweet spot for photos.
    public var webpQuality = 80
    /// JPEG fallback quality 0...100. 82 keeps photos visually lossless at about a third of the
    /// bytes of quality 95 camera output.
    public var jpegQuality = 82
    /// Adds AVIF sources. Off by default: AVIF encoding costs several times WebP's time.
    public var avif = false
    /// AVIF quality 0...100; 50 is libheif's default and matches WebP 80 in perceived quality.
    public var avifQuality = 50
    /// The placeholder fits in a square of this many pixels: 16 keeps its data URI near a hundred
    /// bytes while still showing the photo's main colour areas.
    public var placeholderSize = 16
    /// Placeholder WebP quality: it is drawn blurred, so fidelity is worth nothing, bytes are.
    public var placeholderQuality = 30

    public init() {}

    /// The widths to derive for an original `displayWidth` pixels wide: every configured width
    /// below it, plus the original width itself when some configured width reaches it, so the
    /// widest candidate is never an upscale and never needlessly smaller than the original.
    public func widths(forDisplayWidth displayWidth: Int) -> [Int] {
        let configured = Set(widths.filter { $0 > 0 }).sorted()
        var result = configured.filter { $0 < displayWidth }
        if result.count < configured.count || result.isEmpty {
            result.append(displayWidth)
        }
        return result
    }

    /// The encodings for an original of `format`, fallback first: the original's own format (so
    /// every browser has something), then WebP, then AVIF when enabled. Empty for formats passed
    /// through untouched: GIF (animation), SVG (vector) and AVIF (already small, and its rotation
    /// boxes differ from EXIF orientation).
    public func encodings(for format: ImageFormat) -> [ImageEncoding] {
        let webp = ImageEncoding.webp(quality: webpQuality)
        var result: [ImageEncoding]
        switch format {
        case .jpeg: result = [.jpeg(quality: jpegQuality), webp]
        case .png: result = [.png, webp]
        case .webp: result = [webp]
        case .gif, .svg, .avif: return []
        }
        if avif { result.append(.avif(quality: avifQuality)) }
        return result
    }

    /// The encoding of the placeholder thumbnail.
    var placeholderEncoding: ImageEncoding { .webp(quality: placeholderQuality) }
}
