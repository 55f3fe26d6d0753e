import Foundation

/// Scales images with libvips' `vipsthumbnail` (Debian's `libvips-tools`), one process per file.
///
/// Separate processes rather than libvips linked in: the package then builds and runs on machines
/// without libvips, and the measured cost of a call that does almost nothing (60–80 ms of CPU,
/// mostly loading libvips and the sRGB profile) is small next to decoding and encoding a
/// camera-size photo (110–470 ms per width), so the deriver runs one process per core.
public struct VipsThumbnailEngine: ImageEngine {
    /// The executable's name, looked up on `PATH`.
    public static let executableName = "vipsthumbnail"

    public let executable: URL

    public init(executable: URL) {
        self.executable = executable
    }

    /// The engine for the first `vipsthumbnail` on `searchPath`, or nil when libvips' tools are
    /// not installed.
    public static func locate(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> VipsThumbnailEngine? {
        for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(executableName)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return VipsThumbnailEngine(executable: candidate)
            }
        }
        return nil
    }

    /// Bump when the arguments below change what the files contain.
    public var identity: String { "vipsthumbnail-1" }

    public func thumbnail(_ request: ThumbnailRequest) throws(ImageEngineError) {
        let result = run(arguments(for: request, convertingToSRGB: true))
        if case .failure(let failure) = result {
            // A corrupt or mismatched embedded profile makes the sRGB conversion fail. Browsers
            // ignore such a profile and draw the pixels as sRGB, so do the same: scale without
            // colour management (`strip` still drops the broken profile).
            guard failure.details.contains("icc_transform") else { throw failure.error }
            if case .failure(let retry) = run(arguments(for: request, convertingToSRGB: false)) { throw retry.error }
        }
        if request.encoding.format == .webp {
            try stripWebPMetadata(at: request.output)
        }
    }

    private struct Failure: Error {
        var error: ImageEngineError
        /// Everything the tool said on standard error.
        var details: String
    }

    /// Runs vipsthumbnail once.
    private func run(_ arguments: [String]) -> Result<Void, Failure> {
        let child: ChildProcess
        do {
            child = try ChildProcess.run(executable, arguments)
        } catch {
            return .failure(Failure(error: error, details: ""))
        }
        guard child.succeeded else {
            let status = child.exitStatus.map { "exit status \($0)" } ?? "killed by a signal"
            let reason = child.standardError.split(separator: "\n").last.map(String.init) ?? status
            return .failure(Failure(error: ImageEngineError("'\(Self.executableName)' failed: \(reason)"), details: child.standardError))
        }
        return .success(())
    }

    /// The command line for one request. `-o` takes an absolute path, since vipsthumbnail puts
    /// relative outputs next to the input; `--export-profile srgb` converts from any embedded
    /// profile to sRGB, which `strip` then drops; vipsthumbnail turns the image upright itself.
    func arguments(for request: ThumbnailRequest, convertingToSRGB: Bool = true) -> [String] {
        let size = "\(request.width)x" + (request.maxHeight.map(String.init) ?? "")
        var saveOptions = ["strip"]
        if let quality = request.encoding.quality { saveOptions.append("Q=\(quality)") }
        let output = request.output.standardizedFileURL.path + "[" + saveOptions.joined(separator: ",") + "]"
        let colour = convertingToSRGB ? ["--export-profile", "srgb"] : []
        return [request.source.standardizedFileURL.path, "--size", size] + colour + ["-o", output]
    }

    /// libvips 8.14's WebP saver keeps EXIF, XMP and the ICC profile despite `strip`; removes them.
    private func stripWebPMetadata(at url: URL) throws(ImageEngineError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImageEngineError("'\(Self.executableName)' wrote no file")
        }
        guard let stripped = WebPMetadataStripper.strip([UInt8](data)) else {
            throw ImageEngineError("'\(Self.executableName)' wrote a malformed WebP file")
        }
        guard stripped.count != data.count else { return }
        do {
            try Data(stripped).write(to: url)
        } catch {
            throw ImageEngineError("cannot rewrite '\(url.lastPathComponent)': \(error.localizedDescription)")
        }
    }
}
