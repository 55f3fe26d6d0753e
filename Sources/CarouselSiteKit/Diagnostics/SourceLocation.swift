/// A position in an input file, for diagnostics.
///
/// Lines and columns are 1-based; columns count Unicode scalars, so a caret lines up under
/// non-ASCII text the way terminals and editors show it. A line of 0 means the whole file.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path (relative to the working directory where possible) or URL of the file.
    public var file: String
    public var line: Int
    public var column: Int
    /// The text of the line, without its line break, so the printer can show it with a caret
    /// even for inputs that are not files on disk (remote feeds, embedded templates).
    public var lineText: String?
    /// The column at which `lineText` starts: 1 for a whole line; a very long line keeps only a
    /// window around `column`, starting with '…' (see `LineExcerpt`).
    public var lineTextColumn: Int

    public init(file: String, line: Int, column: Int, lineText: String? = nil, lineTextColumn: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
        self.lineTextColumn = lineTextColumn
    }

    /// A location that names a file but no position in it.
    public static func file(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
