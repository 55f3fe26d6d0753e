import Foundation

/// How the image store fetches, verifies and caches; every field maps to a command-line flag or
/// config key, and the defaults suit a small machine on an ordinary connection.
public struct ImageStoreOptions: Sendable, Hashable {
    /// How long a cached download is used without asking the server again (`--cache-ttl`); a
    /// shorter `Cache-Control: max-age` from the server wins.
    public var cacheTTL: TimeInterval = 24 * 60 * 60
    /// Use only the cache; sources not in it fail with a warning (`--offline`).
    public var offline = false
    /// Ignore the cache and download everything again (`--refresh`); the cache is still updated.
    public var refresh = false
    /// Downloads in flight at once (`--jobs`). Downloads wait on the network, not the CPU, so
    /// this is well above the core count; 16 matches the `xargs -P16 curl` baseline.
    public var jobs = 16
    /// A download larger than this is aborted as soon as it passes it. 20 MB is far beyond any
    /// sensible slideshow image and well below what would strain memory with `jobs` in flight.
    public var maxDownloadBytes = 20_000_000
    /// Images with more pixels than this are rejected (decompression bombs): 100 megapixels is
    /// more than a full-frame camera's 60 and what a browser decodes without trouble.
    public var maxPixels = 100_000_000
    /// Each download must finish within this many seconds, redirects included.
    public var timeout: TimeInterval = 30
    /// Redirects followed per download; the HTTP spec's old advice of 5 suits CDNs and shorteners.
    public var maxRedirects = 5
    /// What the page shows for an image that could not be used (the pipeline reads this).
    public var missingImagePolicy: MissingImagePolicy = .placeholder

    public init() {}
}

/// What becomes of a slide whose image failed.
public enum MissingImagePolicy: String, Sendable, Hashable, Codable {
    /// The slide stays, showing a neutral placeholder.
    case placeholder
    /// The slide is left out.
    case drop
}
