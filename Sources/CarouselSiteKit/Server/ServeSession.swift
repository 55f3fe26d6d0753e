import Dispatch
import Foundation

/// `carousel-site serve`: builds the site, serves the output with live reload, and rebuilds
/// whenever something in the site folder changes.
///
/// ```swift
/// let session = ServeSession(site: "site", output: "site/_site", rebuild: { builder.build() }) { event in
///     print(event)
/// }
/// let address = try session.start()
/// print("serving on \(address.url)")
/// ShutdownSignal.wait()
/// session.stop()
/// ```
///
/// Builds never overlap: they run one at a time on their own queue, and changes that arrive
/// during a build cause exactly one more build after it. A failed build leaves the output folder
/// as the builder left it (the builder swaps in a new output only when it succeeds), so the last
/// good site stays served while pages show the errors.
public final class ServeSession: @unchecked Sendable {
    /// What happened, for the terminal.
    public enum Event: Sendable, Equatable {
        /// A build is starting because these paths changed (none for the first build).
        case building(changed: [String])
        case built
        case failed([Diagnostic])
    }

    /// Runs one build; `.failure` carries the errors. It runs on a background queue.
    public typealias Rebuild = @Sendable () -> Result<Void, DiagnosticError>

    public let site: String
    public let output: String
    private let rebuild: Rebuild
    private let onEvent: @Sendable (Event) -> Void
    private let liveReload = LiveReload()
    private let buildQueue = DispatchQueue(label: "carousel-site.serve.build")
    private let lock = NSLock()
    private var server: HTTPServer?
    private var watcher: FileWatcher?
    private var isBuilding = false
    private var changedDuringBuild: Set<String> = []
    private var isStopped = false

    /// - Parameters:
    ///   - site: The site folder to watch.
    ///   - output: The folder the build writes and the server serves.
    ///   - configuration: Host, port, limits and timeouts for the server.
    ///   - watchMethod: How to notice changes (inotify, with polling as the fallback).
    ///   - rebuild: Builds the site into `output`.
    ///   - onEvent: Told about every build, on a background queue.
    public init(
        site: String, output: String, configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        watchMethod: FileWatcher.Method = .automatic, debounce: Double = 0.1,
        rebuild: @escaping Rebuild, onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.site = site
        self.output = output
        self.rebuild = rebuild
        self.onEvent = onEvent
        let liveReload = liveReload
        let files = StaticFileServer(root: output) { liveReload.inject(into: $0) }
        server = HTTPServer(configuration: configuration) { request in
            switch request.path {
            case LiveReload.eventsPath: liveReload.eventsResponse()
            case LiveReload.scriptPath: liveReload.scriptResponse()
            default: files.respond(to: request)
            }
        }
        watcher = FileWatcher(root: site, filter: Self.watchFilter(site: site, output: output), method: watchMethod, debounce: debounce) {
            [weak self] changed in self?.siteChanged(changed)
        }
    }

    /// What the session watches: everything in the site except its output, its caches (which
    /// each build writes) and version control; cached remote feeds (`.cache/feeds`) are watched,
    /// so a feed refreshed by another process rebuilds the preview.
    public static func watchFilter(site: String, output: String) -> WatchFilter {
        var excluded = [".cache"]
        let siteURL = URL(fileURLWithPath: site).standardizedFileURL.path
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL.path
        if outputURL.hasPrefix(siteURL + "/") {
            excluded.append(String(outputURL.dropFirst(siteURL.count + 1)))
        }
        return WatchFilter(excluding: excluded, except: [".cache/feeds"])
    }

    /// The live-reload hub, for callers that publish builds of their own.
    public var reloads: LiveReload { liveReload }

    /// Builds once, then starts serving and watching. A failed first build is reported and the
    /// server starts anyway, so the error shows in the browser and a fix is picked up.
    ///
    /// - Returns: The address the server listens on.
    /// - Throws: `ServerError` (busy port, foreign host) or `WatcherError`.
    @discardableResult
    public func start() throws -> ServerAddress {
        buildQueue.sync { runBuild(changed: []) }
        guard let server, let watcher else { throw ServerError(host: "", port: 0, reason: .system("the session was stopped")) }
        let address = try server.start()
        do {
            try watcher.start()
        } catch {
            server.stop()
            throw error
        }
        return address
    }

    /// The watcher's method once started (inotify or polling).
    public var watchMethod: FileWatcher.Method? { watcher?.activeMethod }

    /// Stops watching, ends the event streams and closes the server. Waits for a running build.
    public func stop() {
        lock.withLock { isStopped = true }
        watcher?.stop()
        liveReload.finishAll()
        server?.stop()
        buildQueue.sync {}
    }

    private func siteChanged(_ paths: Set<String>) {
        let startNow = lock.withLock {
            guard !isStopped else { return false }
            changedDuringBuild.formUnion(paths)
            if isBuilding { return false }
            isBuilding = true
            return true
        }
        guard startNow else { return }
        buildQueue.async { [self] in
            while true {
                let changed = lock.withLock {
                    defer { changedDuringBuild = [] }
                    return changedDuringBuild
                }
                runBuild(changed: changed.sorted())
                let again = lock.withLock {
                    isBuilding = !changedDuringBuild.isEmpty && !isStopped
                    return isBuilding
                }
                if !again { return }
            }
        }
    }

    private func runBuild(changed: [String]) {
        onEvent(.building(changed: changed))
        switch rebuild() {
        case .success:
            liveReload.buildSucceeded()
            onEvent(.built)
        case .failure(let error):
            let diagnostics = error.diagnostics
            liveReload.buildFailed(diagnostics)
            onEvent(.failed(diagnostics))
        }
    }
}
