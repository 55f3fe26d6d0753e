import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where derived files live between builds: `<cache>/derived/<engine>/<source hash>/<file>`, each
/// name carrying the width and encoder settings. A file exists there only once complete (written
/// aside, then renamed), so existence alone means "already derived".
///
/// Keys are per file, not per options set: adding a width derives only that width, and changing
/// the WebP quality re-encodes only the WebP files.
struct DerivativeCache {
    let folder: URL

    /// `derivedFolder` is usually the site's `.cache/derived`.
    init(derivedFolder: URL, engineIdentity: String) {
        self.folder = derivedFolder.appendingPathComponent(engineIdentity)
    }

    func variantURL(sourceHash: String, width: Int, encoding: ImageEncoding) -> URL {
        folder.appendingPathComponent(sourceHash)
            .appendingPathComponent("\(width)-\(encoding.cacheKey).\(encoding.format.fileExtension)")
    }

    func placeholderURL(sourceHash: String, size: Int, encoding: ImageEncoding) -> URL {
        folder.appendingPathComponent(sourceHash)
            .appendingPathComponent("placeholder\(size)-\(encoding.cacheKey).\(encoding.format.fileExtension)")
    }

    /// The size of a complete cached file, or nil when it is not there.
    func byteCount(of url: URL) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// A unique name beside `final` for the engine to write to. It keeps the extension, since
    /// engines choose the encoder by it, and starts with a dot so listings skip it.
    func temporaryURL(for final: URL) -> URL {
        final.deletingLastPathComponent()
            .appendingPathComponent(".partial-\(UUID().uuidString)-\(final.lastPathComponent)")
    }

    func prepareFolder(for final: URL) throws(ImageEngineError) {
        do {
            try FileManager.default.createDirectory(at: final.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ImageEngineError("cannot create the cache folder '\(final.deletingLastPathComponent().path)': \(error.localizedDescription)")
        }
    }

    /// A partial file this old belongs to a build that was killed: no encode of one image runs
    /// for an hour, so a younger one may still be written by a build running now.
    static let abandonedAge: TimeInterval = 3600

    /// Deletes the partial files killed builds left in one source's folder.
    func removeAbandonedPartials(sourceHash: String, now: Date = Date()) {
        let sourceFolder = folder.appendingPathComponent(sourceHash)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: sourceFolder.path) else { return }
        for name in names where name.hasPrefix(".partial-") {
            let file = sourceFolder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > Self.abandonedAge {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    /// Moves a finished file into place atomically with rename(2): concurrent builds deriving the
    /// same file each rename a complete copy, and readers never see a partial one.
    func commit(_ temporary: URL, as final: URL) throws(ImageEngineError) {
        guard rename(temporary.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ImageEngineError("cannot move a derived file into '\(final.path)': \(reason)")
        }
    }
}
