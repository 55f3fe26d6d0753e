import Foundation

/// Where a feed or an image lives: a file inside the site folder, or a remote http(s) URL.
public enum ResourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// A path relative to the site folder, with "/" separators. Whoever reads it first confines
    /// it to the site folder: the feed readers for images, the builder for feeds.
    case local(String)
    /// An absolute http or https URL.
    case remote(URL)

    public var description: String {
        switch self {
        case .local(let path): path
        case .remote(let url): url.absoluteString
        }
    }
}

/// Where a slide's image comes from.
public typealias ImageSource = ResourceLocation

/// Where a show's feed comes from.
public typealias FeedLocation = ResourceLocation
