import Foundation
import Testing

/// XML feeds cannot read local files, reach the network, or expand without bound: each attack
/// goes through the real binary, and the page, the output folder and the messages are checked.
@Suite struct XMLEntityTests {
    /// Seconds within which a refused document must have been refused; a reader that expanded
    /// the bombs would run for minutes and exhaust memory.
    static let limit = 30.0

    /// A line of /etc/passwd that every Linux and macOS system has.
    static let passwdMarker = "root:"

    /// Builds a site whose RSS feed declares an external entity for /etc/passwd.
    func buildWithPasswdEntity(title: String) throws -> (ScratchSite, BoundedRun) {
        let site = try ScratchSite()
        let doctype = #"<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>"#
        try site.write("feed.xml", HostileInput.rss(doctype: doctype, title: title))
        try site.write("carousel.json", #"{"feed": "feed.xml"}"#)
        return (site, try BoundedRun(["build", "site"], in: site.root, limit: Self.limit))
    }

    @Test func externalFileEntityNeverReachesThePage() throws {
        let (site, run) = try buildWithPasswdEntity(title: "before &secret; after")
        #expect(run.exited(1))
        #expect(run.stderr.contains("site/feed.xml:2:16: error:"))
        #expect(run.stderr.contains("error: external entity 'secret' is not allowed"))
        #expect(!run.stderr.contains(Self.passwdMarker) && !run.stdout.contains(Self.passwdMarker))
        #expect(!site.exists("_site"))
    }

    /// An entity the document never uses is refused too: declaring one is already hostile.
    @Test func unusedExternalEntityIsRefused() throws {
        let (_, run) = try buildWithPasswdEntity(title: "plain")
        #expect(run.exited(1))
        #expect(run.stderr.contains("external entity 'secret' is not allowed"))
    }

    /// External DTDs, external entities and parameter entities pointing at a real loopback server:
    /// whatever the reader says about the document, the server never hears from it.
    @Test(arguments: [
        #"<!DOCTYPE rss SYSTEM "URL/doc/dtd.json">"#,
        #"<!DOCTYPE rss PUBLIC "-//Example//DTD//EN" "URL/doc/public.json">"#,
        #"<!DOCTYPE rss [<!ENTITY remote SYSTEM "URL/doc/entity.json">]>"#,
        #"<!DOCTYPE rss [<!ENTITY % remote SYSTEM "URL/doc/parameter.json"> %remote;]>"#,
    ])
    func documentTypeDeclarationsMakeNoNetworkRequest(_ doctypeTemplate: String) throws {
        let server = try FaultServer()
        let site = try ScratchSite()
        let doctype = doctypeTemplate.replacingOccurrences(of: "URL", with: "http://127.0.0.1:\(server.port)")
        let usesEntity = doctypeTemplate.contains("ENTITY remote")
        try site.write("feed.xml", HostileInput.rss(doctype: doctype, title: usesEntity ? "&remote;" : "Title"))
        try site.write("carousel.json", #"{"feed": "feed.xml"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.signal == nil && !run.timedOut)
        #expect(run.status == 0 || run.status == 1)
        #expect(try server.requestCount() == 0)
    }

    @Test func billionLaughsIsRefusedAtOnce() throws {
        let site = try ScratchSite()
        try site.write("feed.xml", HostileInput.billionLaughs())
        try site.write("carousel.json", #"{"feed": "feed.xml"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1))
        #expect(run.stderr.contains("error: entity 'lol1' refers to another entity"))
        // Refused while reading the declarations, before any expansion could allocate.
        #expect(run.peakMemory < 200 << 20, "peak memory \(run.peakMemory >> 20) MB")
    }

    @Test func quadraticBlowupIsRefusedAtTheExpansionLimit() throws {
        let site = try ScratchSite()
        try site.write("feed.xml", HostileInput.quadraticBlowup())
        try site.write("carousel.json", #"{"feed": "feed.xml"}"#)
        let run = try BoundedRun(["build", "site"], in: site.root, limit: Self.limit)
        #expect(run.exited(1))
        #expect(run.stderr.contains("error: entity references expand to more than 8 MiB"))
        #expect(run.stderr.utf8.count < 2_000, "stderr is \(run.stderr.utf8.count) bytes")
        #expect(run.peakMemory < 500 << 20, "peak memory \(run.peakMemory >> 20) MB")
    }
}
