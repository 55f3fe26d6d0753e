/// The image formats a slideshow may use: the ones every current browser draws in an `<img>`.
public enum ImageFormat: String, Hashable, Sendable, Codable, CaseIterable {
    case png, jpeg, gif, webp, avif, svg

    /// The extension given to files of this format in the output, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// The media type a server should send with files of this format.
    public var mimeType: String {
        switch self {
        case .svg: "image/svg+xml"
        default: "image/\(rawValue)"
        }
    }

    /// The name used in messages, e.g. "malformed PNG".
    var displayName: String {
        self == .webp ? "WebP" : rawValue.uppercased()
    }
}
