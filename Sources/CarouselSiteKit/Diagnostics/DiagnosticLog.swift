import Foundation

/// Collects the warnings and errors of a build as stages report them, from any thread.
///
/// A stage that can go on after a problem (a broken image, a skipped feed item) records it here;
/// a stage that cannot throws. The builder reads the log at the end to decide the exit status.
public final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Diagnostic] = []

    public init() {}

    public func report(_ diagnostic: Diagnostic) {
        lock.withLock { entries.append(diagnostic) }
    }

    public func report(_ diagnostics: [Diagnostic]) {
        lock.withLock { entries.append(contentsOf: diagnostics) }
    }

    /// Everything reported so far, in the order it was reported.
    public var diagnostics: [Diagnostic] {
        lock.withLock { entries }
    }

    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
