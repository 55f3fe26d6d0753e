import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old file or the complete new one, never a part.
///
/// The bytes go to a uniquely named temporary file in a folder on the same file system, which is
/// then renamed over the destination with rename(2), atomic on POSIX. (FileManager.replaceItemAt
/// is not used: it loses data on this platform's Foundation.) A process killed mid-write leaves
/// only a temporary file, named `<pid>-<random>.tmp` so a later run can tell it is abandoned.
enum AtomicFile {
    static let temporarySuffix = ".tmp"
    /// Temporary files older than this are abandoned even if their pid was reused by a live process.
    static let abandonedAfter: TimeInterval = 24 * 60 * 60

    /// - Parameter permissions: the new file's mode, e.g. 0o444 for files nobody should edit.
    static func write(_ data: Data, to destination: URL, temporaryFolder: URL, permissions: mode_t? = nil) throws {
        let temporary = temporaryFolder.appendingPathComponent("\(getpid())-\(UUID().uuidString)\(temporarySuffix)", isDirectory: false)
        do {
            try data.write(to: temporary)
            if let permissions, chmod(temporary.path, permissions) != 0 {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Deletes temporary files whose writer is gone: its pid no longer exists, or the file is
    /// older than `abandonedAfter`. Files of live writers (another build sharing the folder) stay.
    /// Returns the number of files removed.
    @discardableResult
    static func removeAbandonedTemporaries(in folder: URL, now: Date = Date()) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(temporarySuffix) {
            let path = folder.appendingPathComponent(name).path
            let writerGone = Int32(name.prefix { $0 != "-" }).map { pid in kill(pid, 0) == -1 && errno == ESRCH } ?? true
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
            let old = modified.map { now.timeIntervalSince($0) > abandonedAfter } ?? false
            if writerGone || old, unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
