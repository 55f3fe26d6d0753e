import Foundation

/// Runs the built `carousel-site` binary the way a user would, capturing everything it says.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The executable next to the test bundle in the build folder (`swift test` builds it).
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("carousel-site").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("carousel-site")
    }()

    /// The repository root, found from this source file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary set up to run `arguments` in `directory`, without colour, not yet started.
    static func process(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        return process
    }

    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        let process = Self.process(arguments, in: directory, environment: environment)
        let output = try ProcessOutput.collect(from: process)
        status = process.terminationStatus
        stdout = String(decoding: output.stdout, as: UTF8.self)
        stderr = String(decoding: output.stderr, as: UTF8.self)
    }
}

/// A scratch folder holding a copy of the example site, removed when the test ends.
final class ScratchSite {
    let root: URL
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-site-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let example = ToolRun.repository.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for name in ["carousel.json", "photos"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: site.appendingPathComponent(name))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        let url = site.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path)
    }

    /// Every file under a folder (relative path → bytes), for whole-output comparisons.
    func files(under path: String) throws -> [String: Data] {
        let base = site.appendingPathComponent(path)
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    /// Whether builds make resized copies. Off unless a test is about them: resizing runs
    /// libvips for every image, which would make each end-to-end test seconds slower.
    var resizesImages = false

    func run(_ arguments: [String]) throws -> ToolRun {
        var arguments = arguments
        if !resizesImages, arguments.first == "build" { arguments.insert("--no-resize", at: 1) }
        return try ToolRun(arguments, in: root)
    }
}
