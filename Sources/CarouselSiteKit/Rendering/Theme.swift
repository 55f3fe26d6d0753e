import Foundation

/// The templates and assets a site is rendered with: the embedded default theme, with any file
/// replaced by the site's own `templates/` folder.
public struct Theme: Sendable {
    /// Relative path ("page.mustache", "partials/slide.mustache", "carousel.js") → text.
    public var files: [String: String]
    /// The files that came from the site rather than the default theme, for messages.
    public var overridden: Set<String> = []

    public init(files: [String: String]) {
        self.files = files
    }

    /// The default theme compiled into the binary.
    public static var standard: Theme { Theme(files: EmbeddedTheme.files) }

    /// The folder inside a site whose files override the default theme's.
    public static let overrideFolder = "templates"

    /// The default theme with every file under `folder` laid over it.
    public static func standard(overriddenBy folder: URL) throws(Diagnostic) -> Theme {
        var theme = Theme.standard
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return theme
        }
        while let url = walker.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !url.lastPathComponent.hasPrefix(".")
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .error("cannot read the template", at: .file(url.path))
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .error("templates must be UTF-8 text", at: .file(url.path))
            }
            theme.files[relative] = text
            theme.overridden.insert(relative)
        }
        return theme
    }

    /// The Mustache templates of the theme (by name), leaving out the static assets.
    var templates: [String: String] {
        files.filter { $0.key.hasSuffix(".mustache") }
    }
}
