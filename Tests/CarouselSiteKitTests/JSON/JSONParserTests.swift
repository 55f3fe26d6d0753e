import Testing
@testable import CarouselSiteKit

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(Diagnostic) -> JSONNode {
        try JSONParser.parse(SourceText(name: "feed.json", text: text))
    }

    /// The error a text gives, as "line:column: message".
    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error.location!.line):\(error.location!.column): \(error.message)"
        }
    }

    @Test func keepsObjectMemberOrder() throws {
        let node = try parse(#"{"zebra": 1, "apple": 2, "mango": 3}"#)
        #expect(node.members?.map(\.key) == ["zebra", "apple", "mango"])
    }

    @Test func recordsOffsetsOfValuesAndKeys() throws {
        let node = try parse("{\n  \"a\": [true, null]\n}")
        let member = try #require(node.members?.first)
        #expect(member.keyOffset == 4)
        #expect(member.value.offset == 9)
        #expect(member.value.arrayValue?.map(\.offset) == [10, 16])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let node = try parse(#"["a\"b\\c\/\n\t", "\u00e9\ud83d\ude00", "caf\#u{00E9}"]"#)
        #expect(node.arrayValue?.compactMap(\.stringValue) == ["a\"b\\c/\n\t", "é😀", "café"])
    }

    @Test func keepsNumbersAndTheirText() throws {
        let node = try parse("[0, -12.5e3, 12345678901234567890]")
        #expect(node.arrayValue?[1].numberValue == -12500)
        #expect(node.arrayValue?[0].intValue == 0)
        #expect(node.arrayValue?[2].value == .number(12345678901234567890, text: "12345678901234567890"))
    }

    @Test func skipsByteOrderMark() throws {
        let source = SourceText(name: "bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(try JSONParser.parse(source).arrayValue?.count == 1)
    }

    @Test(arguments: [
        ("[1,]", "1:3: trailing comma before ']'"),
        ("{\"a\": 1,\n}", "1:8: trailing comma before '}'"),
        ("[01]", "1:3: numbers cannot have leading zeros"),
        ("{\"a\" 1}", "1:6: expected ':' after the key 'a'"),
        ("{'a': 1}", "1:2: expected a string key, found '''"),
        ("[1] x", "1:5: unexpected 'x' after the JSON value"),
        ("", "1:1: expected a JSON value, found the end of the file"),
        ("[\n  \"open", "2:3: unterminated string"),
        ("[1, 2", "1:1: unterminated array: expected ',' or ']'"),
        ("[\"\\x\"]", "1:3: invalid escape '\\x' in string"),
        ("[1.]", "1:4: expected a digit after the decimal point"),
        ("[tru]", "1:2: expected a value, found 't'"),
        ("[\"é\u{7}\"]", "1:4: control character byte 0x7 must be escaped in a string"),
        ("// comment\n[]", "1:1: expected a value, found '/'"),
    ])
    func rejectsMalformedInputWithLocation(text: String, expected: String) {
        #expect(error(text) == expected)
    }

    @Test func rejectsInvalidUTF8() {
        let source = SourceText(name: "bad.json", bytes: Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
        #expect(throws: Diagnostic.error("invalid UTF-8 in string", at: SourceLocation(file: "bad.json", line: 1, column: 4, lineText: "[\"a\u{FFFD}(\"]"))) {
            try JSONParser.parse(source)
        }
    }

    @Test func refusesDeepNestingWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(deep) == "1:513: nesting is deeper than 512 levels")
    }

    @Test func commentsOnlyWhenAllowed() throws {
        let text = "// a config\n{ /* inline */ \"a\": 1 // trailing\n}"
        let node = try JSONParser.parse(SourceText(name: "c.json", text: text), allowComments: true)
        #expect(node["a"]?.intValue == 1)
        #expect(error(text) == "1:1: expected a value, found '/'")
        #expect(throws: Diagnostic.self) { try JSONParser.parse(SourceText(name: "c.json", text: "{} /* open"), allowComments: true) }
    }
}
