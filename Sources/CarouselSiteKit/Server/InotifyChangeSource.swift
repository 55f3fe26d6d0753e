#if os(Linux)
import Dispatch
import Glibc

/// Finds changes through Linux's inotify: one watch per folder, added as folders appear.
///
/// Editors save in several ways and each shows up here: writing in place (`IN_MODIFY`,
/// `IN_CLOSE_WRITE`), writing a temp file and renaming it over the original (`IN_MOVED_TO`),
/// deleting and recreating (`IN_DELETE`, `IN_CREATE`), `touch` (`IN_ATTRIB`). A new folder gets
/// a watch at once and its contents are reported, since files may land in it before the watch.
final class InotifyChangeSource: ChangeSource {
    private let root: String
    private let filter: WatchFilter
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let report: (String) -> Void
    /// Watch descriptor → folder path relative to the root ("" for the root itself).
    private var folders: [Int32: String] = [:]
    /// Room for many events per read; each is 16 bytes plus a name of at most 255 bytes.
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let mask = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// - Throws: `errno` when inotify is unavailable (as in some containers), so the caller can
    ///   fall back to polling.
    init(root: String, filter: WatchFilter, queue: DispatchQueue, report: @escaping (String) -> Void) throws {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw WatcherError.inotifyUnavailable(errno) }
        self.root = root
        self.filter = filter
        self.descriptor = fd
        self.report = report
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { closeDescriptor(fd) }
    }

    /// - Throws: `WatcherError.inotifyUnavailable` when not even the root can be watched (the
    ///   per-user watch limit is used up), so the caller can fall back to polling.
    func start() throws {
        guard watchTree("", reportingFiles: false) else {
            let code = errno
            stop()
            throw WatcherError.inotifyUnavailable(code)
        }
        source.activate()
    }

    func stop() {
        // Activating first (a no-op once started): a source that was never activated traps when
        // released, and only an active one runs its cancel handler, which closes the descriptor.
        source.activate()
        source.cancel()
    }

    /// Watches `folder` and every folder below it that the filter lets in; false if `folder`
    /// itself could not be watched.
    @discardableResult
    private func watchTree(_ folder: String, reportingFiles: Bool) -> Bool {
        var pending = [folder]
        var watchedTop = false
        while let current = pending.popLast() {
            let absolute = current.isEmpty ? root : root + "/" + current
            // Watching a folder that is already watched (one moved within the site) returns its
            // existing descriptor, so the map below simply learns the folder's new path.
            let wd = inotify_add_watch(descriptor, absolute, Self.mask)
            // A folder that vanished already, or the per-user watch limit reached: the first is
            // reported by its parent's events; the second leaves that folder unwatched.
            guard wd >= 0 else { continue }
            if current == folder { watchedTop = true }
            folders[wd] = current
            for entry in folderEntries(at: absolute) {
                let path = joinRelative(current, entry.name)
                if entry.isFolder {
                    if filter.descends(into: path) { pending.append(path) }
                } else if reportingFiles, !filter.ignores(path) {
                    report(path)
                }
            }
        }
        return watchedTop
    }

    private func readEvents() {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            // Each record: wd (Int32), mask, cookie, len (UInt32), then `len` bytes of
            // NUL-padded name (struct inotify_event in <sys/inotify.h>).
            while offset + 16 <= count {
                let (wd, eventMask, nameLength) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + nameLength)].prefix { $0 != 0 }
                handle(wd: wd, mask: eventMask, name: String(decoding: nameBytes, as: UTF8.self))
                offset += 16 + nameLength
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: watch everything again and report the whole site as changed.
            for wd in folders.keys { inotify_rm_watch(descriptor, wd) }
            folders = [:]
            watchTree("", reportingFiles: false)
            report("")
            return
        }
        guard let folder = folders[wd] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            return
        }
        if mask & UInt32(IN_MOVE_SELF) != 0 {
            // Moved within the site, the folder was watched again under its new path (its parent's
            // IN_MOVED_TO comes first); moved out of the site, it is forgotten.
            let absolute = folder.isEmpty ? root : root + "/" + folder
            if !folder.isEmpty, FileStamp(path: absolute)?.isDirectory != true {
                inotify_rm_watch(descriptor, wd)
            }
            return
        }
        if mask & UInt32(IN_DELETE_SELF) != 0 {
            // The folder itself went away; its parent reports it by name.
            return
        }
        let path = joinRelative(folder, name)
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, filter.descends(into: path) {
            watchTree(path, reportingFiles: true)
        }
        if !filter.ignores(path) { report(path) }
    }
}
#endif
