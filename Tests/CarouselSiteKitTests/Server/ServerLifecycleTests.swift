import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import CarouselSiteKit

/// Servers that go away, or turn clients away, while clients keep arriving. Each of these once
/// crashed the process: an accept handler read a released server through an unowned reference,
/// and a connection dropped before it started released a dispatch source never activated.
///
/// These servers listen on 127.0.0.2, a loopback address no other test uses: a released port is
/// soon handed to another suite's server on 127.0.0.1, and this suite's clients must not reach it.
@Suite struct ServerLifecycleTests {
    static let host = "127.0.0.2"

    /// Stopping (even iterations) races connections admitted but not yet started; releasing (odd
    /// ones) races the accept source firing between the last release and `deinit`'s cancel.
    @Test func aServerStoppedOrReleasedWhileClientsConnectGoesAwayCleanly() async throws {
        try await offThePool {
            for iteration in 0..<200 {
                var server: HTTPServer? = HTTPServer(configuration: HTTPServerConfiguration(host: Self.host, port: 0)) { _ in .text(.ok, "hi") }
                let port = try #require(server).start().port
                let knocking = Self.keepKnocking(port: port)
                usleep(200)
                if iteration.isMultiple(of: 2) { server?.stop() }
                server = nil
                knocking.stop()
                // The port closes (at once, or just after the accept handler that held the last
                // reference returns): a new client is then refused.
                #expect(Self.refusesClients(port: port))
            }
        }
    }

    @Test func turnsAwayClientsPastTheConnectionLimitAndServesTheRest() async throws {
        var configuration = HTTPServerConfiguration(host: Self.host, port: 0)
        configuration.limits.maxConnections = 2
        let server = HTTPServer(configuration: configuration) { _ in .text(.ok, "hi") }
        let port = try server.start().port
        try await offThePool {
            let first = try RawHTTPClient(port: port, host: Self.host)
            let second = try RawHTTPClient(port: port, host: Self.host)
            first.get("/")
            #expect(try first.readResponse().status == 200)
            second.get("/")
            #expect(try second.readResponse().status == 200)
            // The kernel completes the handshake; the server then closes the third at once.
            for _ in 0..<20 {
                let turnedAway = try RawHTTPClient(port: port, host: Self.host)
                #expect(turnedAway.isClosedByServer())
            }
            first.get("/")
            let again = try first.readResponse()
            #expect(again.status == 200 && again.text == "hi\n")
            #expect(server.connectionCount == 2)
        }
    }

    struct Knocking {
        /// Stops knocking and waits until the last knock is over.
        let stop: () -> Void
    }

    /// Knocks on `port` from a thread of its own, as fast as it can, until stopped.
    private static func keepKnocking(port: UInt16) -> Knocking {
        let stop = ManualSwitch()
        let done = DispatchSemaphore(value: 0)
        Thread {
            while !stop.isOn { _ = knock(port: port) }
            done.signal()
        }.start()
        return Knocking { stop.isOn = true; done.wait() }
    }

    private static func refusesClients(port: UInt16) -> Bool {
        let deadline = Date() + 2
        while Date() < deadline {
            if !knock(port: port) { return true }
            usleep(1_000)
        }
        return false
    }

    /// Connects and resets at once: true if the server was listening. The reset (linger 0)
    /// leaves no TIME_WAIT behind, so the thousands of knocks use up no ephemeral ports.
    private static func knock(port: UInt16) -> Bool {
        guard let fd = try? RawHTTPClient.connectedSocket(port: port, host: host) else { return false }
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
        closeDescriptor(fd)
        return true
    }
}
