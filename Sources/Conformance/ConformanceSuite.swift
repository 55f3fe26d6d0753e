import Foundation

/// One public test suite from the shared corpora, run against the project's real code.
///
/// Conformance runs are separate from `swift test` because the corpora are not part of the
/// repository: a fresh clone has none, CI has them beside the checkout.
protocol ConformanceSuite {
    /// The suite's name on the command line and in the report, e.g. "mustache".
    static var name: String { get }
    /// Runs every case found under `corpora` (the corpora root folder).
    static func run(corpora: URL) throws -> SuiteReport
}

/// The outcome of one suite: how many cases passed and a line for each failure.
struct SuiteReport {
    var passed = 0
    var failures: [String] = []

    mutating func check(_ condition: Bool, _ failure: @autoclosure () -> String) {
        if condition { passed += 1 } else { failures.append(failure()) }
    }
}
