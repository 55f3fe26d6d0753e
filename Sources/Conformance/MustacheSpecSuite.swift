import Foundation
import Mustache

/// The official Mustache spec: every JSON file under `mustache-spec/specs`, except the
/// optional lambdas module, which needs code in the data and this engine has no lambdas.
struct MustacheSpecSuite: ConformanceSuite {
    static let name = "mustache"

    /// Optional modules the engine does not implement, by file name.
    static let unsupportedModules: Set<String> = ["~lambdas.json"]

    /// The name the test's own template gets in its library; spec partials never use it.
    static let templateName = "(spec template)"

    static func run(corpora: URL) throws -> SuiteReport {
        let folder = corpora.appendingPathComponent("mustache-spec/specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !unsupportedModules.contains($0) }
            .sorted()
        guard !files.isEmpty else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }

        var report = SuiteReport()
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard let spec = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = spec["tests"] as? [[String: Any]]
            else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file]) }
            for test in tests {
                let label = "\(file): \(test["name"] as? String ?? "?")"
                let outcome = Result { try render(test) }
                switch outcome {
                case .success(let (actual, expected)):
                    report.check(actual == expected, "\(label): expected \(expected.debugDescription), got \(actual.debugDescription)")
                case .failure(let error):
                    report.check(false, "\(label): \(error)")
                }
            }
        }
        return report
    }

    /// Renders one spec test; returns the output and the expected output.
    private static func render(_ test: [String: Any]) throws -> (String, String) {
        guard let template = test["template"] as? String, let expected = test["expected"] as? String else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var templates = test["partials"] as? [String: String] ?? [:]
        templates[templateName] = template
        let library = try MustacheLibrary(templates: templates)
        return (try library.render(templateName, with: value(from: test["data"] ?? NSNull())), expected)
    }

    /// Converts what JSONSerialization produced into the engine's typed data.
    static func value(from json: Any) -> MustacheValue {
        switch json {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            // JSON booleans arrive as NSNumber too; only their Objective-C type, "c", tells them apart.
            switch String(cString: number.objCType) {
            case "c": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let array as [Any]:
            return .array(array.map(value(from:)))
        case let object as [String: Any]:
            // Spec data has no meaningful key order; sorting makes runs repeatable.
            return .object(MustacheObject(object.sorted { $0.key < $1.key }.map { ($0.key, value(from: $0.value)) }))
        default:
            return .null
        }
    }
}
