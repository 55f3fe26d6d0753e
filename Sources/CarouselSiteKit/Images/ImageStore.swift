import Foundation

/// Fetches, verifies and caches the images of a site: the pipeline stage between the feeds and
/// the pages.
///
/// Local images are confined to the site folder and probed in place; remote ones go through a
/// content-addressed cache under `cacheFolder` (see `DownloadCache`), downloaded concurrently,
/// each URL at most once per store. Every image is checked to really be an image (`ImageProbe`)
/// whatever the server claims. Problems are warnings, never a failed build.
///
///     let store = ImageStore(siteFolder: site, cacheFolder: site.appendingPathComponent(".cache"),
///                            options: ImageStoreOptions(), progress: .standardError(quiet: false))
///     let images = await store.fetch(slides.map(\.image), log: log)
///     images[.remote(url)]?.info.displayWidth
///
/// One store serves one build.
public final class ImageStore: @unchecked Sendable {
    public let siteFolder: URL
    public let cacheFolder: URL
    public let options: ImageStoreOptions
    private let progress: ProgressReporter
    private let client: HTTPClient
    private let cache: DownloadCache
    private let resolver: LocalImageResolver
    private let fetcher: RemoteFetcher
    private let localIndex: LocalImageIndex
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    /// Set once the cache folders exist; holds the failure if they could not be made.
    private var cachePrepared: Result<Void, ImageFetchError>?
    /// URLs already fetched or revalidated by this store, so a URL costs one request per build
    /// even when several slides, feeds or calls name it.
    private var settled: [URL: CacheEntry] = [:]

    /// - Parameters:
    ///   - siteFolder: the folder local image paths are relative to, and confined to.
    ///   - cacheFolder: where downloads are cached (normally `.cache` in the site).
    ///   - progress: shows download progress; `ProgressReporter.standardError(quiet:)` for the CLI.
    public convenience init(siteFolder: URL, cacheFolder: URL, options: ImageStoreOptions = ImageStoreOptions(),
                            progress: ProgressReporter = ProgressReporter(style: .quiet)) {
        let transport = URLSessionTransport(connectionsPerHost: options.jobs, idleTimeout: options.timeout)
        self.init(siteFolder: siteFolder, cacheFolder: cacheFolder, options: options, progress: progress,
                  client: transport.client, now: { Date() })
    }

    /// The store with its network and clock replaced, for tests.
    init(siteFolder: URL, cacheFolder: URL, options: ImageStoreOptions, progress: ProgressReporter,
         client: HTTPClient, now: @escaping @Sendable () -> Date) {
        self.siteFolder = siteFolder
        self.cacheFolder = cacheFolder
        self.options = options
        self.progress = progress
        self.client = client
        cache = DownloadCache(folder: cacheFolder)
        resolver = LocalImageResolver(siteFolder: siteFolder)
        fetcher = RemoteFetcher(cache: cache, client: client, options: options, now: now, progress: progress)
        localIndex = LocalImageIndex(folder: cache.localIndexFolder, temporaryFolder: cache.temporaryFolder)
        self.now = now
    }

    deinit {
        client.shutdown()
    }

    /// Fetches every distinct source once, concurrently, and verifies and caches it.
    ///
    /// - Parameters:
    ///   - sources: the images, in slide order; duplicates are fetched once.
    ///   - log: receives one warning per failed source (naming it and the cause) and per stale
    ///     cached copy used, in the order of `sources`.
    ///   - locations: where each source was named (its first slide), for the warnings.
    /// - Returns: the usable images; failed sources are absent.
    public func fetch(_ sources: [ImageSource], log: DiagnosticLog, locations: [ImageSource: SourceLocation] = [:]) async -> [ImageSource: StoredImage] {
        var seen = Set<ImageSource>()
        let unique = sources.filter { seen.insert($0).inserted }
        progress.start(total: unique.count)
        var stored: [ImageSource: StoredImage] = [:]
        var warnings: [Int: Diagnostic] = [:]
        await withTaskGroup(of: (Int, StoredImage?, Diagnostic?).self) { group in
            var next = 0
            func startNext() {
                guard next < unique.count else { return }
                let index = next
                let source = unique[index]
                next += 1
                group.addTask {
                    let (image, warning) = await self.fetch(source, location: locations[source])
                    return (index, image, warning)
                }
            }
            for _ in 0..<min(max(1, options.jobs), unique.count) { startNext() }
            for await (index, image, warning) in group {
                if let image { stored[unique[index]] = image }
                if let warning { warnings[index] = warning }
                progress.finishedItem()
                startNext()
            }
        }
        progress.finish()
        log.report(warnings.sorted { $0.key < $1.key }.map(\.value))
        return stored
    }

