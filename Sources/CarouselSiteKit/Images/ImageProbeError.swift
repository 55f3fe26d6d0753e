/// Why some bytes are not an image the site can use; its description ends up in a warning such
/// as "'https://example.com/a.jpg': not an image (looks like HTML)".
public enum ImageProbeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// The bytes start like no supported format; `looksLike` names what they resemble, if anything.
    case notAnImage(looksLike: String?)
    /// The bytes start like `format` but end before the header (or the image data) is complete.
    case truncated(ImageFormat)
    /// The bytes start like `format` but break its rules; `reason` says which.
    case malformed(ImageFormat, reason: String)

    public var description: String {
        switch self {
        case .empty:
            "not an image (the file is empty)"
        case .notAnImage(let looksLike?):
            "not an image (looks like \(looksLike))"
        case .notAnImage(nil):
            "not an image (expected PNG, JPEG, GIF, WebP, AVIF or SVG)"
        case .truncated(let format):
            "truncated \(format.displayName) file"
        case .malformed(let format, let reason):
            "malformed \(format.displayName): \(reason)"
        }
    }
}
