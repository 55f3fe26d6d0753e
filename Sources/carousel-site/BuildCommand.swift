import ArgumentParsing
import CarouselSiteKit
import Foundation

/// `carousel-site build [SITE]`: runs the pipeline and prints where the site went.
struct BuildCommand {
    let arguments: ParsedArguments
    let console: Console

    func run() async -> Int32 {
        let log = DiagnosticLog()
        let console = self.console
        var builder = SiteBuilder(
            siteFolder: siteFolder(arguments), options: buildOptions(arguments), log: log,
            progress: { line in console.progress(line) })
        if console.verbose && !console.quiet { builder.detail = { line in console.progress(line) } }
        do {
            let summary = try await builder.build()
            console.report(log.diagnostics)
            console.progress("Built \(summary.pages) page\(summary.pages == 1 ? "" : "s") with \(summary.slides) slide\(summary.slides == 1 ? "" : "s") into \(builder.displayPath(summary.outputFolder))")
            return 0
        } catch {
            console.report(log.diagnostics + error.diagnostics)
            let count = (log.diagnostics + error.diagnostics).filter { $0.severity == .error || arguments.has("strict") }.count
            console.progress("Build failed with \(count) error\(count == 1 ? "" : "s"); nothing was written.")
            return 1
        }
    }
}

/// The site folder argument, defaulting to the working directory.
func siteFolder(_ arguments: ParsedArguments) -> URL {
    URL(fileURLWithPath: arguments.positionals.first ?? ".").standardizedFileURL
}

/// Build options from the flags shared by build, check and serve.
func buildOptions(_ arguments: ParsedArguments) -> BuildOptions {
    var options = BuildOptions()
    options.output = arguments.value("output").map { URL(fileURLWithPath: $0).standardizedFileURL }
    options.feed = arguments.value("feed")
    options.strict = arguments.has("strict")
    options.offline = arguments.has("offline")
    options.refresh = arguments.has("refresh")
    options.quiet = arguments.has("quiet")
    options.precompress = arguments.has("precompress")
    options.fragment = arguments.has("fragment")
    options.baseURL = arguments.value("base-url").flatMap(URL.init(string:))
    // Both were checked against their kinds while parsing.
    options.cacheTTL = arguments.value("cache-ttl").flatMap(Double.init)
    options.jobs = arguments.value("jobs").flatMap(Int.init)
    return options
}
