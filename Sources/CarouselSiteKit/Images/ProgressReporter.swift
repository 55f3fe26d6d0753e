import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows how the downloads are going: items done out of the total, bytes received and the rate.
///
/// On a terminal the line is redrawn in place on standard error; otherwise (CI logs, pipes) plain
/// lines are printed now and then; `quiet` prints nothing. Safe to call from any thread.
public final class ProgressReporter: @unchecked Sendable {
    public enum Style: Sendable {
        /// One line redrawn in place (carriage return and erase-line).
        case terminal
        /// A plain line at most once per `lineInterval`, and one at the end.
        case lines
        /// Nothing at all.
        case quiet
    }

    /// Terminal redraws at most ten times a second: smooth enough, and cheap.
    private static let redrawInterval: TimeInterval = 0.1
    /// Plain lines at most every two seconds keep logs short for thousands of images.
    private static let lineInterval: TimeInterval = 2

    private let style: Style
    private let label: String
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> TimeInterval
    private let lock = NSLock()
    private var total = 0
    private var done = 0
    private var bytes = 0
    private var startedAt: TimeInterval = 0
    private var lastShownAt: TimeInterval = -.infinity
    private var shownSomething = false

    /// - Parameters:
    ///   - label: names what is counted, e.g. "images".
    ///   - write: where text goes; standard error by default.
    ///   - clock: seconds on a monotonic clock; replaced in tests.
    public init(style: Style, label: String = "images",
                write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.style = style
        self.label = label
        self.write = write
        self.clock = clock
    }

    /// A reporter for standard error: redrawn on a terminal, plain lines otherwise, or silent.
    public static func standardError(quiet: Bool) -> ProgressReporter {
        ProgressReporter(style: quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .terminal : .lines)
    }

    public func start(total: Int) {
        lock.withLock {
            self.total = total
            done = 0
            bytes = 0
            startedAt = clock()
            lastShownAt = -.infinity
            shownSomething = false
        }
    }

    public func received(bytes count: Int) {
        lock.withLock {
            bytes += count
            showIfDue()
        }
    }

    public func finishedItem() {
        lock.withLock {
            done += 1
            showIfDue()
        }
    }

    /// Prints the final state (and ends the redrawn line) if anything was shown or downloaded.
    public func finish() {
        lock.withLock {
            guard style != .quiet, total > 0, shownSomething || bytes > 0 else { return }
            switch style {
            case .terminal: write("\r\u{1B}[K" + summary() + "\n")
            case .lines: write(summary() + "\n")
            case .quiet: break
            }
        }
    }

    /// Must be called with `lock` held.
    private func showIfDue() {
        let now = clock()
        switch style {
        case .quiet:
            return
        case .terminal:
            guard now - lastShownAt >= Self.redrawInterval else { return }
            write("\r\u{1B}[K" + summary())
        case .lines:
            guard now - lastShownAt >= Self.lineInterval, now - startedAt >= Self.lineInterval else { return }
            write(summary() + "\n")
        }
        lastShownAt = now
        shownSomething = true
    }

    /// "images: 120/1000, 12.3 MB, 4.1 MB/s"
    private func summary() -> String {
        let elapsed = max(clock() - startedAt, 0.001)  // avoid dividing by zero right at the start
        return "\(label): \(done)/\(total), \(ByteCountText.bytes(bytes)), \(ByteCountText.rate(bytesPerSecond: Double(bytes) / elapsed))"
    }
}
