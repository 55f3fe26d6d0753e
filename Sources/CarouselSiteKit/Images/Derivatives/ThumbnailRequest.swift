import Foundation

/// One file for an engine to make: the source scaled down to a bounding box, upright, in sRGB,
/// without metadata, encoded as asked.
public struct ThumbnailRequest: Hashable, Sendable {
    public var source: URL
    /// The output's width in pixels; the height follows the displayed aspect ratio.
    public var width: Int
    /// When set, the output also fits this height (the placeholder fits a square).
    public var maxHeight: Int?
    public var encoding: ImageEncoding
    /// Where to write the file. Its extension matches the encoding's format.
    public var output: URL

    public init(source: URL, width: Int, maxHeight: Int? = nil, encoding: ImageEncoding, output: URL) {
        self.source = source
        self.width = width
        self.maxHeight = maxHeight
        self.encoding = encoding
        self.output = output
    }
}
