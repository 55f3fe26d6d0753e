/// One message for the user: an error, a warning or a note, optionally tied to a place in a file.
///
/// Messages are lowercase, quote identifiers in single quotes and say what was expected, like a
/// compiler's. Diagnostics go to standard error, never into the generated HTML.
public struct Diagnostic: Error, Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// Extra lines printed after the message, such as a suggested fix.
    public var notes: [String]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, notes: [String] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }
}

/// Several diagnostics thrown together, for stages that report every problem they find at once.
public struct DiagnosticError: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
