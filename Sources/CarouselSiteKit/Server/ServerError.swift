/// Why the server could not start listening, with a message that tells the user what to do.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Another program already listens on the port.
        case portInUse
        /// The host is not an address of this machine.
        case addressUnavailable
        /// The host is neither an address nor a name that resolves.
        case unknownHost(String)
        /// Ports below 1024 need privileges the process lacks.
        case permissionDenied
        /// Any other system error, with its text.
        case system(String)
    }

    public var host: String
    public var port: UInt16
    public var reason: Reason

    public init(host: String, port: UInt16, reason: Reason) {
        self.host = host
        self.port = port
        self.reason = reason
    }

    public var description: String {
        let place = "'\(host):\(port)'"
        switch reason {
        case .portInUse:
            return "cannot listen on \(place): the port is already in use"
        case .addressUnavailable:
            return "cannot listen on \(place): '\(host)' is not an address of this machine"
        case .unknownHost(let detail):
            return "cannot listen on \(place): unknown host '\(host)' (\(detail))"
        case .permissionDenied:
            return "cannot listen on \(place): permission denied"
        case .system(let detail):
            return "cannot listen on \(place): \(detail)"
        }
    }

    /// The error as a diagnostic, with a hint for the cases the user can fix with a flag.
    public var diagnostic: Diagnostic {
        switch reason {
        case .portInUse, .permissionDenied:
            .error(description, notes: ["pass '--port 0' to pick a free port, or choose another with '--port N'"])
        case .addressUnavailable, .unknownHost:
            .error(description, notes: ["expected an address of this machine for '--host', such as '127.0.0.1' or '::1'"])
        case .system:
            .error(description)
        }
    }
}
