import CarouselSiteKit
import Foundation

/// Checks ImageProbe against every file in images/MANIFEST.json: valid files must be accepted
/// with the manifest's width, height and orientation (and display size where the file is turned);
/// invalid ones must be rejected.
enum ImageProbeSuite: ConformanceSuite {
    static let name = "images"

    private struct Entry: Decodable {
        var file: String
        var width: Double?
        var height: Double?
        var orientation: Int?
        var valid: Bool
        var size_determinable: Bool?
        var display_width: Int?
        var display_height: Int?
    }

    static func run(corpora: URL) throws -> SuiteReport {
        let folder = corpora.appendingPathComponent("images")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appendingPathComponent("MANIFEST.json")))
        var report = SuiteReport()
        for entry in entries {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(entry.file))
            let result = Result { try ImageProbe.probe(bytes) }
            switch (result, entry.valid) {
            case (.success(let info), true):
                var expected = "orientation \(entry.orientation ?? 1)"
                var actual = "orientation \(info.orientation)"
                if entry.size_determinable != false, let width = entry.width, let height = entry.height {
                    expected += ", \(Int(width))x\(Int(height))"
                    actual += ", \(info.width)x\(info.height)"
                }
                if let width = entry.display_width, let height = entry.display_height {
                    expected += ", displayed \(width)x\(height)"
                    actual += ", displayed \(info.displayWidth)x\(info.displayHeight)"
                }
                report.check(expected == actual, "\(entry.file): expected \(expected), got \(actual)")
            case (.failure(let error), true):
                report.check(false, "\(entry.file): valid, but rejected: \(error)")
            case (.success(let info), false):
                report.check(false, "\(entry.file): invalid, but accepted as \(info.format) \(info.width)x\(info.height)")
            case (.failure, false):
                report.check(true, "")
            }
        }
        return report
    }
}
