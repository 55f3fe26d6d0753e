/// A small, conservative minifier for the theme's own script and stylesheet.
///
/// It removes comments, indentation and blank lines and never renames anything, so it cannot
/// change what the code does as long as the source keeps to two rules the theme follows: no
/// regular-expression literals containing `//` or `/*`, and statements end with semicolons
/// rather than relying on line breaks inside expressions.
enum Minifier {
    static func minifyScript(_ source: String) -> String {
        stripComments(source, lineComments: true)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n") + "\n"
    }

    static func minifyStyle(_ source: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in stripComments(source, lineComments: false) {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            // Spaces next to punctuation carry no meaning in CSS; elsewhere one space is kept.
            // A space before ':' is kept: `.a :focus` (descendant) is not `.a:focus`.
            if pendingSpace, let last = result.last, !"{};:,>".contains(last), !"{};,>)".contains(character) {
                result.append(" ")
            }
            pendingSpace = false
            result.append(character)
        }
        return result + "\n"
    }

    /// Removes `/* */` (and, for scripts, `//`) comments outside string and template literals.
    private static func stripComments(_ source: String, lineComments: Bool) -> String {
        var output = ""
        var characters = Array(source)[...]
        var quote: Character?
        while let character = characters.popFirst() {
            if let open = quote {
                output.append(character)
                if character == "\\", let escaped = characters.popFirst() {
                    output.append(escaped)
                } else if character == open {
                    quote = nil
                }
                continue
            }
            if character == "/", characters.first == "*" {
                characters = characters.dropFirst()
                while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") {
                    characters = characters.dropFirst()
                }
                characters = characters.dropFirst(2)
                continue
            }
            if lineComments, character == "/", characters.first == "/" {
                while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
                continue
            }
            if character == "\"" || character == "'" || character == "`" { quote = character }
            output.append(character)
        }
        return output
    }
}
