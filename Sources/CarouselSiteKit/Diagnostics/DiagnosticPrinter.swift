/// Formats diagnostics like a compiler: `path:line:col: error: message`, then the source line
/// and a caret under the column, then notes.
public struct DiagnosticPrinter: Sendable {
    /// Whether to colour the severity (only on a terminal, and never when NO_COLOR is set).
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        var text = ""
        if let location = diagnostic.location {
            text += bold("\(location):") + " "
        }
        text += severityLabel(diagnostic.severity) + " " + bold(diagnostic.message) + "\n"
        if let location = diagnostic.location, location.line > 0, let line = location.lineText {
            let (shown, caretOffset) = Self.excerpt(of: line, column: location.column - location.lineTextColumn + 1)
            text += shown + "\n"
            text += String(repeating: " ", count: caretOffset) + paint("^", code: "32") + "\n"
        }
        for note in diagnostic.notes {
            text += paint("note:", code: "36") + " \(note)\n"
        }
        return text
    }

    /// The most columns of a source line shown: a feed minified onto one line (or a hostile one a
    /// megabyte long) still gives a message that fits on a screen.
    static let maxShownColumns = 120

    /// The part of `line` to print around the 1-based `column` (counted within `line`), and the
    /// caret's offset in it.
    /// Tabs become single spaces and other control characters '?', so the caret stays under the
    /// column on every terminal and a feed cannot send escape sequences to it; a line longer than
    /// `maxShownColumns` is cut to a window around the column, with '…' where text was left out.
    static func excerpt(of line: String, column: Int) -> (text: String, caretOffset: Int) {
        let scalars = Array(line.unicodeScalars)
        let caret = max(0, min(column - 1, scalars.count))
        var start = 0, end = scalars.count
        if scalars.count > maxShownColumns {
            start = max(0, min(caret - maxShownColumns / 2, scalars.count - maxShownColumns))
            end = start + maxShownColumns
        }
        var text = start > 0 ? "…" : ""
        for scalar in scalars[start..<end] {
            switch scalar.value {
            case 0x09: text += " "
            case 0..<0x20, 0x7F..<0xA0: text += "?"  // C0 and C1 controls, DEL
            default: text.unicodeScalars.append(scalar)
            }
        }
        if end < scalars.count { text += "…" }
        return (text, caret - start + (start > 0 ? 1 : 0))
    }

    private func severityLabel(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: paint("error:", code: "31")
        case .warning: paint("warning:", code: "35")
        case .note: paint("note:", code: "36")
        }
    }

    private func bold(_ text: String) -> String { colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    private func paint(_ text: String, code: String) -> String {
        colored ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }
}
