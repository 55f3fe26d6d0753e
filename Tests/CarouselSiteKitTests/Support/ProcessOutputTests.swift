import Foundation
import Testing

@Suite struct ProcessOutputTests {
    /// A megabyte on standard error before a word on standard output: reading the streams one
    /// after the other would leave the child blocked on a full pipe for ever.
    @Test(.timeLimit(.minutes(1)))
    func drainsBothStreamsAtOnce() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 1000000 /dev/zero >&2; echo done"]
        let output = try ProcessOutput.collect(from: process)
        #expect(process.terminationStatus == 0)
        #expect(output.stderr.count == 1_000_000)
        #expect(String(decoding: output.stdout, as: UTF8.self) == "done\n")
    }
}
