import ArgumentParsing
import CarouselSiteKit
import Foundation

/// `carousel-site serve [SITE]`: builds, serves the output on loopback with live reload, and
/// rebuilds on every change until Ctrl-C.
struct ServeCommand {
    let arguments: ParsedArguments
    let console: Console

    /// The port a plain `serve` uses: the common development-server port, so bookmarks keep working.
    static let defaultPort: UInt16 = 8000

    func run() async -> Int32 {
        guard let port = port() else {
            console.error("invalid value '\(arguments.value("port") ?? "")' for '--port'; expected a number from 0 to 65535")
            return UsageError.exitCode
        }
        let configuration = HTTPServerConfiguration(host: arguments.value("host") ?? "127.0.0.1", port: port)
        let site = siteFolder(arguments)
        let options = buildOptions(arguments)
        let console = self.console
        let verbose = arguments.has("verbose")
        let session = ServeSession(
            site: site, output: options.output ?? site.appendingPathComponent("_site"), configuration: configuration,
            rebuild: {
                let log = DiagnosticLog()
                let builder = SiteBuilder(siteFolder: site, options: options, log: log, progress: { if verbose { console.progress($0) } })
                do throws(DiagnosticError) {
                    let summary = try await builder.build()
                    console.report(log.diagnostics)
                    return .success(summary.outputFolder)
                } catch {
                    return .failure(DiagnosticError(log.diagnostics + error.diagnostics))
                }
            },
            onEvent: { event in
                switch event {
                case .building(let changed) where !changed.isEmpty:
                    let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
                    console.progress("Changed: \(shown); rebuilding")
                case .building:
                    console.progress("Building \(display(site))")
                case .built(let output):
                    console.progress("Built \(display(output)); open pages reload")
                case .failed(let diagnostics):
                    console.report(diagnostics)
                    console.progress("Build failed; still serving the last good site")
                }
            })
        let address: ServerAddress
        do {
            address = try await session.start()
        } catch let error as ServerError {
            console.report([error.diagnostic])
            return 1
        } catch {
            console.error("\(error)")
            return 1
        }
        console.output("Serving \(display(site)) at \(address.url)")
        let method = session.activeWatchMethod.map { $0 == FileWatcher.Method.inotify ? "inotify" : "polling" } ?? "nothing"
        console.progress("Watching for changes (\(method)); press Ctrl-C to stop")
        if arguments.has("open") { openInBrowser(address.url) }
        await ShutdownSignal.next()
        await session.stop()
        console.progress("Stopped")
        return 0
    }

    private func port() -> UInt16? {
        guard let text = arguments.value("port") else { return Self.defaultPort }
        return UInt16(text)
    }

    /// Opens the page with `$BROWSER` when set (the Unix convention), else the desktop's opener.
    private func openInBrowser(_ url: String) {
        let process = Process()
        if let browser = ProcessInfo.processInfo.environment["BROWSER"], !browser.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(browser) \"$0\"", url]
        } else {
            #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            #endif
            process.arguments = ["xdg-open", url]
            #if os(macOS)
            process.arguments = [url]
            #endif
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.report([.warning("cannot open a browser: \(error.localizedDescription)", notes: ["open \(url) yourself"])])
        }
    }

    private func display(_ folder: URL) -> String {
        let folder = folder.standardizedFileURL
        let cwd = FileManager.default.currentDirectoryPath
        if folder.path == cwd { return "." }
        return folder.path.hasPrefix(cwd + "/") ? String(folder.path.dropFirst(cwd.count + 1)) : folder.path
    }
}
