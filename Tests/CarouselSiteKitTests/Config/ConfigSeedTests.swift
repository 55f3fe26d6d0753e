import Foundation
import Testing
@testable import CarouselSiteKit

/// The config fuzz target starts from `Fuzz/seeds/config/shows.json`; a key missing there is a
/// branch of the loader the fuzzer must find by chance. The seed must also load (with only its
/// one deliberate typo as a warning), so mutations start from a valid config.
@Suite struct ConfigSeedTests {
    static let seed = ToolRun.repository.appendingPathComponent("Fuzz/seeds/config/shows.json")

    @Test func seedUsesEveryKeyOfTheSchema() throws {
        let text = try String(contentsOf: Self.seed, encoding: .utf8)
        let keys = ConfigReader.siteKeys + ConfigReader.themeKeys + ConfigReader.mappingKeys + ConfigReader.imageKeys
        let missing = Set(keys).filter { !text.contains("\"\($0)\":") }
        #expect(missing.isEmpty, "keys missing from the fuzz seed: \(missing.sorted())")
    }

    @Test func seedLoads() throws {
        let log = DiagnosticLog()
        let config = try ConfigLoader().load(SourceText(name: "shows.json", data: try Data(contentsOf: Self.seed)), log: log)
        #expect(config.shows.count == 2)
        #expect(log.diagnostics.map(\.message) == ["unknown key 'idd' in a show is ignored"])
    }
}
