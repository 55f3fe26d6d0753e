import Dispatch

/// Finds changes by walking the folder every `interval` seconds and comparing file stamps.
/// The portable fallback for systems without inotify; costs one `lstat` per file per pass.
final class PollingChangeSource: ChangeSource {
    private let root: String
    private let filter: WatchFilter
    private let timer: DispatchSourceTimer
    private var stamps: [String: FileStamp] = [:]

    init(root: String, filter: WatchFilter, interval: Double, queue: DispatchQueue, report: @escaping (String) -> Void) {
        self.root = root
        self.filter = filter
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let now = snapshot()
            for (path, stamp) in now where stamps[path] != stamp { report(path) }
            for path in stamps.keys where now[path] == nil { report(path) }
            stamps = now
        }
    }

    func start() throws {
        stamps = snapshot()
        timer.activate()
    }

    func stop() {
        timer.cancel()
    }

    private func snapshot() -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        var folders = [""]
        while let folder = folders.popLast() {
            for entry in folderEntries(at: folder.isEmpty ? root : root + "/" + folder) {
                let path = joinRelative(folder, entry.name)
                if entry.isFolder {
                    if filter.descends(into: path) { folders.append(path) }
                } else if !filter.ignores(path), let stamp = FileStamp(path: root + "/" + path) {
                    result[path] = stamp
                }
            }
        }
        return result
    }
}
