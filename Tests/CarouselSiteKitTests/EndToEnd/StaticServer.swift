import Foundation

/// Python's `http.server` serving a folder on a free loopback port, for end-to-end tests of
/// remote feeds and images. Stopped when released.
final class StaticServer {
    let port: Int
    private let process: Process

    init(serving folder: URL) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -u: unbuffered, so the "Serving HTTP on … port N" line arrives at once.
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: #"port (\d+)"#, options: .regularExpression),
            let port = Int(text[range].dropFirst(5))
        else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server did not start: \(text)"])
        }
        self.port = port
    }

    func stop() {
        guard process.isRunning else { return }
        // SIGKILL, not terminate(): the test runner blocks SIGTERM in its threads and children
        // inherit that mask, so a SIGTERM would stay pending forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
