import CarouselSiteKit
import Foundation

/// The property lists in `plists/` parse or are rejected as MANIFEST.json's `intended_valid` says
/// (null: either, never a crash). Where the manifest records CPython's parsed value in full, the
/// parsed tree must equal it, dictionary order included.
enum PlistSuite: ConformanceSuite {
    static let name = "plists"

    static func run(corpora: URL) throws -> SuiteReport {
        let folder = corpora.appendingPathComponent("plists")
        // Read with the project's own JSON parser: it keeps key order, which is what is compared.
        let manifestData = try Data(contentsOf: folder.appendingPathComponent("MANIFEST.json"))
        let manifest = try JSONParser.parse(SourceText(name: "MANIFEST.json", data: manifestData)).arrayValue ?? []
        var report = SuiteReport()
        for entry in manifest {
            guard let file = entry["file"]?.stringValue else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let outcome = Result { () throws(Diagnostic) -> PropertyListNode in try PropertyListReader.read(SourceText(name: file, data: data)) }
            switch (entry["intended_valid"]?.boolValue, outcome) {
            case (nil, .success):
                report.check(true, "")
            case (nil, .failure(let diagnostic)):
                report.check(diagnostic.location != nil, "\(file): diagnostic without a location: \(diagnostic.message)")
            case (true, .failure(let diagnostic)):
                report.check(false, "\(file): rejected: \(diagnostic.location.map { "\($0): " } ?? "")\(diagnostic.message)")
            case (false, .success):
                report.check(false, "\(file): accepted, expected a diagnostic")
            case (false, .failure(let diagnostic)):
                report.check(diagnostic.location != nil, "\(file): diagnostic without a location: \(diagnostic.message)")
            case (true, .success(let root)):
                let recorded = entry["plistlib_py3_11"]
                guard let value = recorded?["value"], recorded?["ok"]?.boolValue == true else {
                    report.check(true, "")
                    continue
                }
                let mismatch = difference(root, value, path: "")
                report.check(mismatch == nil, "\(file): \(mismatch ?? "")")
            }
        }
        return report
    }

    /// A description of the first place where `node` differs from the manifest's JSON rendering
    /// of CPython's value, or nil when they agree. Dates, data and UIDs use the manifest's
    /// `$date`, `$data_base64` (a prefix) with `$len`, and `$uid` objects.
    private static func difference(_ node: PropertyListNode, _ expected: JSONNode, path: String) -> String? {
        let want = describe(expected)
        switch node.value {
        case .string(let string):
            return expected.stringValue == string ? nil : "\(path): string \(string.debugDescription), expected \(want)"
        case .integer(let text):
            guard case .number(_, let literal) = expected.value, literal == text else { return "\(path): integer \(text), expected \(want)" }
            return nil
        case .real(let number):
            return expected.numberValue == number ? nil : "\(path): real \(number), expected \(want)"
        case .bool(let bool):
            return expected.boolValue == bool ? nil : "\(path): bool \(bool), expected \(want)"
        case .date(let date):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            let text = formatter.string(from: date)
            return expected["$date"]?.stringValue == text ? nil : "\(path): date \(text), expected \(want)"
        case .data(let bytes):
            guard let length = expected["$len"]?.intValue, let prefix = expected["$data_base64"]?.stringValue,
                  let prefixBytes = Data(base64Encoded: prefix) else { return "\(path): data, expected \(want)" }
            return length == bytes.count && bytes.starts(with: prefixBytes) ? nil : "\(path): data of \(bytes.count) bytes, expected \(length)"
        case .uid(let uid):
            return expected["$uid"]?.intValue.map(UInt64.init) == uid ? nil : "\(path): uid \(uid), expected \(want)"
        case .array(let items):
            guard let array = expected.arrayValue, array.count == items.count else { return "\(path): array of \(items.count), expected \(want)" }
            for (index, (item, wanted)) in zip(items, array).enumerated() {
                if let mismatch = difference(item, wanted, path: "\(path)[\(index)]") { return mismatch }
            }
            return nil
        case .dictionary(let entries):
            guard let members = expected.members else { return "\(path): dictionary, expected \(want)" }
            let keys = entries.map(\.key)
            guard keys == members.map(\.key) else { return "\(path): keys \(keys), expected \(members.map(\.key)) in this order" }
            for (entry, member) in zip(entries, members) {
                if let mismatch = difference(entry.value, member.value, path: "\(path).\(entry.key)") { return mismatch }
            }
            return nil
        }
    }

    private static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let string): string.debugDescription
        case .number(_, let text): text
        default: node.kindDescription
        }
    }
}
