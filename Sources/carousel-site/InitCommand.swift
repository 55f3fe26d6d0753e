import ArgumentParsing
import CarouselSiteKit
import Foundation

/// `carousel-site init [DIR]`: scaffolds a site, refusing to overwrite anything without `--force`.
struct InitCommand {
    let arguments: ParsedArguments
    let console: Console

    func run() -> Int32 {
        let folder = URL(fileURLWithPath: arguments.positionals.first ?? ".").standardizedFileURL
        var scaffold = SiteScaffold()
        if let format = arguments.value("feed-format").flatMap(ScaffoldFeedFormat.init(rawValue:)) { scaffold.feedFormat = format }
        if let title = arguments.value("title") { scaffold.title = title }
        scaffold.photosFolder = arguments.value("from-folder").map { URL(fileURLWithPath: $0).standardizedFileURL }
        scaffold.includeTheme = arguments.has("theme")
        do {
            let files = try scaffold.files(for: folder)
            let writer = ScaffoldWriter()
            let existing = writer.conflicts(files, in: folder)
            if !existing.isEmpty, !arguments.has("force") {
                console.report([.error(
                    "'\(display(folder))' already has \(existing.count == 1 ? "a file" : "files") that init would overwrite",
                    notes: existing.map { "exists: \($0)" } + ["run again with '--force' to overwrite them"])])
                return 1
            }
            try writer.write(files, into: folder)
            let site = display(folder)
            console.progress("Created a site in \(site) with \(files.count) files. Next:")
            console.output("  carousel-site build \(site)      # writes \(site == "." ? "" : site + "/")_site/index.html")
            console.output("  carousel-site serve \(site)      # previews it with live reload")
            return 0
        } catch {
            console.report([error])
            return 1
        }
    }

    /// The folder as the user typed it, relative to the working directory where possible.
    private func display(_ folder: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if folder.path == cwd { return "." }
        return folder.path.hasPrefix(cwd + "/") ? String(folder.path.dropFirst(cwd.count + 1)) : folder.path
    }
}
