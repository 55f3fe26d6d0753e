import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-site-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` at `relativePath`, creating folders on the way.
    func write(_ relativePath: String, _ contents: String) throws {
        try write(relativePath, Data(contents.utf8))
    }

    func write(_ relativePath: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path + "/" + relativePath, encoding: .utf8)
    }
}
