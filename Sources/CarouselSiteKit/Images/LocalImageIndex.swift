import Foundation

/// Remembers the hash and probe result of each local image by its `FileIdentity`, so a warm
/// build does not read and hash every local image again (the make/rsync/git approach).
///
/// Entries live in `local/<sha256 of the resolved path>.json` in the cache folder, written
/// atomically. A file touched within `racyWindow` of being indexed is not indexed: a write in the
/// same timestamp tick could otherwise change it without changing its identity (git's "racy
/// clean" problem). A damaged or mismatched entry counts as absent.
final class LocalImageIndex: @unchecked Sendable {
    private struct Entry: Codable {
        var path: String
        var identity: FileIdentity
        var contentHash: String
        var byteCount: Int
        var info: ImageInfo
    }

    /// Wider than the coarsest timestamp granularity in common use (2 s on FAT file systems).
    static let racyWindow: TimeInterval = 3

    private let folder: URL
    private let temporaryFolder: URL

    init(folder: URL, temporaryFolder: URL) {
        self.folder = folder
        self.temporaryFolder = temporaryFolder
    }

    /// The remembered image for `file` if the file's identity is unchanged since it was indexed.
    func image(for file: URL, identity: FileIdentity) -> StoredImage? {
        guard let data = try? Data(contentsOf: entryFile(for: file)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.path == file.path, entry.identity == identity
        else { return nil }
        return StoredImage(contentHash: entry.contentHash, file: file, info: entry.info, byteCount: entry.byteCount, isSiteFile: true)
    }

    /// Indexes `image`, read from a file with `identity`, unless the file was touched too recently.
    func record(_ image: StoredImage, identity: FileIdentity, now: Date) {
        guard now.timeIntervalSince(identity.lastTouched) > Self.racyWindow else { return }
        let entry = Entry(path: image.file.path, identity: identity, contentHash: image.contentHash, byteCount: image.byteCount, info: image.info)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A failed write only costs the next build a re-read, so it is not reported.
        // Not flushed: an entry a power cut empties decodes as absent, and costs one re-read.
        try? AtomicFile.write(data, to: entryFile(for: image.file), temporaryFolder: temporaryFolder, durable: false)
    }

    private func entryFile(for file: URL) -> URL {
        folder.appendingPathComponent(SHA256.hex(of: Array(file.path.utf8)) + ".json", isDirectory: false)
    }
}
