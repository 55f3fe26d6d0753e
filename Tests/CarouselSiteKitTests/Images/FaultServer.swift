import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback fault-injecting HTTP server (Tests/servers/fault_server.py) run as a child
/// process for one test; killed when the value is released, and gone by itself when the test
/// process dies (it exits when its standard input closes).
///
/// Killed with SIGKILL because a child started from a test inherits the starting thread's
/// signal mask, and the worker threads tests run on block SIGTERM.
final class FaultServer: @unchecked Sendable {
    struct Stats: Decodable {
        var requests: [String: Int]
        var body_bytes: [String: Int]

        func requests(_ path: String) -> Int { requests[path] ?? 0 }
        func bodyBytes(_ path: String) -> Int { body_bytes[path] ?? 0 }
        var totalRequests: Int { requests.values.reduce(0, +) }
    }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: Process
    private let input = Pipe()

    static var script: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("servers/fault_server.py")
    }

    init(arguments: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--exit-with-stdin"] + arguments
        let output = Pipe()
        process.standardOutput = output
        // The server exits when this pipe closes, which happens however this process ends.
        process.standardInput = input
        try process.run()
        // The server prints "PORT <n>" once it listens; read up to the first line break.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "fault server did not start: '\(text)'")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func stats() async throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: try await get("/stats"))
    }

    /// Every request answered so far, read without suspending (for synchronous tests).
    func requestCount() throws -> Int {
        try JSONDecoder().decode(Stats.self, from: try Data(contentsOf: url("/stats"))).totalRequests
    }

    func control(_ action: String) async throws {
        _ = try await get("/control/\(action)")
    }

    private func get(_ path: String) async throws -> Data {
        let configuration = URLSessionConfiguration.ephemeral
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        return try await session.data(from: url(path)).0
    }
}
