/// Parses command-line arguments against a `CommandSpec`.
///
/// Accepts `--option value`, `--option=value`, `-s value`, flags, `--` to end options, and
/// subcommands (the first positional word that names one). `--help`/`-h` and `--version` are
/// recognised by every command and reported as flags named "help" and "version".
public struct ArgumentParser: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var command = root
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if result.positionals.isEmpty, !optionsEnded, !command.subcommands.isEmpty {
                    guard let sub = command.subcommand(named: argument) else {
                        throw unknownCommand(argument, in: command, path: result.commandPath)
                    }
                    command = sub
                    result.commandPath.append(sub.name)
                    continue
                }
                guard result.positionals.count < command.arguments.count else {
                    throw UsageError("unexpected argument '\(argument)'", commandPath: result.commandPath)
                }
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last else {
                    throw UsageError("unknown option '\(argument)'", commandPath: result.commandPath)
                }
                if short == "h" {
                    name = "help"
                } else if let option = command.options.first(where: { $0.short == short }) {
                    name = option.long
                } else {
                    throw UsageError("unknown option '\(argument)'", commandPath: result.commandPath)
                }
            }
            if name == "help" || name == "version" {
                result.flags.insert(name)
                continue
            }
            guard let option = command.options.first(where: { $0.long == name }) else {
                throw unknownOption("--\(name)", in: command, path: result.commandPath)
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("missing value for '--\(name)'", commandPath: result.commandPath)
                }
                if !option.choices.isEmpty, !option.choices.contains(value) {
                    let allowed = option.choices.map { "'\($0)'" }.joined(separator: ", ")
                    throw UsageError("invalid value '\(value)' for '--\(name)': expected one of \(allowed)", commandPath: result.commandPath)
                }
                if let problem = Self.check(value, against: option.kind) {
                    throw UsageError("invalid value '\(value)' for '--\(name)': expected \(problem)", commandPath: result.commandPath)
                }
                result.options[name, default: []].append(value)
            } else {
                guard inlineValue == nil else {
                    throw UsageError("'--\(name)' takes no value", commandPath: result.commandPath)
                }
                result.flags.insert(name)
            }
        }
        if !result.flags.contains("help"), !result.flags.contains("version") {
            let required = command.arguments.filter { !$0.isOptional }
            if result.positionals.count < required.count {
                throw UsageError("missing argument '\(required[result.positionals.count].name)'", commandPath: result.commandPath)
            }
        }
        return result
    }

    /// What the value should have been, when it is not of the option's kind.
    static func check(_ value: String, against kind: OptionSpec.ValueKind) -> String? {
        switch kind {
        case .text:
            return nil
        case .integer(let minimum):
            guard let number = Int(value), number >= minimum else { return "a whole number of at least \(minimum)" }
            return nil
        case .number(let minimum):
            guard let number = Double(value), number.isFinite, number >= minimum else {
                return "a number of at least \(minimum.formatted())"
            }
            return nil
        }
    }

    private func unknownCommand(_ word: String, in command: CommandSpec, path: [String]) -> UsageError {
        var message = "unknown command '\(word)'"
        if let guess = closest(to: word, among: command.subcommands.map(\.name)) {
            message += "; did you mean '\(guess)'?"
        }
        return UsageError(message, commandPath: path)
    }

    private func unknownOption(_ option: String, in command: CommandSpec, path: [String]) -> UsageError {
        var message = "unknown option '\(option)'"
        if let guess = closest(to: option, among: command.options.map { "--\($0.long)" }) {
            message += "; did you mean '\(guess)'?"
        }
        return UsageError(message, commandPath: path)
    }
}

/// The candidate nearest to `word` by edit distance, if it is near enough to be a typo: at most
/// a third of the word's length, so "biuld" suggests "build" but "xyz" suggests nothing.
func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, word.count / 3) else { return nil }
    return best.0
}

/// Levenshtein distance over Characters, with transpositions counted as one edit (so the most
/// common typo, swapped neighbours, is cheap).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { distance[i][0] = i }
    for j in 0...b.count { distance[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
            }
        }
    }
    return distance[a.count][b.count]
}
