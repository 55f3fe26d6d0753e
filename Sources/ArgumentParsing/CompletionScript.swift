import Foundation

/// Shell completion scripts generated from a `CommandSpec`, so completions always match the
/// real commands and options.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

extension CommandSpec {
    public func completionScript(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bashScript()
        case .zsh: zshScript()
        case .fish: fishScript()
        }
    }

    /// Bash: one function that looks at the subcommand (first word) and the previous word.
    func bashScript() -> String {
        let function = "_" + name.replacingOccurrences(of: "-", with: "_")
        var script = """
            # bash completion for \(name). Install: \(name) completions bash > /etc/bash_completion.d/\(name)
            \(function)() {
                local cur prev sub
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                sub="${COMP_WORDS[1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(subcommands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "$sub" in

            """
        for command in subcommands {
            script += "        \(command.name))\n            case \"$prev\" in\n"
            for option in command.options where option.takesValue {
                script += "                --\(option.long)\(option.short.map { "|-\($0)" } ?? "")) \(bashValueCompletion(option.completion)); return ;;\n"
            }
            let words = command.options.map { "--\($0.long)" } + ["--help"]
            script += "            esac\n"
            script += "            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); "
            let argument = command.arguments.first?.completion ?? .none
            script += "else \(bashValueCompletion(argument)); fi\n            ;;\n"
        }
        script += """
                esac
            }
            complete -F \(function) \(name)

            """
        return script
    }

    private func bashValueCompletion(_ completion: Completion) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .choices(let values): "COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    /// Zsh: `_arguments` with a state machine over subcommands.
    func zshScript() -> String {
        let function = "_" + name.replacingOccurrences(of: "-", with: "_")
        var script = """
            #compdef \(name)
            # zsh completion for \(name). Install: \(name) completions zsh > "${fpath[1]}/_\(name)"
            \(function)() {
                local -a commands
                commands=(

            """
        for command in subcommands {
            script += "        '\(command.name):\(zshEscaped(command.abstract))'\n"
        }
        script += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case "$words[2]" in

            """
        for command in subcommands {
            script += "    \(command.name))\n        _arguments \\\n"
            for option in command.options {
                let value = option.valueName.map { ":\($0):\(zshValue(option.completion))" } ?? ""
                script += "            '--\(option.long)[\(zshEscaped(option.help))]\(value)' \\\n"
            }
            if let argument = command.arguments.first {
                script += "            '1:\(argument.name):\(zshValue(argument.completion))' \\\n"
            }
            script += "            '--help[Show help information.]'\n        ;;\n"
        }
        script += """
                esac
            }
            \(function) "$@"

            """
        return script
    }

    private func zshValue(_ completion: Completion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .choices(let values): "(\(values.joined(separator: " ")))"
        }
    }

    private func zshEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    /// Fish: one `complete` line per subcommand and option.
    func fishScript() -> String {
        var lines = ["# fish completion for \(name). Install: \(name) completions fish > ~/.config/fish/completions/\(name).fish"]
        lines.append("complete -c \(name) -f")
        let names = subcommands.map(\.name).joined(separator: " ")
        for command in subcommands {
            lines.append("complete -c \(name) -n \"not __fish_seen_subcommand_from \(names)\" -a \(command.name) -d '\(fishEscaped(command.abstract))'")
            for option in command.options {
                var line = "complete -c \(name) -n \"__fish_seen_subcommand_from \(command.name)\" -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue { line += " -r" }
                switch option.completion {
                case .file, .directory: line += " -F"
                case .choices(let values): line += " -a '\(values.joined(separator: " "))'"
                case .none: break
                }
                lines.append(line + " -d '\(fishEscaped(option.help))'")
            }
            if let argument = command.arguments.first, argument.completion != .none {
                lines.append("complete -c \(name) -n \"__fish_seen_subcommand_from \(command.name)\" -F")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func fishEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
