import Foundation
import Testing

/// Input nested 100,000 levels deep, in every format that nests, through the real binary: each
/// gives a located diagnostic and exit status 1, never a stack overflow (a signal) or a hang.
@Suite struct DeepInputBuildTests {
    /// Seconds a build of one deep document may take before it counts as hung.
    static let limit = 60.0

    /// A deep feed: its file name, its text and the start of the expected message.
    enum Feed: String, CaseIterable, Sendable {
        case json = "deep.json", xml = "deep.xml", plist = "deep.plist", openStep = "deep-ascii.plist"

        var text: String {
            switch self {
            case .json: HostileInput.deepJSON()
            case .xml: HostileInput.deepRSS()
            case .plist: HostileInput.deepPlist()
            case .openStep: HostileInput.deepOpenStepPlist()
            }
        }

        var message: String {
            switch self {
            case .json: "nesting is deeper than"
            case .xml, .plist: "elements nested deeper than"
            case .openStep: "property list nested deeper than"
            }
        }
    }

    @Test(arguments: Feed.allCases)
    func deeplyNestedFeedIsAnErrorNotACrash(_ feed: Feed) throws {
        let site = try ScratchSite()
        try site.write(feed.rawValue, feed.text)
        try site.write("carousel.json", #"{"feed": "\#(feed.rawValue)"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1), "status \(String(describing: run.status)), signal \(String(describing: run.signal))")
        #expect(run.stderr.contains("site/\(feed.rawValue):"))
        #expect(run.stderr.contains("error: \(feed.message)"))
        // The whole message stays readable: the printed source line is cut around the column.
        #expect(run.stderr.utf8.count < 2_000, "stderr is \(run.stderr.utf8.count) bytes")
        #expect(!site.exists("_site"))
    }

    @Test func deeplyNestedTemplateIsAnErrorNotACrash() throws {
        let site = try ScratchSite()
        try site.write("templates/page.mustache", HostileInput.deepMustache())
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1), "status \(String(describing: run.status)), signal \(String(describing: run.signal))")
        #expect(run.stderr.contains("templates/page.mustache:1:"))
        #expect(run.stderr.contains("error: sections nest more than"))
        #expect(run.stderr.utf8.count < 2_000, "stderr is \(run.stderr.utf8.count) bytes")
        #expect(!site.exists("_site"))
    }
}
