#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening, non-blocking TCP socket and the address it ended up on.
struct ListeningSocket {
    let descriptor: Int32
    /// The numeric host it is bound to, as the system reports it.
    let host: String
    /// The actual port, also when 0 was asked for.
    let port: UInt16

    /// Resolves `host` (a numeric address or a name) and binds the first address that works.
    ///
    /// - Throws: `ServerError` when no address could be bound.
    static func make(host: String, port: UInt16) throws -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = socketStreamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerError(host: host, port: port, reason: .unknownHost(String(cString: gai_strerror(status))))
        }
        defer { freeaddrinfo(list) }

        var lastError: Int32 = EADDRNOTAVAIL
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, socketStreamType, 0)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            // Lets a restarted server bind at once although the old sockets linger in TIME_WAIT;
            // on Linux this does not let two servers listen on one port.
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            // SOMAXCONN (4,096 on current kernels) lets a burst of clients queue while the
            // accept loop catches up.
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, SOMAXCONN) == 0 {
                setNonBlocking(fd)
                setCloseOnExec(fd)
                let (boundHost, boundPort) = localAddress(of: fd)
                return ListeningSocket(descriptor: fd, host: boundHost ?? host, port: boundPort ?? port)
            }
            lastError = errno
            closeDescriptor(fd)
        }
        throw ServerError(host: host, port: port, reason: reason(forErrno: lastError))
    }

    private static func reason(forErrno code: Int32) -> ServerError.Reason {
        switch code {
        case EADDRINUSE: .portInUse
        case EADDRNOTAVAIL: .addressUnavailable
        case EACCES, EPERM: .permissionDenied
        default: .system(String(cString: strerror(code)))
        }
    }

    /// The numeric host and port a socket is bound to.
    private static func localAddress(of fd: Int32) -> (String?, UInt16?) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard got == 0 else { return (nil, nil) }
        var hostBuffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var serviceBuffer = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let named = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &hostBuffer, socklen_t(hostBuffer.count), &serviceBuffer, socklen_t(serviceBuffer.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard named == 0 else { return (nil, nil) }
        return (String(cString: hostBuffer), UInt16(String(cString: serviceBuffer)))
    }
}

#if canImport(Glibc)
/// `SOCK_STREAM` is an enum case in Glibc's module but a plain integer in Darwin's.
let socketStreamType = Int32(SOCK_STREAM.rawValue)
#else
let socketStreamType = SOCK_STREAM
#endif

func setNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
}

func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
}

/// `close(2)`, under a name that methods called `close()` do not shadow.
func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
