extension CommandSpec {
    /// The `--help` text of the command at `path` below this root, e.g. ["build"].
    public func helpText(for path: [String], toolName: String) -> String {
        var command = self
        for name in path {
            guard let sub = command.subcommand(named: name) else { break }
            command = sub
        }
        var lines = ["OVERVIEW: \(command.abstract)", "", "USAGE: \(usage(for: path, toolName: toolName))"]
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += command.arguments.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += command.options.map { option in
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.long)"
            if let valueName = option.valueName { label += " <\(valueName)>" }
            return row(label, option.help)
        }
        if path.isEmpty { lines.append(row("--version", "Show the version.")) }
        lines.append(row("-h, --help", "Show help information."))
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += command.subcommands.map { row($0.name, $0.abstract) }
            lines += ["", "  See '\(toolName) <subcommand> --help' for detailed help."]
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in command.examples {
                lines += ["  \(example.command)", "      \(example.explanation)"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One usage line, e.g. "carousel-site build [<site>] [--output <dir>] ...".
    public func usage(for path: [String], toolName: String) -> String {
        var command = self
        for name in path {
            guard let sub = command.subcommand(named: name) else { break }
            command = sub
        }
        var words = [([toolName] + path).joined(separator: " ")]
        if !command.subcommands.isEmpty { words.append("<subcommand>") }
        words += command.arguments.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        if !command.options.isEmpty { words.append("[<options>]") }
        return words.joined(separator: " ")
    }

    /// A help row: the label padded to a column so descriptions line up.
    private func row(_ label: String, _ help: String) -> String {
        let column = 26  // wide enough for "-o, --output <directory>" plus a gap
        let padded = "  " + label
        return padded.count < column
            ? padded + String(repeating: " ", count: column - padded.count) + help
            : padded + "\n" + String(repeating: " ", count: column) + help
    }
}
