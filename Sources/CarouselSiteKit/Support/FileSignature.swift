import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies a file's contents without reading them: any write, `touch`, or rename of
/// another file over it changes the size, the modification time or the inode (see
/// `LocalImageIndex`). The status-change time is left out on purpose: hard-linking an image into
/// the output changes it on every build, and it would never match.
struct FileSignature: Equatable, Sendable {
    struct Time: Equatable, Sendable {
        var seconds: Int64
        var nanoseconds: Int64

        init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        /// Parses "seconds.nanoseconds".
        init?(_ text: Substring) {
            let parts = text.split(separator: ".")
            guard parts.count == 2, let seconds = Int64(parts[0]), let nanoseconds = Int64(parts[1]) else { return nil }
            self.init(seconds: seconds, nanoseconds: nanoseconds)
        }
    }

    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Time

    /// The signature of the file at `path`, following links; nil when it cannot be stat'ed.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if os(Linux)
            modified = Time(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        #else
            modified = Time(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
        #endif
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Time) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}
