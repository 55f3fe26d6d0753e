import Foundation

/// Writes a scaffold into a folder without ever overwriting a user's file unless told to.
public struct ScaffoldWriter: Sendable {
    public init() {}

    /// The scaffold paths that already exist in `site`.
    public func conflicts(_ files: [(path: String, content: SiteOutput.Content)], in site: URL) -> [String] {
        files.map(\.path).filter { FileManager.default.fileExists(atPath: site.appendingPathComponent($0).path) }
    }

    /// Writes every file (each atomically), creating folders as needed.
    public func write(_ files: [(path: String, content: SiteOutput.Content)], into site: URL) throws(Diagnostic) {
        for (path, content) in files {
            try OutputPath.check(path)
            let destination = site.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                switch content {
                case .bytes(let data):
                    try data.write(to: destination, options: .atomic)
                case .file(let source), .copy(let source):
                    try? FileManager.default.removeItem(at: destination)
                    try FileManager.default.copyItem(at: source, to: destination)
                }
            } catch {
                throw .error("cannot write '\(destination.path)': \(error.localizedDescription)")
            }
        }
    }
}
