import CarouselSiteKit
import Foundation

/// JSONTestSuite's parsing cases against the project's JSON parser: every `y_` file parses, every
/// `n_` file is rejected with a located diagnostic, every `i_` file is handled either way. A crash
/// or hang would stop the run, which is the failure `i_` cases guard against.
enum JSONTestSuite: ConformanceSuite {
    static let name = "json"

    static func run(corpora: URL) throws -> SuiteReport {
        let folder = corpora.appendingPathComponent("json-test-suite/test_parsing")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var report = SuiteReport()
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let source = SourceText(name: file, data: data)
            let outcome = Result { () throws(Diagnostic) -> JSONNode in try JSONParser.parse(source) }
            switch (file.first, outcome) {
            case ("y", .success), ("i", .success):
                report.check(true, "")
            case ("i", .failure(let diagnostic)):
                report.check((diagnostic.location?.line ?? 0) >= 1, "\(file): diagnostic without a line and column: \(diagnostic.message)")
            case ("y", .failure(let diagnostic)):
                report.check(false, "\(file): rejected: \(diagnostic.message)")
            case ("n", .success):
                report.check(false, "\(file): accepted, expected a diagnostic")
            case ("n", .failure(let diagnostic)):
                let located = diagnostic.severity == .error && (diagnostic.location?.line ?? 0) >= 1
                report.check(located, "\(file): diagnostic without a line and column: \(diagnostic.message)")
            default:
                continue
            }
        }
        return report
    }
}
