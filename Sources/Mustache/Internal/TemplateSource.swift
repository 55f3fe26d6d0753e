/// A template's text as UTF-8 bytes, with the line/column arithmetic for its errors.
///
/// Parsing works on byte offsets; lines and columns are only computed when an error is made,
/// so the common, error-free path pays nothing for them.
struct TemplateSource: Sendable {
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    /// An error located at `offset`: 1-based line, 1-based column in Unicode scalars.
    func error(_ message: String, at offset: Int) -> MustacheError {
        let offset = min(max(offset, 0), bytes.count)
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != ASCII.newline { lineStart -= 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != ASCII.newline { lineEnd += 1 }
        let line = 1 + bytes[..<lineStart].lazy.filter { $0 == ASCII.newline }.count
        // A UTF-8 continuation byte has the bit pattern 10xxxxxx; every other byte starts a scalar.
        let column = 1 + bytes[lineStart..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count
        var textEnd = lineEnd
        if textEnd > lineStart, bytes[textEnd - 1] == ASCII.carriageReturn { textEnd -= 1 }
        return MustacheError(
            message: message, template: name, line: line, column: column,
            lineText: String(decoding: bytes[lineStart..<textEnd], as: UTF8.self))
    }

    /// An error about the template as a whole (line 0), e.g. one that cannot be found.
    static func wholeTemplateError(_ message: String, template: String) -> MustacheError {
        MustacheError(message: message, template: template, line: 0, column: 0, lineText: "")
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

/// The bytes the parser looks for.
enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Whitespace inside tags and around standalone tags: spaces and tabs only, as the spec says.
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
}
