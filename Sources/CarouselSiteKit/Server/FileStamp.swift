#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file looks like from outside: enough to notice that it changed without reading it.
///
/// The inode is part of it because editors save by writing a new file and renaming it over the
/// old one, which may leave size and modification time (at the file system's granularity) alike.
struct FileStamp: Equatable {
    var isDirectory: Bool
    var size: Int64
    var modified: timespec
    var changed: timespec
    var inode: UInt64

    /// The stamp of `path` itself (symbolic links are not followed), or nil if it is gone.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = info.st_mtimespec
        changed = info.st_ctimespec
        #else
        modified = info.st_mtim
        changed = info.st_ctim
        #endif
        inode = UInt64(info.st_ino)
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.isDirectory == rhs.isDirectory && lhs.size == rhs.size && lhs.inode == rhs.inode
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}

/// The names in a folder, without `.` and `..`, each with whether it is a real folder (symbolic
/// links to folders are not followed, so a link cannot make the watcher loop or leave the site).
func folderEntries(at path: String) -> [(name: String, isFolder: Bool)] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var entries: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let isFolder: Bool
        if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
            isFolder = FileStamp(path: path + "/" + name)?.isDirectory ?? false
        } else {
            isFolder = entry.pointee.d_type == UInt8(DT_DIR)
        }
        entries.append((name, isFolder))
    }
    return entries
}

/// `folder/name`, or `name` at the top.
func joinRelative(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : folder + "/" + name
}
