/// What the probe learns about an image from its header, without decoding any pixels.
///
/// `width` and `height` are the stored pixel size. Browsers draw some images turned (EXIF
/// orientation in JPEG, PNG and WebP; the `irot`/`imir` boxes in AVIF), so the page's `width`
/// and `height` attributes should come from `displayWidth` and `displayHeight`.
public struct ImageInfo: Hashable, Sendable, Codable {
    public var format: ImageFormat
    /// Stored width in pixels; for SVG, the CSS pixel size from `width`/`height`/`viewBox`, or the
    /// 300×150 default size browsers give an SVG that states none.
    public var width: Int
    public var height: Int
    /// The EXIF (or XMP) orientation tag, 1...8; 1 when the file has none.
    public var orientation: Int
    /// The orientation, as an EXIF code 1...8, that browsers apply when drawing: the EXIF tag for
    /// JPEG, PNG and WebP; `irot`/`imir` for AVIF, whose EXIF orientation is informative only.
    public var displayOrientation: Int

    public init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1, displayOrientation: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.displayOrientation = displayOrientation ?? orientation
    }

    /// True when the browser turns the image a quarter turn, swapping width and height.
    public var isTransposed: Bool {
        (5...8).contains(displayOrientation)
    }

    /// The width of the image as a browser draws it.
    public var displayWidth: Int { isTransposed ? height : width }

    /// The height of the image as a browser draws it.
    public var displayHeight: Int { isTransposed ? width : height }

    /// The number of pixels a decoder has to allocate, for the decompression-bomb limit.
    public var pixelCount: Int {
        width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height
    }
}
