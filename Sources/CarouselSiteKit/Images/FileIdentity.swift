import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What stat(2) says about a file that changes whenever its content might have: device, inode,
/// size and modification time in nanoseconds.
///
/// The status-change time (ctime) is deliberately left out: every build hard-links each local
/// image into the output and unlinks the previous output's link, and each of those changes the
/// image's ctime, so an identity with it never matched on the next build and every warm build
/// read every image again. The price: a tool that rewrites a file in place to the same size and
/// then sets its old mtime back (`cp -p` over an existing file) goes unnoticed; `--refresh`
/// reads every image again.
struct FileIdentity: Codable, Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// The modification time, as a date: a write within the same timestamp tick could change the
    /// file without changing it (see `LocalImageIndex.racyWindow`).
    var lastTouched: Date {
        Date(timeIntervalSince1970: Double(modified) / 1_000_000_000)
    }
}
