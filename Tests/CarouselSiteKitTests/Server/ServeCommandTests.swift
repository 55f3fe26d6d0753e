import Foundation
import Testing
@testable import CarouselSiteKit

/// `carousel-site serve` run as a separate process, on a scratch copy of the example site.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let condition = NSCondition()
    private var stdout = ""
    private var stderr = ""

    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        process.executableURL = ToolRun.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: false) }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: true) }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func append(_ data: Data, error: Bool) {
        condition.withLock {
            if error { stderr += String(decoding: data, as: UTF8.self) } else { stdout += String(decoding: data, as: UTF8.self) }
            condition.broadcast()
        }
    }

    /// Waits until standard output or error contains `text`; returns everything said so far.
    func waitFor(_ text: String, inStandardError: Bool = false, timeout: Double = 30) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while !(inStandardError ? stderr : stdout).contains(text) {
                if !condition.wait(until: deadline) { return nil }
            }
            return inStandardError ? stderr : stdout
        }
    }

    /// The port from the `Serving SITE at http://127.0.0.1:PORT/` line.
    func port() throws -> UInt16 {
        let line = try #require(waitFor("/\n"))
        let digits = line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""
        return try #require(UInt16(digits))
    }

    /// Sends `signal` and waits for the exit status.
    func stop(with signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

@Suite struct ServeCommandTests {
    func status(_ stream: RawHTTPClient) async throws -> LiveReload.Status {
        let event = try await offThePool { try stream.readEvent() }
        return try JSONDecoder().decode(LiveReload.Status.self, from: Data(event.data.utf8))
    }

    func page(_ port: UInt16) async throws -> String {
        try await offThePool {
            let client = try RawHTTPClient(port: port)
            client.get("/")
            return try client.readResponse().text
        }
    }

    @Test func previewsEditsShowsErrorsRecoversAndStopsOnCtrlC() async throws {
        let scratch = try ScratchSite()
        let serve = try ServeProcess(["serve", "site", "--port", "0"], in: scratch.root)
        let port = try await offThePool { try serve.port() }
        let html = try await page(port)
        #expect(html.contains("Chelsea the cat"))
        #expect(html.contains("<script src=\"/__carousel/reload.js?v="))
        #expect(try !scratch.read("_site/index.html").contains("__carousel"), "the built site never holds the script")

        let stream = try await offThePool {
            let stream = try RawHTTPClient(port: port, timeout: 30)
            stream.get(LiveReload.eventsPath)
            _ = try stream.readResponse(forHEAD: true)
            return stream
        }
        let first = try await status(stream)
        let plist = try scratch.read("photos/slides.plist")

        try scratch.write("photos/slides.plist", plist.replacingOccurrences(of: "Chelsea the cat", with: "Chelsea the tabby cat"))
        let edited = try await status(stream)
        #expect(edited.version != first.version && edited.errors.isEmpty)
        #expect(try await page(port).contains("Chelsea the tabby cat"))

        try scratch.write("photos/slides.plist", plist.replacingOccurrences(of: "<dict>", with: "<dixt>"))
        let broken = try await status(stream)
        #expect(broken.version == edited.version)
        #expect(broken.errors.hasPrefix("site/photos/slides.plist:") && broken.errors.contains(": error: "), "\(broken.errors)")
        #expect(try await page(port).contains("Chelsea the tabby cat"), "the last good site is still served")
        #expect(try await offThePool { serve.waitFor("Build failed; still serving the last good site", inStandardError: true) } != nil)

        try scratch.write("photos/slides.plist", plist)
        let fixed = try await status(stream)
        #expect(fixed.version != edited.version && fixed.errors.isEmpty)

        #expect(try await offThePool { serve.stop() } == 0)
        #expect(serve.waitFor("Stopped", inStandardError: true, timeout: 5) != nil)
        #expect(try await offThePool { stream.isClosedByServer() })
    }

    @Test func reportsABusyPort() async throws {
        let scratch = try ScratchSite()
        let occupant = HTTPServer()
        let port = try occupant.start().port
        defer { occupant.stop() }
        let run = try await offThePool { try ToolRun(["serve", "site", "--port", "\(port)"], in: scratch.root) }
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: cannot listen on '127.0.0.1:\(port)': the port is already in use\nnote: pass '--port 0'"), "\(run.stderr)")
    }

    @Test func refusesAPortOutOfRange() async throws {
        let scratch = try ScratchSite()
        let run = try await offThePool { try ToolRun(["serve", "site", "--port", "65536"], in: scratch.root) }
        #expect(run.status == 64)
        #expect(run.stderr.contains("error: invalid value '65536' for '--port'; expected a number from 0 to 65535"))
    }

    @Test func opensTheBrowserWhenAsked() async throws {
        let scratch = try ScratchSite()
        let opened = scratch.root.appendingPathComponent("opened.txt").path
        let serve = try ServeProcess(["serve", "site", "--port", "0", "--open"], in: scratch.root, environment: ["BROWSER": "echo >\(opened)"])
        let port = try await offThePool { try serve.port() }
        #expect(try await offThePool { serve.waitFor("press Ctrl-C", inStandardError: true) } != nil)
        var text = ""
        for _ in 0..<100 where text.isEmpty {
            text = (try? String(contentsOfFile: opened, encoding: .utf8)) ?? ""
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(text == "http://127.0.0.1:\(port)/\n")
        #expect(try await offThePool { serve.stop(with: SIGTERM) } == 0)
    }
}
