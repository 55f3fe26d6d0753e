import Foundation
import Testing
@testable import CarouselSiteKit

/// The cache under real processes: builds of the `carousel-site` binary killed with SIGKILL in
/// the middle of downloading, and builds running at the same time on one cache.
struct CacheCrashSafetyTests {
    static let images = 150
    let server: FaultServer
    let root: TemporaryFolder
    var site: URL { root.file("site") }

    init() throws {
        // Images from 100 on wait until the test says otherwise, so a build cannot finish before
        // it is killed however slow the machine is; 10 ms per request spreads the others out.
        server = try FaultServer(arguments: [
            "--latency-ms", "10", "--bench-images", "\(Self.images)", "--bench-image-bytes", "3000", "--slow-from", "100",
        ])
        root = try TemporaryFolder()
        let items = (0..<Self.images).map { #"{"image": "\#(server.url("/bench/\($0).png").absoluteString)", "title": "Image \#($0)"}"# }
        try root.write("site/slides.json", Array("[\(items.joined(separator: ",\n"))]".utf8))
        try root.write("site/carousel.json", Array(#"{"title": "Crash test", "feed": "slides.json"}"#.utf8))
    }

    func startBuild(output: String) throws -> Process {
        let process = Process()
        process.executableURL = ToolRun.binary
        process.arguments = ["build", site.path, "--quiet", "--output", root.file(output).path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func count(_ folder: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".cache/\(folder)").path)) ?? []).count
    }

    @Test func aBuildKilledAtAnyMomentLeavesACacheTheNextBuildTrusts() async throws {
        // Kill three builds at different points: each resumes where the last one stopped.
        for killAfter in [5, 25, 45] {
            let build = try startBuild(output: "killed")
            while count("urls") < killAfter, build.isRunning {
                try await Task.sleep(for: .milliseconds(5))
            }
            kill(build.processIdentifier, SIGKILL)
            build.waitUntilExit()
            #expect(build.terminationReason == .uncaughtSignal)
        }
        let entriesBefore = count("urls")
        #expect(entriesBefore < Self.images)
        try await server.control("fast")
        try await server.control("reset")

        let run = try ToolRun(["build", site.path, "--quiet"], in: root.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        // Only what the killed builds had not finished is downloaded again.
        #expect(try await server.stats().totalRequests == Self.images - entriesBefore)
        #expect(count("urls") == Self.images)
        #expect(count("tmp") == 0)  // the killed builds' temporary files were cleaned
        // Every blob holds exactly the bytes its name promises.
        let blobs = site.appendingPathComponent(".cache/blobs")
        for name in try FileManager.default.contentsOfDirectory(atPath: blobs.path) {
            #expect(SHA256.hex(of: try Data(contentsOf: blobs.appendingPathComponent(name))) == name)
        }
        let images = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("_site/images").path)
        #expect(images.count == Self.images)
    }

    @Test func twoBuildsSharingTheCacheAtOnceBothSucceed() async throws {
        try await server.control("fast")
        let first = try startBuild(output: "one")
        let second = try startBuild(output: "two")
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let one = try FileManager.default.contentsOfDirectory(atPath: root.file("one/images").path).sorted()
        let two = try FileManager.default.contentsOfDirectory(atPath: root.file("two/images").path).sorted()
        #expect(one.count == Self.images && one == two)
        #expect(count("tmp") == 0)
    }
}
