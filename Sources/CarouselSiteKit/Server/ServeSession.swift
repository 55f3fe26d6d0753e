import Foundation

/// `carousel-site serve`: builds the site, serves the output with live reload, and rebuilds
/// whenever something in the site folder changes.
///
/// ```swift
/// let session = ServeSession(site: siteURL, output: siteURL.appendingPathComponent("_site")) {
///     do throws(DiagnosticError) { return .success(try await builder.build().outputFolder) }
///     catch { return .failure(error) }
/// } onEvent: { event in print(event) }
/// let address = try await session.start()
/// print("serving on \(address.url)")
/// await ShutdownSignal.next()
/// await session.stop()
/// ```
///
/// Builds never overlap: they run one at a time, and changes that arrive during a build cause
/// exactly one more build after it. A failed build leaves the output folder as it was (the
/// builder swaps in a new output only when it succeeds), so the last good site stays served
/// while the pages show the errors.
public final class ServeSession: @unchecked Sendable {
    /// What happened, for the terminal.
    public enum Event: Sendable, Equatable {
        /// A build is starting because these site-relative paths changed (none for the first).
        case building(changed: [String])
        /// A build succeeded and its output is being served.
        case built(output: URL)
        case failed([Diagnostic])
    }

    /// Runs one build and returns the folder it wrote, or the errors.
    public typealias Rebuild = @Sendable () async -> Result<URL, DiagnosticError>

    public let site: URL
    private let rebuild: Rebuild
    private let onEvent: @Sendable (Event) -> Void
    private let liveReload = LiveReload()
    private let lock = NSLock()
    private let server: HTTPServer
    private var watcher: FileWatcher?
    private let watchMethod: FileWatcher.Method
    private let debounce: Double
    /// The folder being served: where the last good build wrote (the configured output may change).
    private var output: URL
    private var buildLoop: Task<Void, Never>?
    private var pendingChanges: Set<String> = []
    private var isStopped = false
    private var isBuilding = false
    /// The cache index as the last build left it. Builds write the index themselves; a change
    /// is somebody else's only if the entry differs from what the last build left.
    private var cacheStamps: [String: FileStamp] = [:]

    /// - Parameters:
    ///   - site: The site folder to watch.
    ///   - output: Where the site is expected to be built, served until a build says otherwise.
    ///   - configuration: Host, port, limits and timeouts for the server.
    ///   - watchMethod: How to notice changes (inotify, with polling as the fallback).
    ///   - debounce: Seconds of quiet after a change before rebuilding.
    ///   - rebuild: Builds the site.
    ///   - onEvent: Told about every build, from a background task.
    public init(
        site: URL, output: URL, configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        watchMethod: FileWatcher.Method = .automatic, debounce: Double = 0.1,
        rebuild: @escaping Rebuild, onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.site = site.standardizedFileURL
        self.output = output.standardizedFileURL
        self.rebuild = rebuild
        self.onEvent = onEvent
        self.watchMethod = watchMethod
        self.debounce = debounce
        server = HTTPServer(configuration: configuration)
        let liveReload = liveReload
        let files = StaticFileServer(root: { [weak self] in self?.servedFolder.path ?? "" }) { liveReload.inject(into: $0) }
        server.handler = { [liveReload] request in
            switch request.path {
            case LiveReload.eventsPath: liveReload.eventsResponse()
            case LiveReload.scriptPath: liveReload.scriptResponse()
            default: files.respond(to: request)
            }
        }
    }

    /// The download cache's index: one small file per downloaded URL, remote feeds included
    /// (see `DownloadCache`). It is watched so that a feed or image refreshed by another process
    /// (`carousel-site build --refresh` in another terminal) rebuilds the preview.
    static let cacheIndex = ".cache/urls"

    /// What the session watches: everything in the site except the output, the folders a build
    /// stages it in, the caches (which each build writes) and version control; of the cache,
    /// only its index of downloaded URLs.
    public static func watchFilter(site: URL, output: URL) -> WatchFilter {
        var excluded = [".cache"]
        var prefixes: [String] = []
        if let inside = relativePath(of: output, in: site) {
            excluded.append(inside)
            // `SiteWriter` assembles the new site beside the output, in `.<name>.staging-<pid>-<n>`.
            let parent = (inside as NSString).deletingLastPathComponent
            let staging = ".\((inside as NSString).lastPathComponent).staging-"
            prefixes.append(parent.isEmpty ? staging : parent + "/" + staging)
        }
        return WatchFilter(excluding: excluded, except: [cacheIndex], prefixes: prefixes)
    }

