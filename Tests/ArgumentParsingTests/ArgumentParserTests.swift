import Testing
@testable import ArgumentParsing

@Suite struct ArgumentParserTests {
    static let tool = CommandSpec(
        name: "tool", abstract: "A tool.",
        subcommands: [
            CommandSpec(
                name: "build", abstract: "Build it.",
                examples: [.init("tool build site", "Builds the site.")],
                arguments: [ArgumentSpec("site", help: "The site.")],
                options: [
                    OptionSpec("output", short: "o", value: "dir", help: "Where."),
                    OptionSpec("strict", help: "Strict."),
                    OptionSpec("color", value: "when", help: "Colour.", choices: ["auto", "never"]),
                    OptionSpec("jobs", value: "n", help: "Jobs.", kind: .integer(atLeast: 1)),
                    OptionSpec("ttl", value: "s", help: "TTL.", kind: .number(atLeast: 0)),
                ]),
            CommandSpec(name: "serve", abstract: "Serve it."),
        ])
    let parser = ArgumentParser(root: tool)

    @Test func parsesSubcommandPositionalsFlagsAndOptions() throws {
        let parsed = try parser.parse(["build", "site", "--strict", "-o", "out", "--color=never"])
        #expect(parsed == ParsedArguments(commandPath: ["build"], positionals: ["site"], options: ["output": ["out"], "color": ["never"]], flags: ["strict"]))
    }

    @Test func laterOptionValuesWin() throws {
        let parsed = try parser.parse(["build", "--output", "a", "--output=b"])
        #expect(parsed.value("output") == "b")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parser.parse(["build", "--", "--weird-folder"])
        #expect(parsed.positionals == ["--weird-folder"])
    }

    @Test func helpAndVersionAreFlagsEverywhere() throws {
        #expect(try parser.parse(["build", "-h"]).has("help"))
        #expect(try parser.parse(["--version"]).has("version"))
    }

    @Test(arguments: [
        (["biuld"], "unknown command 'biuld'; did you mean 'build'?"),
        (["zzz"], "unknown command 'zzz'"),
        (["build", "--strcit"], "unknown option '--strcit'; did you mean '--strict'?"),
        (["build", "--output"], "missing value for '--output'"),
        (["build", "--strict=yes"], "'--strict' takes no value"),
        (["build", "a", "b"], "unexpected argument 'b'"),
        (["build", "-x"], "unknown option '-x'"),
        (["build", "--color", "pink"], "invalid value 'pink' for '--color': expected one of 'auto', 'never'"),
        (["build", "--jobs", "0"], "invalid value '0' for '--jobs': expected a whole number of at least 1"),
        (["build", "--jobs=two"], "invalid value 'two' for '--jobs': expected a whole number of at least 1"),
        (["build", "--ttl", "-5"], "invalid value '-5' for '--ttl': expected a number of at least 0"),
    ])
    func reportsUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try parser.parse(arguments) }
        do {
            _ = try parser.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func helpListsArgumentsOptionsAndExamples() {
        let help = Self.tool.helpText(for: ["build"], toolName: "tool")
        #expect(help.contains("USAGE: tool build [<site>] [<options>]"))
        #expect(help.contains("  -o, --output <dir>      Where."))
        #expect(help.contains("EXAMPLES:\n  tool build site\n      Builds the site."))
    }

    @Test func rootHelpListsSubcommands() {
        let help = Self.tool.helpText(for: [], toolName: "tool")
        #expect(help.contains("SUBCOMMANDS:\n  build                   Build it.\n  serve                   Serve it."))
    }

    @Test(arguments: [("build", "biuld", 1), ("serve", "serve", 0), ("kitten", "sitting", 3), ("ab", "ba", 1)])
    func editDistanceCountsTranspositionsAsOneEdit(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
    }
}
