// Usage: conformance CORPORA_FOLDER [SUITE...]
//
// Runs the conformance suites over the shared public corpora and prints one line per failure,
// then "N passed, N failed". Exits 1 when any case fails or a named suite does not exist.
import Foundation

/// Every suite, in the order they run. Each lives in its own file beside this one.
let allSuites: [any ConformanceSuite.Type] = [
    MustacheSpecSuite.self,
    JSONTestSuite.self,
    FeedSuite.self,
    PlistSuite.self,
    ImageProbeSuite.self,
    ResponsiveImagesSuite.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let root = arguments.first else {
    FileHandle.standardError.write(Data("usage: conformance CORPORA_FOLDER [SUITE...]\n".utf8))
    exit(64)
}
let corpora = URL(fileURLWithPath: root)
let wanted = Set(arguments.dropFirst())
let unknown = wanted.subtracting(allSuites.map { $0.name })
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("conformance: error: unknown suite '\(unknown.sorted()[0])'\n".utf8))
    exit(64)
}

var passed = 0
var failed = 0
for suite in allSuites where wanted.isEmpty || wanted.contains(suite.name) {
    do {
        let report = try suite.run(corpora: corpora)
        for failure in report.failures { print("FAIL \(suite.name): \(failure)") }
        print("\(suite.name): \(report.passed) passed, \(report.failures.count) failed")
        passed += report.passed
        failed += report.failures.count
    } catch {
        print("FAIL \(suite.name): could not run: \(error)")
        failed += 1
    }
}
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
