import Foundation
import Testing
@testable import CarouselSiteKit

/// posix_spawn and waitpid, with the status decoding done by hand.
@Suite struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func reportsTheExitStatusAndStandardError() throws {
        let child = try ChildProcess.run(shell, ["-c", "echo ignored; echo 'went wrong' >&2; exit 3"])
        #expect(child.exitStatus == 3 && !child.succeeded)
        #expect(child.standardError == "went wrong\n")
    }

    @Test func succeedsWithStatusZero() throws {
        let child = try ChildProcess.run(shell, ["-c", "read line; exit 0"])  // stdin is /dev/null: read ends at once
        #expect(child.succeeded && child.standardError == "")
    }

    @Test func aSignalIsNoExitStatus() throws {
        let child = try ChildProcess.run(shell, ["-c", "kill -KILL $$"])
        #expect(child.exitStatus == nil && !child.succeeded)
    }

    @Test func aMissingProgramThrows() {
        #expect(throws: ImageEngineError.self) {
            try ChildProcess.run(URL(fileURLWithPath: "/nonexistent/vipsthumbnail"), [])
        }
    }
}
