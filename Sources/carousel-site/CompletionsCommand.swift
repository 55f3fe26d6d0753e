import ArgumentParsing

/// `carousel-site completions bash|zsh|fish`: prints the completion script for that shell.
struct CompletionsCommand {
    let arguments: ParsedArguments
    let console: Console

    func run() -> Int32 {
        guard let name = arguments.positionals.first, let shell = CompletionShell(rawValue: name) else {
            console.error("unknown shell '\(arguments.positionals.first ?? "")': expected bash, zsh or fish")
            return UsageError.exitCode
        }
        console.output(CommandTree.root.completionScript(for: shell))
        return 0
    }
}
