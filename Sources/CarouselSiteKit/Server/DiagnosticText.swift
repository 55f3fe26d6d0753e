/// Diagnostics as plain text, the way a compiler prints them, for the page overlay:
/// `path:line:col: error: message`, then the source line and a caret under the column.
enum DiagnosticText {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }

    static func render(_ diagnostic: Diagnostic) -> String {
        var lines: [String] = []
        let place = diagnostic.location.map { "\($0): " } ?? ""
        lines.append("\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)")
        if let location = diagnostic.location, location.line > 0, let text = location.lineText {
            lines.append("    " + text)
            // Columns count Unicode scalars, so the caret is placed by scalars too.
            let indent = text.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
            lines.append("    " + indent + "^")
        }
        lines += diagnostic.notes.map { "note: " + $0 }
        return lines.joined(separator: "\n")
    }
}
