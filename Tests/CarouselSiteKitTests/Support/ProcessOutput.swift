import Foundation

/// What a finished child process wrote.
struct ProcessOutput {
    var stdout: Data
    var stderr: Data

    /// Starts `process` and collects both of its output streams until it exits. The streams are
    /// drained at the same time: a child that fills one pipe while the reader waits for the end
    /// of the other would otherwise block for ever (a build printing 64 KB of warnings, say).
    static func collect(from process: Process) throws -> ProcessOutput {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ProcessOutput(stdout: outData, stderr: errData)
    }
}
