import Foundation

/// The on-disk cache of downloads: content-addressed blobs plus one metadata entry per URL.
///
/// Layout under the cache folder:
///
///     blobs/<sha256 of the bytes>      write-once; the name is the content's hash
///     urls/<sha256 of the URL>.json    a CacheEntry
///     local/<sha256 of a path>.json    a LocalImageIndex entry
///     tmp/<pid>-<uuid>.tmp             files being written, renamed into place when complete
///
/// Invariants that make a SIGKILL at any moment harmless and let two builds share the folder:
/// every file appears by rename(2), so none is ever partial; a blob is in place before an entry
/// names it; two writers of one blob write the same bytes; an entry that fails to decode or names
/// a missing or wrongly sized blob is treated as absent and later overwritten.
final class DownloadCache: @unchecked Sendable {
    let folder: URL
    private let blobs: URL
    private let entries: URL
    private let temporary: URL

    /// Where `LocalImageIndex` keeps its entries; written with the same temporary folder.
    var localIndexFolder: URL { folder.appendingPathComponent("local") }
    var temporaryFolder: URL { temporary }

    init(folder: URL) {
        self.folder = folder
        blobs = folder.appendingPathComponent("blobs")
        entries = folder.appendingPathComponent("urls")
        temporary = folder.appendingPathComponent("tmp")
    }

    /// Creates the folders and removes temporary files abandoned by killed builds.
    func prepare() throws {
        for subfolder in [blobs, entries, temporary] {
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        }
        AtomicFile.removeAbandonedTemporaries(in: temporary)
    }

    func blobFile(hash: String) -> URL {
        // isDirectory: false spares Foundation a stat(2) per call to find out (warm builds make thousands).
        blobs.appendingPathComponent(hash, isDirectory: false)
    }

    private func entryFile(for url: URL) -> URL {
        entries.appendingPathComponent(SHA256.hex(of: Array(url.absoluteString.utf8)) + ".json", isDirectory: false)
    }

    /// The usable entry for `url`, or nil when there is none, it is damaged, or its blob is gone.
    func entry(for url: URL) -> CacheEntry? {
        guard let data = try? Data(contentsOf: entryFile(for: url)),
              let entry = try? Self.decoder.decode(CacheEntry.self, from: data),
              entry.url == url,
              FileIdentity(path: blobFile(hash: entry.contentHash).path)?.size == Int64(entry.byteCount)
        else { return nil }
        return entry
    }

    /// Stores `bytes` under their hash unless a blob with that hash is already there.
    func storeBlob(_ bytes: Data, hash: String) throws {
        let destination = blobFile(hash: hash)
        if FileIdentity(path: destination.path)?.size == Int64(bytes.count) {
            return
        }
        // Read-only, because the output hard-links blobs: a tool that edits the published copy in
        // place would otherwise change the cached bytes behind their hash.
        try AtomicFile.write(bytes, to: destination, temporaryFolder: temporary, permissions: 0o444)
    }

    func storeEntry(_ entry: CacheEntry) throws {
        try AtomicFile.write(try Self.encoder.encode(entry), to: entryFile(for: entry.url), temporaryFolder: temporary)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
