/// The templates and assets a site is rendered with: the embedded default theme, with any file
/// overridden by the site's own `templates/` folder.
public struct Theme: Sendable {
    /// Relative path → text, after overrides.
    public var files: [String: String]

    /// The default theme compiled into the binary.
    public static var standard: Theme { Theme(files: EmbeddedTheme.files) }
}
