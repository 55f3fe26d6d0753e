import Foundation

/// Gets the bytes behind one URL through the cache, the way a CDN edge would: fresh entries are
/// used without a request, stale ones are revalidated with a conditional request (a 304 costs no
/// body), changed content replaces them, and when revalidation fails for a transient reason the
/// stale copy is used and the reason reported.
struct RemoteFetcher: Sendable {
    /// A usable cache entry, and the reason it is stale if revalidation failed.
    struct Fetched: Sendable {
        var entry: CacheEntry
        var staleBecause: ImageFetchError?
    }

    let cache: DownloadCache
    let client: HTTPClient
    let options: ImageStoreOptions
    let now: @Sendable () -> Date
    let progress: ProgressReporter

    /// Fetches `url`; `verify` checks a downloaded body before it is cached (the probe, for
    /// images) and returns what to remember about it. Throws an `ImageFetchError`.
    func fetch(_ url: URL, verify: (Data) throws -> ImageInfo?) async throws -> Fetched {
        let cached = options.refresh ? nil : cache.entry(for: url)
        if options.offline {
            guard let cached else { throw ImageFetchError.notCached }
            return Fetched(entry: cached)
        }
        if let cached, cached.isFresh(at: now(), ttl: options.cacheTTL) {
            return Fetched(entry: cached)
        }
        do {
            return Fetched(entry: try await download(url, revalidating: cached, verify: verify))
        } catch let error as ImageFetchError {
            guard let cached, error.isTransient else { throw error }
            return Fetched(entry: cached, staleBecause: error)
        }
    }

    private func download(_ url: URL, revalidating cached: CacheEntry?, verify: (Data) throws -> ImageInfo?) async throws -> CacheEntry {
        let request = HTTPRequest(
            url: url, headers: cached?.conditionalHeaders ?? [:], maxBytes: options.maxDownloadBytes,
            timeout: options.timeout, maxRedirects: options.maxRedirects,
            onBytes: { [progress] count in progress.received(bytes: count) })
        let response: HTTPResponse
        do {
            response = try await client.get(request)
        } catch let failure as HTTPFailure {
            throw ImageFetchError.transport(failure)
        } catch is CancellationError {
            throw ImageFetchError.transport(.network("cancelled"))
        } catch {
            throw ImageFetchError.transport(.network("\(error)"))
        }
        if response.status == 304, var entry = cached {
            entry.update(from: response.headers, at: now())
            try store(entry: entry)
            return entry
        }
        guard (200..<300).contains(response.status) else { throw ImageFetchError.http(status: response.status) }
        let info: ImageInfo?
        do {
            info = try verify(response.body)
        } catch let error as ImageProbeError {
            throw ImageFetchError.probe(error)
        }
        let hash = SHA256.hex(of: response.body)
        var entry = CacheEntry(
            url: url, finalURL: response.finalURL, mustRevalidate: false, fetchedAt: now(),
            contentHash: hash, byteCount: response.body.count, info: info)
        entry.update(from: response.headers, at: now())
        do {
            try cache.storeBlob(response.body, hash: hash)
        } catch {
            throw ImageFetchError.cache("\(error.localizedDescription)")
        }
        try store(entry: entry)
        return entry
    }

    private func store(entry: CacheEntry) throws {
        do {
            try cache.storeEntry(entry)
        } catch {
            throw ImageFetchError.cache("\(error.localizedDescription)")
        }
    }
}
