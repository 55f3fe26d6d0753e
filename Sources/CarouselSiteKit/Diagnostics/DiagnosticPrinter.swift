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
            // Tabs become single spaces so the caret stays under the column on every terminal.
            let shown = String(line.map { $0 == "\t" ? " " : $0 })
            text += shown + "\n"
            let caretOffset = max(0, min(location.column - 1, shown.unicodeScalars.count))
            text += String(repeating: " ", count: caretOffset) + paint("^", code: "32") + "\n"
        }
        for note in diagnostic.notes {
            text += paint("note:", code: "36") + " \(note)\n"
        }
        return text
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
