import Foundation

/// How to run a build, as the command line sets it. Every field has the default a plain
/// `carousel-site build` uses.
public struct BuildOptions: Sendable {
    /// Where to write the site; the config's `output` (default `_site`) inside the site when nil.
    public var output: URL?
    /// A feed to use instead of the config's (single show), relative to the working directory or a URL.
    public var feed: String?
    /// Treat warnings as errors.
    public var strict = false
    /// Use only cached remote files; never touch the network.
    public var offline = false
    /// Ignore the cache and download everything again.
    public var refresh = false
    /// Seconds a cached download is trusted without asking the server, overriding the config.
    public var cacheTTL: Double?
    /// How many downloads run at once.
    public var jobs: Int?
    /// An absolute URL that overrides the config's `baseURL`.
    public var baseURL: URL?
    /// Write gzip copies of text files, whatever the config says.
    public var precompress = false
    /// Write embeddable HTML fragments instead of whole pages.
    public var fragment = false
    /// No progress output.
    public var quiet = false

    public init() {}
}

/// What a successful build produced.
public struct BuildSummary: Sendable, Equatable {
    public var outputFolder: URL
    public var pages: Int
    public var slides: Int
    public var images: Int
}
