/// A declarative description of a command: what it is for, what it accepts, and its subcommands.
///
/// The spec is data, so one value drives parsing, `--help` text, usage errors and shell
/// completions, and they can never disagree.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line shown in the parent's command list and at the top of `--help`.
    public var abstract: String
    /// Example invocations shown at the end of `--help`, each with a one-line explanation.
    public var examples: [Example]
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var subcommands: [CommandSpec]

    public init(
        name: String, abstract: String, examples: [Example] = [], arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.examples = examples
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    public struct Example: Sendable {
        public var command: String
        public var explanation: String

        public init(_ command: String, _ explanation: String) {
            self.command = command
            self.explanation = explanation
        }
    }

    /// The subcommand called `name`, if any.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// What a shell should complete this argument with.
    public var completion: Completion

    public init(_ name: String, help: String, isOptional: Bool = true, completion: Completion = .directory) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.completion = completion
    }
}

/// A `--long` flag or option, optionally with a `-s` short form and a value.
public struct OptionSpec: Sendable {
    public var long: String
    public var short: Character?
    /// The placeholder for the value in help (`--port N`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String
    public var completion: Completion
    /// Allowed values, checked while parsing and offered by shell completions.
    public var choices: [String]

    /// What the value must look like, checked while parsing.
    public var kind: ValueKind

    public init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, help: String,
        choices: [String] = [], kind: ValueKind = .text, completion: Completion = .none
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.kind = kind
        self.completion = choices.isEmpty ? completion : .choices(choices)
    }

    /// The shape of an option's value.
    public enum ValueKind: Sendable, Equatable {
        case text
        /// A whole number no smaller than the bound.
        case integer(atLeast: Int)
        /// A decimal number no smaller than the bound.
        case number(atLeast: Double)
    }

    public var takesValue: Bool { valueName != nil }
}

/// What a shell completion script offers for a value.
public enum Completion: Sendable, Equatable {
    case none
    case file
    case directory
    case choices([String])
}
