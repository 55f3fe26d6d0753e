import Foundation

/// Why a request produced no usable response; the description goes into a warning.
enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case timedOut(seconds: TimeInterval)
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case unsupportedScheme(String)
    case network(String)

    var description: String {
        switch self {
        case .timedOut(let seconds): "timed out after \(ByteCountText.seconds(seconds))"
        case .tooLarge(let limit): "larger than \(ByteCountText.bytes(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (expected 'http' or 'https')"
        case .network(let reason): reason
        }
    }
}
