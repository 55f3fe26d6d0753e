import Foundation

/// One derived file: the image at one width in one encoding, in the derivative cache.
public struct ImageVariant: Hashable, Sendable {
    /// The width in pixels, as for a `srcset` `w` descriptor.
    public var width: Int
    public var encoding: ImageEncoding
    public var file: URL
    public var byteCount: Int

    public init(width: Int, encoding: ImageEncoding, file: URL, byteCount: Int) {
        self.width = width
        self.encoding = encoding
        self.file = file
        self.byteCount = byteCount
    }
}
