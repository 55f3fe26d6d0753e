import Foundation

/// What the cache remembers about one URL: where its bytes are and how to revalidate them.
///
/// Stored as a small JSON file named by the hash of the URL. An entry is written only after its
/// blob is in place, so an entry that decodes always names a complete blob (unless someone
/// deleted it; `DownloadCache` checks).
struct CacheEntry: Codable, Hashable, Sendable {
    var url: URL
    /// Where the body came from after redirects; relative links in a feed resolve against it.
    var finalURL: URL
    var etag: String?
    var lastModified: String?
    /// The freshness lifetime the server granted (`Cache-Control: max-age`), in seconds.
    var maxAge: TimeInterval?
    /// `Cache-Control: no-cache` or `no-store`: revalidate on every build.
    var mustRevalidate: Bool
    var fetchedAt: Date
    var contentHash: String
    var byteCount: Int
    /// The probe's result, for images; nil for documents such as feeds.
    var info: ImageInfo?

    /// Whether the entry may be used without asking the server: younger than both the
    /// configured TTL and the server's max-age.
    func isFresh(at now: Date, ttl: TimeInterval) -> Bool {
        guard !mustRevalidate else { return false }
        let lifetime = min(ttl, maxAge ?? ttl)
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < lifetime
    }

    /// Headers that make the next request conditional (RFC 9110 §13.1).
    var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// Takes validators and lifetime from a response (a 200 or a 304, which may update them).
    mutating func update(from headers: [String: String], at now: Date) {
        let control = CacheControl(headers["cache-control"])
        etag = headers["etag"] ?? etag
        lastModified = headers["last-modified"] ?? lastModified
        maxAge = control.maxAge
        mustRevalidate = control.noCache || control.noStore
        fetchedAt = now
    }
}
