import Foundation

/// A fresh folder under the system's temporary directory, deleted when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-site-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    @discardableResult
    func write(_ path: String, _ bytes: [UInt8]) throws -> URL {
        let file = file(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }
}
