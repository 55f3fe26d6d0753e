import Foundation

/// Runs the built `carousel-site` binary with a hard time limit, and optionally kills it with
/// SIGKILL after a chosen delay, recording how it ended and its peak memory.
///
/// Unlike `ToolRun`, a hostile input that hangs the tool fails the test instead of hanging it.
/// Output goes to files, so a chatty child cannot block on a full pipe.
struct BoundedRun {
    /// The exit status, when the process exited by itself.
    var status: Int32?
    /// The signal that ended it, when one did (SIGKILL from `killAfter` or from the time limit).
    var signal: Int32?
    /// Whether the time limit ran out and the process was killed for it.
    var timedOut: Bool
    var stdout: String
    var stderr: String
    /// Peak resident memory of the process in bytes (VmHWM, sampled while it runs), or 0 where
    /// /proc does not exist.
    var peakMemory: Int
    /// Seconds from start to end.
    var seconds: Double

    /// - Parameters:
    ///   - limit: seconds after which the process counts as hung and is killed.
    ///   - killAfter: seconds after which it is killed on purpose (crash-consistency tests).
    init(_ arguments: [String], in directory: URL, limit: Double, killAfter: Double? = nil) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-site-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("stdout"), errFile = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: outFile), err = try FileHandle(forWritingTo: errFile)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = ToolRun.process(arguments, in: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let started = Date()
        try process.run()

        var killed = false, killedForTime = false, peak = 0
        while process.isRunning {
            peak = max(peak, Self.highWaterMark(of: process.processIdentifier))
            let elapsed = Date().timeIntervalSince(started)
            if !killed, let killAfter, elapsed >= killAfter {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            } else if !killed, elapsed >= limit {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                killedForTime = true
            }
            usleep(2_000)  // 2 ms between polls: fine enough for randomised kill moments
        }
        process.waitUntilExit()
        seconds = Date().timeIntervalSince(started)
        if process.terminationReason == .uncaughtSignal {
            status = nil
            signal = process.terminationStatus
        } else {
            status = process.terminationStatus
            signal = nil
        }
        timedOut = killedForTime
        peakMemory = peak
        stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
    }

    /// True when the tool ended by itself with `code`, within its time limit.
    func exited(_ code: Int32) -> Bool {
        !timedOut && signal == nil && status == code
    }

    /// The process's peak resident size so far, from the kernel's own high-water mark.
    private static func highWaterMark(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
