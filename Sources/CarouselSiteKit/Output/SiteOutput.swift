import Foundation

/// The complete contents of a generated site, as a list of files to write.
///
/// Stages add files here; only `SiteWriter` touches the disk. Paths are relative with "/"
/// separators, and every one is checked to stay inside the output folder before writing.
public struct SiteOutput: Sendable {
    public enum Content: Sendable, Equatable {
        case bytes(Data)
        /// A file of the cache's, which is only ever replaced, never changed in place:
        /// hard-linked into the output (copied across devices).
        case file(URL)
        /// A file of the site's own, such as a local photo: always copied, so a tool run over the
        /// output (an image optimiser, say) can never change the original through a shared inode.
        case copy(URL)
    }

    public private(set) var files: [String: Content] = [:]

    public init() {}

    public mutating func add(_ path: String, _ content: Content) {
        files[path] = content
    }

    public mutating func add(_ path: String, text: String) {
        files[path] = .bytes(Data(text.utf8))
    }

    /// Paths in a stable order, so writing (and any listing of the output) is reproducible.
    public var paths: [String] { files.keys.sorted() }
}
