import Foundation
import Testing
@testable import CarouselSiteKit

struct ProgressReporterTests {
    /// Collects what the reporter writes; the clock is moved by hand.
    final class Terminal: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        private var seconds: TimeInterval = 100

        var output: String { lock.withLock { text } }
        func write(_ string: String) { lock.withLock { text += string } }
        func now() -> TimeInterval { lock.withLock { seconds } }
        func advance(_ delta: TimeInterval) { lock.withLock { seconds += delta } }
    }

    func run(_ style: ProgressReporter.Style) -> String {
        let terminal = Terminal()
        let reporter = ProgressReporter(style: style, write: { terminal.write($0) }, clock: { terminal.now() })
        reporter.start(total: 3)
        for _ in 0..<3 {
            terminal.advance(1.5)
            reporter.received(bytes: 1_500_000)
            reporter.finishedItem()
        }
        reporter.finish()
        return terminal.output
    }

    @Test func plainLinesWhenNotATerminal() {
        #expect(run(.lines) == """
            images: 1/3, 3 MB, 1 MB/s
            images: 3/3, 4.5 MB, 1 MB/s

            """)
    }

    @Test func redrawsOneLineOnATerminal() {
        let output = run(.terminal)
        #expect(output.hasPrefix("\r\u{1B}[Kimages: 0/3, 1.5 MB, 1 MB/s"))
        #expect(output.hasSuffix("\r\u{1B}[Kimages: 3/3, 4.5 MB, 1 MB/s\n"))
        #expect(output.filter { $0 == "\n" }.count == 1)
    }

    @Test func quietPrintsNothing() {
        #expect(run(.quiet) == "")
    }
}
