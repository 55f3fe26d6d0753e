import Foundation

/// Remembers the hash and probe result of each local image by its file's identity, so a
/// rebuild reads and hashes only the images that changed: for an unchanged image it costs one
/// stat(2) instead of reading every byte.
///
/// The identity (`FileSignature`) is the device, inode, size and modification time; any write,
/// rename over the file or `touch` changes at least one of them. A tool that rewrites a file in
/// place to the same size and then restores its old modification time goes unnoticed: `--refresh`
/// reads every image again. Entries are
/// kept in one text file in the cache folder, one line per image, rewritten (atomically) only
/// when an entry changed, and holding only the images of the last build, so it never grows
/// past the site's size.
///
/// Thread-safe: the image store looks images up from concurrent tasks.
final class LocalImageIndex: @unchecked Sendable {
    struct Entry: Equatable {
        var signature: FileSignature
        var contentHash: String
        var info: ImageInfo
    }

    /// The first line of the file; a file with any other first line is ignored (and replaced).
    static let header = "carousel-site local image index 2"

    let file: URL
    private let lock = NSLock()
    private var previous: [String: Entry] = [:]
    private var current: [String: Entry] = [:]
    private var changed = false

    init(file: URL) {
        self.file = file
        previous = Self.load(file)
    }

    /// The remembered hash and info of the file at `path`, if its signature still matches.
    func lookup(_ path: String, signature: FileSignature) -> Entry? {
        lock.withLock {
            guard let entry = previous[path], entry.signature == signature else { return nil }
            current[path] = entry
            return entry
        }
    }

    func record(_ path: String, _ entry: Entry) {
        // Tabs and newlines separate fields and lines; such rare paths are simply not remembered.
        guard !path.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return }
        // A file written in the last two seconds might be written again within the same
        // timestamp tick on coarse file systems, unnoticed; it is hashed again next time.
        guard Date().timeIntervalSince1970 - Double(entry.signature.modified.seconds) > 2 else { return }
        lock.withLock {
            current[path] = entry
            changed = true
        }
    }

    /// Writes the entries of this build when any differ from the file's.
    func save() {
        let (entries, dirty) = lock.withLock { (current, changed || current.count != previous.count) }
        guard dirty else { return }
        var text = Self.header + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let s = entry.signature, i = entry.info
            let fields: [String] = [
                String(s.device), String(s.inode), String(s.size), "\(s.modified.seconds).\(s.modified.nanoseconds)",
                entry.contentHash, i.format.rawValue,
                String(i.width), String(i.height), String(i.orientation), String(i.displayOrientation), path,
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        let folder = file.deletingLastPathComponent()
        // The index only saves work: a cache that cannot be written costs the next build time, nothing else.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(Data(text.utf8), to: file, temporaryFolder: folder)
    }

    static func load(_ file: URL) -> [String: Entry] {
        guard let data = FileManager.default.contents(atPath: file.path), let text = String(data: data, encoding: .utf8) else { return [:] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header) else { return [:] }
        var entries: [String: Entry] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 10, omittingEmptySubsequences: false)
            guard fields.count == 11, let device = UInt64(fields[0]), let inode = UInt64(fields[1]), let size = Int64(fields[2]),
                let modified = FileSignature.Time(fields[3]), fields[4].count == 64, fields[4].allSatisfy(\.isHexDigit),
                let format = ImageFormat(rawValue: String(fields[5])), let width = Int(fields[6]), let height = Int(fields[7]),
                let orientation = Int(fields[8]), let displayOrientation = Int(fields[9])
            else { continue }  // a damaged line only costs that image a re-hash
            let signature = FileSignature(device: device, inode: inode, size: size, modified: modified)
            let info = ImageInfo(format: format, width: width, height: height, orientation: orientation, displayOrientation: displayOrientation)
            entries[String(fields[10])] = Entry(signature: signature, contentHash: String(fields[4]), info: info)
        }
        return entries
    }
}
