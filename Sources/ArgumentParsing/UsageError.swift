/// A mistake on the command line; the tool prints it with a usage hint and exits with 64
/// (EX_USAGE), the convention of swift-argument-parser and BSD tools.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The command whose usage line should follow the message.
    public var commandPath: [String]

    public init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }

    /// The process exit status for usage errors.
    public static let exitCode: Int32 = 64
}
