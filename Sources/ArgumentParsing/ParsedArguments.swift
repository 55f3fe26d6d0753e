/// The result of parsing: which command was chosen and the values given to it.
public struct ParsedArguments: Sendable, Equatable {
    /// The chain of subcommand names after the tool's name, e.g. ["build"].
    public var commandPath: [String]
    public var positionals: [String]
    /// Option name (long form, no dashes) → values in the order given.
    public var options: [String: [String]]
    public var flags: Set<String>

    public init(commandPath: [String] = [], positionals: [String] = [], options: [String: [String]] = [:], flags: Set<String> = []) {
        self.commandPath = commandPath
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option (later ones win, as in most tools).
    public func value(_ option: String) -> String? { options[option]?.last }
}