    /// Fetches a remote document, such as a feed, through the same cache and revalidation as
    /// images, without image verification. With `offline`, only the cache is used.
    ///
    /// - Returns: the bytes and the URL they came from after redirects (the base for relative
    ///   links in the document).
    /// - Throws: a `Diagnostic` (error) naming the URL and the cause.
    public func fetchDocument(_ url: URL, log: DiagnosticLog? = nil) async throws -> (Data, finalURL: URL) {
        do {
            let fetched = try await remoteEntry(url, verify: { _ in nil })
            let data: Data
            do {
                data = try Data(contentsOf: cache.blobFile(hash: fetched.entry.contentHash))
            } catch {
                throw ImageFetchError.unreadable(error.localizedDescription)
            }
            if let reason = fetched.staleBecause {
                log?.report(.warning("using a cached copy of '\(url.absoluteString)': revalidation failed: \(reason)"))
            }
            return (data, fetched.entry.finalURL)
        } catch {
            throw Diagnostic.error("cannot fetch '\(url.absoluteString)': \(error)")
        }
    }

    /// One source, never throwing: the image, or nil and the warning that says why.
    private func fetch(_ source: ImageSource, location: SourceLocation?) async -> (StoredImage?, Diagnostic?) {
        do {
            switch source {
            case .local(let path):
                return (try localImage(path), nil)
            case .remote(let url):
                let fetched = try await remoteEntry(url, verify: verifyImage)
                let image = try storedImage(fetched.entry)
                let warning = fetched.staleBecause.map {
                    Diagnostic.warning("using a cached copy of image '\(url.absoluteString)': revalidation failed: \($0)", at: location)
                }
                return (image, warning)
            }
        } catch {
            return (nil, .warning("cannot use image '\(source)': \(error)", at: location))
        }
    }

    /// A local image, from the index when the file is unchanged since it was last read.
    private func localImage(_ path: String) throws -> StoredImage {
        let file = try resolver.resolve(path)
        let identity = FileIdentity(path: file.path)
        // `--refresh` distrusts the index too: every image is read again (and re-indexed).
        let indexed = (try? prepareCache()) != nil
        if !options.refresh, indexed, let identity, let known = localIndex.image(for: file, identity: identity) {
            try checkPixelLimit(known.info)
            return known
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: file, options: .mappedIfSafe)
        } catch {
            throw ImageFetchError.unreadable(error.localizedDescription)
        }
        let info = try verifyImage(bytes)
        let image = StoredImage(contentHash: SHA256.hex(of: bytes), file: file, info: info, byteCount: bytes.count, isSiteFile: true)
        // Index only if the file did not change while it was read (same identity after as before).
        if indexed, let identity, identity == FileIdentity(path: file.path), identity.size == Int64(bytes.count) {
            localIndex.record(image, identity: identity, now: now())
        }
        return image
    }

    /// The probe plus the pixel limit; throws `ImageProbeError` or `ImageFetchError`.
    private func verifyImage(_ bytes: Data) throws -> ImageInfo {
        let info = try ImageProbe.probe(bytes)
        try checkPixelLimit(info)
        return info
    }

    private func checkPixelLimit(_ info: ImageInfo) throws {
        // SVG is drawn at the size the page asks for, so its stated size allocates nothing.
        guard info.format != .svg, info.pixelCount > options.maxPixels else { return }
        throw ImageFetchError.tooManyPixels(width: info.width, height: info.height, limit: options.maxPixels)
    }

    private func storedImage(_ entry: CacheEntry) throws -> StoredImage {
        let file = cache.blobFile(hash: entry.contentHash)
        var info: ImageInfo
        if let known = entry.info {
            info = known
        } else {
            // Cached as a document (the same URL used as a feed): probe the blob now.
            do {
                info = try ImageProbe.probe(try Data(contentsOf: file))
            } catch let error as ImageProbeError {
                throw ImageFetchError.probe(error)
            }
        }
        try checkPixelLimit(info)
        return StoredImage(contentHash: entry.contentHash, file: file, info: info, byteCount: entry.byteCount)
    }

    /// The cache entry for `url`, fetched at most once per store.
    private func remoteEntry(_ url: URL, verify: (Data) throws -> ImageInfo?) async throws -> RemoteFetcher.Fetched {
        try prepareCache()
        if let entry = lock.withLock({ settled[url] }) {
            return RemoteFetcher.Fetched(entry: entry)
        }
        let fetched: RemoteFetcher.Fetched
        do {
            fetched = try await fetcher.fetch(url, verify: verify)
        } catch let error as ImageProbeError {
            throw ImageFetchError.probe(error)
        }
        lock.withLock { settled[url] = fetched.entry }
        return fetched
    }

    private func prepareCache() throws {
        let result = lock.withLock { () -> Result<Void, ImageFetchError> in
            if let cachePrepared { return cachePrepared }
            let result: Result<Void, ImageFetchError>
            do {
                try cache.prepare()
                result = .success(())
            } catch {
                result = .failure(.cache(error.localizedDescription))
            }
            cachePrepared = result
            return result
        }
        try result.get()
    }
}
