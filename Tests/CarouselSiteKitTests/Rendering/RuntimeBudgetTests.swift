import Foundation
import Testing
@testable import CarouselSiteKit

/// The runtimes' byte budgets, measured on what a build really ships: the embedded theme's files
/// through the generator's own minifier, gzipped at the highest level. (Tests/js checks the same
/// budgets with a restatement of the minifier; this one cannot drift from the real one.)
@Suite struct RuntimeBudgetTests {
    static let budgets: [(file: String, bytes: Int)] = [
        ("carousel.js", 2_048),
        ("carousel.css", 700),
        ("carousel-windowed.js", 3_072),
        ("carousel-windowed.css", 300),
    ]

    @Test(arguments: budgets.map(\.file))
    func shippedRuntimeFitsItsBudget(file: String) throws {
        let source = try #require(Theme.standard.files[file], "the theme has no '\(file)'")
        let minified = file.hasSuffix(".js") ? Minifier.minifyScript(source) : Minifier.minifyStyle(source)
        let budget = try #require(Self.budgets.first { $0.file == file }?.bytes)
        let size = Gzip.compress(Data(minified.utf8)).count
        #expect(size <= budget, "\(file) is \(size) bytes gzipped, over its \(budget)")
    }
}
