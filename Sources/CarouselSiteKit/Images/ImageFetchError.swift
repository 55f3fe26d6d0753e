import Foundation

/// Why one image (or remote document) could not be used; `description` is the cause part of the
/// warning, e.g. "HTTP 404" or "not an image (looks like HTML)".
enum ImageFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    case http(status: Int)
    case transport(HTTPFailure)
    case probe(ImageProbeError)
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case absolutePath
    case outsideSite
    case noSuchFile
    case unreadable(String)
    case notCached
    case cache(String)

    var description: String {
        switch self {
        case .http(let status): "HTTP \(status)"
        case .transport(let failure): failure.description
        case .probe(let error): error.description
        case .tooManyPixels(let width, let height, let limit):
            "too many pixels (\(width)×\(height) is more than the limit of \(limit / 1_000_000) megapixels)"
        case .absolutePath: "absolute paths are not allowed (expected a path relative to the site folder)"
        case .outsideSite: "the path leads outside the site folder"
        case .noSuchFile: "no such file"
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .notCached: "not in the cache, and '--offline' forbids downloading it"
        case .cache(let reason): "cannot write the cache: \(reason)"
        }
    }

    /// Server errors, network trouble and a broken replacement body are worth falling back to a
    /// stale copy for; a 404 or a 410 says the resource is gone, so the stale copy would hide a
    /// real problem.
    var isTransient: Bool {
        switch self {
        case .http(let status): status >= 500 || status == 408 || status == 429
        case .transport, .probe, .tooManyPixels, .cache: true
        default: false
        }
    }
}
