import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback fault server (Tests/servers/fault_server.py) as a child process for one test,
/// ended with SIGKILL when released.
///
/// SIGKILL because a child started from a test inherits the starting thread's signal mask, and
/// the worker threads tests run on block SIGTERM: a polite stop would never arrive.
final class HostileServer: @unchecked Sendable {
    let port: Int
    private let process: Process

    init(arguments: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", FaultServer.script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The server prints "PORT <n>" once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw FaultServer.StartFailure(description: "fault server did not start: '\(text)'")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Requests the server has answered, per path.
    func requestCount() throws -> Int {
        let data = try Data(contentsOf: URL(string: url("/stats"))!)
        let stats = try JSONDecoder().decode(FaultServer.Stats.self, from: data)
        return stats.totalRequests
    }
}
