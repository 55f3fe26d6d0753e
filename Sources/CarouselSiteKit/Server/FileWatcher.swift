import Dispatch

/// Watches a site folder, recursively, and reports what changed in debounced batches.
///
/// ```swift
/// let watcher = FileWatcher(root: "site", filter: WatchFilter(excluding: ["_site", ".cache"])) { paths in
///     print("changed:", paths.sorted())
/// }
/// try watcher.start()
/// ```
///
/// Uses inotify on Linux and falls back to polling where inotify cannot be used. Paths in a batch
/// are relative to the root; an empty string means "anything may have changed" (events lost).
public final class FileWatcher: @unchecked Sendable {
    public enum Method: Sendable, Equatable {
        /// inotify where available, else polling every half second.
        case automatic
        /// inotify only; `start` throws where it is unavailable.
        case inotify
        /// Walk the folder every `interval` seconds.
        case polling(interval: Double)
    }

    /// Half a second notices a save before a person has switched to the browser, for one
    /// `lstat` per file per pass.
    public static let defaultPollingInterval = 0.5

    public let root: String
    public let filter: WatchFilter
    public let method: Method
    private let queue = DispatchQueue(label: "carousel-site.watcher")
    private let debouncer: Debouncer
    private var changeSource: ChangeSource?
    /// The method in use once started, for the user and for tests.
    public private(set) var activeMethod: Method?

    /// - Parameters:
    ///   - debounce: Seconds of quiet before a batch is delivered; 0.1 s joins an editor's
    ///     several writes per save and is still too short for a person to notice.
    ///   - onChange: Called on the watcher's own queue with each batch.
    public init(
        root: String, filter: WatchFilter, method: Method = .automatic, debounce: Double = 0.1,
        onChange: @escaping @Sendable (Set<String>) -> Void
    ) {
        self.root = root
        self.filter = filter
        self.method = method
        // However busy the folder, a batch is delivered at least once a second.
        debouncer = Debouncer(quiet: debounce, maxDelay: max(1, debounce * 10), queue: queue, fire: onChange)
    }

    /// Starts watching.
    ///
    /// - Throws: `WatcherError` if the root is not a folder, or inotify was asked for and is unavailable.
    public func start() throws {
        guard FileStamp(path: root)?.isDirectory == true else { throw WatcherError.notAFolder(root) }
        try queue.sync {
            let report: (String) -> Void = { [debouncer] path in debouncer.add(path) }
            switch method {
            case .polling(let interval):
                changeSource = PollingChangeSource(root: root, filter: filter, interval: interval, queue: queue, report: report)
                activeMethod = method
            case .inotify, .automatic:
                #if os(Linux)
                do {
                    let inotify = try InotifyChangeSource(root: root, filter: filter, queue: queue, report: report)
                    try inotify.start()
                    changeSource = inotify
                    activeMethod = .inotify
                    return
                } catch where method == .automatic {
                    // Fall through to polling.
                }
                #else
                guard method == .automatic else { throw WatcherError.inotifyUnavailable(0) }
                #endif
                let interval = Self.defaultPollingInterval
                changeSource = PollingChangeSource(root: root, filter: filter, interval: interval, queue: queue, report: report)
                activeMethod = .polling(interval: interval)
            }
            try changeSource?.start()
        }
    }

    /// Stops watching; no batch is delivered afterwards.
    public func stop() {
        queue.sync {
            changeSource?.stop()
            changeSource = nil
            debouncer.cancel()
        }
    }
}

/// One way of noticing changes; runs on the watcher's queue.
protocol ChangeSource: AnyObject {
    func start() throws
    func stop()
}

public enum WatcherError: Error, Equatable, CustomStringConvertible {
    case notAFolder(String)
    /// inotify could not be set up; carries `errno` (0 where the system has no inotify).
    case inotifyUnavailable(Int32)

    public var description: String {
        switch self {
        case .notAFolder(let path): "cannot watch '\(path)': expected a folder"
        case .inotifyUnavailable(let code): "cannot watch with inotify (error \(code))"
        }
    }
}
