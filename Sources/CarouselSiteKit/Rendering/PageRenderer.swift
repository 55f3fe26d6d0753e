import Foundation
import Mustache

/// Turns slides into the site's pages and assets using the theme's templates.
///
/// Templates are parsed once per build and reused for every page. Template errors come back as
/// located diagnostics pointing into the template file.
public struct PageRenderer: Sendable {
    public let theme: Theme
    /// When true, a template variable the data model lacks is an error instead of empty text.
    public var strict = false
    private let library: MustacheLibrary
    /// Where the site's template overrides live, so errors in them name the real file.
    private let overrideFolder: String

    /// The templates every theme must have.
    static let pageTemplate = "page.mustache"
    static let indexTemplate = "index.mustache"
    static let themeStyleTemplate = "theme.css.mustache"
    static let fragmentTemplate = "fragment.mustache"
    /// How wide the index page shows a show's thumbnail: at most 20rem, as its stylesheet lays them out.
    static let thumbnailSizes = "20rem"

    public init(theme: Theme, overrideFolder: String = Theme.overrideFolder, strict: Bool = false) throws(Diagnostic) {
        self.theme = theme
        self.strict = strict
        self.overrideFolder = overrideFolder
        do {
            library = try MustacheLibrary(templates: theme.templates)
        } catch {
            throw Self.diagnostic(for: error, theme: theme, overrideFolder: overrideFolder)
        }
    }

    /// Renders every page and asset of the site into `output`.
    ///
    /// - Parameter fragments: write each show as an HTML fragment to embed in another page
    ///   (`fragment.html`, or `<id>/fragment.html` with several shows) instead of whole pages.
    ///   With a base URL, the fragments' URLs are absolute, so they work from any page.
    public func render(site: SiteConfig, shows: [(ShowConfig, [PageSlide])], fragments: Bool = false, into output: inout SiteOutput) throws(Diagnostic) {
        let assets = try addAssets(site: site, shows: shows, into: &output)
        let single = shows.count == 1
        if fragments {
            for (show, slides) in shows {
                let context = PageContext(site: site, root: site.baseURL?.absoluteString ?? "", assets: assets)
                let html = try renderTemplate(Self.fragmentTemplate, context.page(for: show, slides: slides, canonicalPath: ""))
                output.add(single ? "fragment.html" : "\(show.id)/fragment.html", text: html)
            }
            return
        }
        for (show, slides) in shows {
            let path = single ? "index.html" : "\(show.id)/index.html"
            let context = PageContext(site: site, root: single ? "" : "../", assets: assets)
            let html = try renderTemplate(Self.pageTemplate, context.page(for: show, slides: slides, canonicalPath: single ? "" : "\(show.id)/"))
            output.add(path, text: html)
        }
        if !single {
            let context = PageContext(site: site, root: "", assets: assets)
            let entries: [MustacheValue] = shows.map { show, slides in
                var fields: [(String, MustacheValue)] = [
                    ("id", .string(show.id)), ("title", .string(show.title)),
                    ("href", .string("\(show.id)/index.html")), ("count", .int(slides.count)),
                ]
                let first = slides.first
                fields.append(("thumbnail", first.map { context.imageValue($0.image, sizes: Self.thumbnailSizes) } ?? .null))
                fields.append(("alt", first.map { .string(context.altText($0.slide, number: 1, count: slides.count)) } ?? .null))
                return .object(MustacheObject(fields))
            }
            let fields: [(String, MustacheValue)] = [
                ("lang", .string(site.language)), ("title", .string(site.title)), ("root", .string("")),
                ("description", PageContext.text(site.description)), ("assets", context.assetsValue(.none)), ("shows", .array(entries)),
                ("canonical", site.baseURL.map { .string($0.absoluteString) } ?? .null), ("socialImage", .null), ("preload", .null),
            ]
            output.add("index.html", text: try renderTemplate(Self.indexTemplate, .object(MustacheObject(fields))))
        }
    }

    /// Adds the minified, content-hashed script and stylesheets and returns their names.
    func addAssets(site: SiteConfig, shows: [(ShowConfig, [PageSlide])], into output: inout SiteOutput) throws(Diagnostic) -> SiteAssets {
        func add(_ name: String, _ text: String) -> String {
            let data = Data(text.utf8)
            let hashed = ContentHash.hashedName(name, content: data)
            output.add(hashed, .bytes(data))
            return hashed
        }
        guard let script = theme.files["carousel.js"], let style = theme.files["carousel.css"] else {
            throw .error("the theme has no 'carousel.js' or 'carousel.css'")
        }
        let showThemes: [MustacheValue] = shows.map { show, _ in
            .object(MustacheObject([("id", .string(show.id)), ("theme", PageContext.themeValue(show.options))]))
        }
        let themeStyle = try renderTemplate(Self.themeStyleTemplate, .object(MustacheObject([("shows", .array(showThemes))])))
        // Each runtime ships only with a site that has a show using it.
        let windowed = shows.map { WindowedMode.applies(to: $0.0.options, count: $0.1.count) }
        var assets = SiteAssets(
            script: windowed.contains(false) ? add("carousel.js", Minifier.minifyScript(script)) : nil,
            style: add("carousel.css", Minifier.minifyStyle(style)),
            theme: add("theme.css", Minifier.minifyStyle(themeStyle)))
        if windowed.contains(true) {
            guard let windowedScript = theme.files["carousel-windowed.js"], let windowedStyle = theme.files["carousel-windowed.css"] else {
                throw .error("the theme has no 'carousel-windowed.js' or 'carousel-windowed.css'")
            }
            assets.windowed = (add("carousel-windowed.js", Minifier.minifyScript(windowedScript)), add("carousel-windowed.css", Minifier.minifyStyle(windowedStyle)))
        }
        return assets
    }

    func renderTemplate(_ name: String, _ context: MustacheValue) throws(Diagnostic) -> String {
        do {
            return try library.render(name, with: context, strict: strict)
        } catch {
            throw Self.diagnostic(for: error, theme: theme, overrideFolder: overrideFolder)
        }
    }

    /// A template error as a diagnostic naming the file the user would open: their override in
    /// the site's templates folder, or the default theme's template.
    static func diagnostic(for error: MustacheError, theme: Theme, overrideFolder: String) -> Diagnostic {
        let file = theme.overridden.contains(error.template) ? "\(overrideFolder)/\(error.template)" : "(default theme) \(error.template)"
        return .error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column, lineText: error.lineText))
    }
}
