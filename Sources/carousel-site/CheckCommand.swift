import ArgumentParsing
import CarouselSiteKit

/// `carousel-site check [SITE]`: every diagnostic the build would give, with nothing written.
struct CheckCommand {
    let arguments: ParsedArguments
    let console: Console

    func run() async -> Int32 {
        let log = DiagnosticLog()
        let builder = SiteBuilder(siteFolder: siteFolder(arguments), options: buildOptions(arguments), log: log)
        do {
            try await builder.check()
            console.report(log.diagnostics)
            console.progress("No problems found.")
            return 0
        } catch {
            console.report(log.diagnostics + error.diagnostics)
            return 1
        }
    }
}
