import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import CarouselSiteKit

/// A deliberately simple blocking HTTP client over a raw socket, so tests control every byte
/// (malformed requests, pipelining, half-sent heads) that URLSession would never send.
/// Every read gives up after `timeout` seconds, so a misbehaving server fails a test instead of
/// hanging it.
final class RawHTTPClient {
    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private let timeout: Double
    private var buffer: [UInt8] = []

    init(port: UInt16, host: String = "127.0.0.1", timeout: Double = 5) throws {
        // The socket is stored only once connected. A class whose initializer throws after its
        // properties are set still runs `deinit`, which would close the descriptor a second
        // time: by then its number may belong to another test's socket.
        fd = try Self.connectedSocket(port: port, host: host)
        self.timeout = timeout
        var limit = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        closeDescriptor(fd)
    }

    /// A TCP socket connected to `host:port`; closed again, and the error thrown, if the
    /// connection fails.
    static func connectedSocket(port: UInt16, host: String) throws -> Int32 {
        let descriptor = socket(AF_INET, socketStreamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            closeDescriptor(descriptor)
            throw Failure(description: "connect failed: \(reason)")
        }
        return descriptor
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// `GET path` with the usual fields, plus `extra` lines.
    func get(_ path: String, method: String = "GET", extra: [String] = []) {
        send(([ "\(method) \(path) HTTP/1.1", "Host: localhost"] + extra).joined(separator: "\r\n") + "\r\n\r\n")
    }

    /// Reads one response; `content` is read by `Content-Length` unless the request was HEAD.
    func readResponse(forHEAD: Bool = false) throws -> Response {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8))
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line \(head)") }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        if !forHEAD, status != 304, let length = headers["Content-Length"].flatMap(Int.init) {
            while buffer.count < length {
                guard try receive() > 0 else { throw Failure(description: "closed in the middle of the content") }
            }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads one server-sent event: its `event` name and the joined `data` lines. Gives up after
    /// `timeout` seconds in all, heartbeats included.
    func readEvent() throws -> (event: String?, data: String) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            guard Date() < deadline else { throw Failure(description: "no event within \(timeout) s") }
            let end = try readUntil(Array("\n\n".utf8))
            let block = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeFirst(end + 2)
            var event: String?
            var data: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            // Comments and `retry:` blocks carry no data; skip them like a browser does.
            if !data.isEmpty { return (event, data.joined(separator: "\n")) }
        }
    }

    /// Whether the server closed the connection (reading gives end of file before the timeout).
    func isClosedByServer() -> Bool {
        buffer = []
        while true {
            guard let count = try? receive() else { return false }
            if count == 0 { return true }
            buffer = []
        }
    }

    /// Reads until the server closes the connection and returns how many bytes came in all.
    func drain() -> Int {
        var total = buffer.count
        buffer = []
        while let count = try? receive(), count > 0 {
            total += count
            buffer = []
        }
        return total
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if let index = firstIndex(of: marker) { return index }
            guard try receive() > 0 else { throw Failure(description: "closed before \(marker)") }
        }
    }

    private func firstIndex(of marker: [UInt8]) -> Int? {
        guard buffer.count >= marker.count else { return nil }
        return (0...(buffer.count - marker.count)).first { buffer[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// Reads what is available into the buffer; 0 at end of file; throws on timeout or error.
    @discardableResult
    private func receive() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return 0 }
            throw Failure(description: "read failed: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[..<count]
        return count
    }
}
