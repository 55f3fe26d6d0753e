import Foundation
@testable import CarouselSiteKit

/// An HTTPClient stand-in for unit tests: answers with a closure and records every request.
final class RecordingHTTPClient: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest) throws -> HTTPResponse

    init(_ respond: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.respond = respond
    }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    var client: HTTPClient {
        HTTPClient(get: { request in
            self.lock.withLock { self.recorded.append(request) }
            return try self.respond(request)
        })
    }

    static func ok(_ body: [UInt8], headers: [String: String] = [:], for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(body), finalURL: request.url)
    }
}

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
