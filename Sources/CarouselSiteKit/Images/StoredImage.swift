import Foundation

/// An image that passed verification and sits in a readable file: the site's own file for local
/// images, a cache blob for remote ones. The output links or copies `file`, named by the hash.
public struct StoredImage: Hashable, Sendable {
    /// The lowercase hexadecimal SHA-256 of the bytes.
    public var contentHash: String
    /// A file holding exactly those bytes.
    public var file: URL
    public var info: ImageInfo
    public var byteCount: Int
    /// Whether `file` is one of the site's own files (a local photo) rather than the cache's.
    public var isSiteFile: Bool

    public init(contentHash: String, file: URL, info: ImageInfo, byteCount: Int, isSiteFile: Bool = false) {
        self.contentHash = contentHash
        self.file = file
        self.info = info
        self.byteCount = byteCount
        self.isSiteFile = isSiteFile
    }
}
