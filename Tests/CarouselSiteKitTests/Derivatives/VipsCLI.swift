import Foundation
import Testing
@testable import CarouselSiteKit

/// libvips' command-line tools, used by tests to make fixtures and to decode what the deriver
/// wrote. The test command installs them (scripts/setup.sh); a missing tool fails the test.
enum VipsCLI {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func engine() throws -> VipsThumbnailEngine {
        try #require(VipsThumbnailEngine.locate(), "libvips-tools is not installed: run scripts/setup.sh")
    }

    /// Runs `tool` (found beside vipsthumbnail) and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let folder = try engine().executable.deletingLastPathComponent()
        let process = Process()
        process.executableURL = folder.appendingPathComponent(tool)
        process.arguments = arguments
        let output = try ProcessOutput.collect(from: process)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: output.stderr, as: UTF8.self))")
        }
        return String(decoding: output.stdout, as: UTF8.self)
    }

    /// The stored pixel size of an image file.
    static func size(of file: URL) throws -> (width: Int, height: Int) {
        let width = try run("vipsheader", ["-f", "width", file.path])
        let height = try run("vipsheader", ["-f", "height", file.path])
        return (try #require(Int(width.trimmingCharacters(in: .whitespacesAndNewlines))),
                try #require(Int(height.trimmingCharacters(in: .whitespacesAndNewlines))))
    }

    /// The first three bands of the pixel at (x, y).
    static func pixel(of file: URL, x: Int, y: Int) throws -> [Int] {
        let values = try run("vips", ["getpoint", file.path, String(x), String(y)])
            .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.map { Int($0.rounded()) }
        return Array(values.prefix(3))
    }
}
