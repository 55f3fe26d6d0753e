import ArgumentParsing
import CarouselSiteKit
import Foundation

/// Parses the command line, runs the chosen command and returns the exit status:
/// 0 success (warnings allowed), 1 errors, 64 usage mistakes.
struct CommandLineTool {
    func run(_ arguments: [String]) async -> Int32 {
        let parser = ArgumentParser(root: CommandTree.root)
        let parsed: ParsedArguments
        do {
            parsed = try parser.parse(arguments)
        } catch {
            let console = Console()
            console.error(error.message)
            let usage = CommandTree.root.usage(for: error.commandPath, toolName: CommandTree.toolName)
            FileHandle.standardError.write(Data("usage: \(usage)\n  See '\(([CommandTree.toolName] + error.commandPath + ["--help"]).joined(separator: " "))'.\n".utf8))
            return UsageError.exitCode
        }
        var console = Console(colorChoice: parsed.value("color"))
        console.quiet = parsed.has("quiet")
        console.verbose = parsed.has("verbose")
        if parsed.has("version") {
            console.output(CommandTree.version)
            return 0
        }
        if parsed.has("help") || parsed.commandPath.isEmpty {
            console.output(CommandTree.root.helpText(for: parsed.commandPath, toolName: CommandTree.toolName))
            return 0
        }
        switch parsed.commandPath.first {
        case "build": return await BuildCommand(arguments: parsed, console: console).run()
        case "serve": return await ServeCommand(arguments: parsed, console: console).run()
        case "check": return await CheckCommand(arguments: parsed, console: console).run()
        case "init": return InitCommand(arguments: parsed, console: console).run()
        case "completions": return CompletionsCommand(arguments: parsed, console: console).run()
        default: return UsageError.exitCode
        }
    }
}