    /// The live-reload hub.
    public var reloads: LiveReload { liveReload }

    /// The folder being served now.
    public var servedFolder: URL {
        lock.withLock { output }
    }

    /// The watcher's method once started (inotify, or polling where inotify is unavailable).
    public var activeWatchMethod: FileWatcher.Method? {
        lock.withLock { watcher }?.activeMethod
    }

    /// Starts listening, builds once, then starts watching. Listening comes first so a busy port
    /// is reported before a build is spent; a page opened during the first build gets a 404 page
    /// that reloads itself when the build is done. A failed first build is reported and the
    /// server keeps running, so the errors show in the browser and a fix is picked up.
    ///
    /// - Returns: The address the server listens on.
    /// - Throws: `ServerError` (busy port, foreign host) or `WatcherError`.
    @discardableResult
    public func start() async throws -> ServerAddress {
        let address = try server.start()
        await runBuild(changed: [])
        let watcher = FileWatcher(root: site.path, filter: Self.watchFilter(site: site, output: servedFolder), method: watchMethod, debounce: debounce) {
            [weak self] changed in self?.siteChanged(changed)
        }
        do {
            try watcher.start()
        } catch {
            liveReload.finishAll()
            server.stop()
            throw error
        }
        lock.withLock { self.watcher = watcher }
        return address
    }

    /// Stops watching, ends the event streams, closes the server, and waits for a running build.
    public func stop() async {
        let (watcher, loop) = lock.withLock {
            isStopped = true
            return (self.watcher, buildLoop)
        }
        watcher?.stop()
        liveReload.finishAll()
        server.stop()
        await loop?.value
    }

    private func siteChanged(_ paths: Set<String>) {
        lock.withLock {
            // The output may have moved since the watcher started (the config names another
            // folder); its writes must not trigger builds of their own.
            let filter = Self.watchFilter(site: site, output: output)
            var relevant = paths.filter { $0.isEmpty || !filter.ignores($0) }
            let cacheEntries = relevant.filter { $0.hasPrefix(Self.cacheIndex + "/") }
            relevant.subtract(cacheEntries)
            // During a build the index changes because of the build itself.
            if !isBuilding {
                relevant.formUnion(cacheEntries.filter { FileStamp(path: site.path + "/" + $0) != cacheStamps[$0] })
            }
            guard !isStopped, !relevant.isEmpty else { return }
            pendingChanges.formUnion(relevant)
            guard buildLoop == nil else { return }
            buildLoop = Task { [self] in
                while let changed = takePendingChanges() {
                    await runBuild(changed: changed.sorted())
                }
            }
        }
    }

    /// The changes gathered since the last build, or nil (ending the loop) when there are none.
    private func takePendingChanges() -> Set<String>? {
        lock.withLock {
            guard !pendingChanges.isEmpty, !isStopped else {
                buildLoop = nil
                return nil
            }
            defer { pendingChanges = [] }
            return pendingChanges
        }
    }

    private func runBuild(changed: [String]) async {
        lock.withLock { isBuilding = true }
        onEvent(.building(changed: changed))
        let result = await rebuild()
        let stamps = cacheIndexStamps()
        lock.withLock {
            cacheStamps = stamps
            isBuilding = false
        }
        switch result {
        case .success(let folder):
            lock.withLock { output = folder.standardizedFileURL }
            liveReload.buildSucceeded()
            onEvent(.built(output: folder))
        case .failure(let error):
            liveReload.buildFailed(error.diagnostics)
            onEvent(.failed(error.diagnostics))
        }
    }

    /// The stamp of every entry of the cache index, by site-relative path.
    private func cacheIndexStamps() -> [String: FileStamp] {
        let folder = site.path + "/" + Self.cacheIndex
        var stamps: [String: FileStamp] = [:]
        for entry in folderEntries(at: folder) where !entry.isFolder {
            stamps[Self.cacheIndex + "/" + entry.name] = FileStamp(path: folder + "/" + entry.name)
        }
        return stamps
    }

    /// `url`'s path relative to `folder`, if it lies inside it.
    private static func relativePath(of url: URL, in folder: URL) -> String? {
        let path = url.standardizedFileURL.path
        let base = folder.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : nil
    }
}
