import Testing
@testable import CarouselSiteKit

@Suite struct ServerRequestParserTests {
    let parser = ServerRequestParser(limits: HTTPServerConfiguration.Limits())

    func parse(_ text: String) -> ServerRequestParser.Outcome {
        parser.parse(Array(text.utf8)[...])
    }

    @Test func parsesARequestHeadAndSaysHowMuchItTook() {
        let text = "GET /photos/1.jpg?v=2 HTTP/1.1\r\nHost: localhost\r\nAccept:  */* \r\n\r\nNEXT"
        let expected = ServerRequest(
            method: "GET", target: "/photos/1.jpg?v=2", minorVersion: 1,
            headers: HTTPHeaders([("Host", "localhost"), ("Accept", "*/*")])
        )
        #expect(parse(text) == .request(expected, consumed: text.utf8.count - 4))
    }

    @Test func acceptsBareLineFeedsAndLeadingEmptyLines() {
        guard case .request(let request, let consumed) = parse("\r\n\nHEAD / HTTP/1.0\nX-A: 1\n\n") else {
            Issue.record("expected a request")
            return
        }
        #expect(request.method == "HEAD")
        #expect(request.minorVersion == 0)
        #expect(request.headers["x-a"] == "1")
        #expect(consumed == 27)
    }

    @Test(arguments: ["", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: a\r\n", "GET / HTTP/1.1\r\nHost: a\r\n\r"])
    func waitsForTheEndOfTheHead(_ text: String) {
        #expect(parse(text) == .incomplete)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n Host: a\r\n\r\n", 400),  // folded line
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),  // space before the colon
        ("GET / HTTP/1.1\r\nHost: a\u{01}\r\n\r\n", 400),  // control character in a value
        ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),  // two Hosts
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),  // two spaces
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / FTP\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("G{T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ])
    func refusesMalformedHeads(_ text: String, status: Int) {
        guard case .failure(let got, _) = parse(text) else {
            Issue.record("expected a failure for \(text.debugDescription)")
            return
        }
        #expect(got.code == status)
    }

    @Test func refusesAnOverlongRequestLineEvenBeforeItEnds() {
        let line = "GET /" + String(repeating: "a", count: 9000)
        guard case .failure(let status, _) = parse(line) else {
            Issue.record("expected 414")
            return
        }
        #expect(status == .uriTooLong)
    }

    @Test func refusesAnOverlongHeadEvenBeforeItEnds() {
        let text = "GET / HTTP/1.1\r\nHost: a\r\nCookie: " + String(repeating: "a", count: 17_000)
        guard case .failure(let status, _) = parse(text) else {
            Issue.record("expected 431")
            return
        }
        #expect(status == .headerFieldsTooLarge)
    }

    @Test func refusesTooManyFields() {
        let fields = (0..<101).map { "X-\($0): 1\r\n" }.joined()
        guard case .failure(let status, _) = parse("GET / HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n") else {
            Issue.record("expected 431")
            return
        }
        #expect(status == .headerFieldsTooLarge)
    }

    @Test func notesAnnouncedContent() {
        guard case .request(let request, _) = parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc") else {
            Issue.record("expected a request")
            return
        }
        #expect(request.hasContent)
    }

    @Test(arguments: [
        ("HTTP/1.1", "", true), ("HTTP/1.1", "close", false), ("HTTP/1.1", "Keep-Alive, Close", false),
        ("HTTP/1.0", "", false), ("HTTP/1.0", "keep-alive", true),
    ])
    func decidesKeepAlive(version: String, connection: String, keepAlive: Bool) {
        let field = connection.isEmpty ? "" : "Connection: \(connection)\r\n"
        guard case .request(let request, _) = parse("GET / \(version)\r\nHost: a\r\n\(field)\r\n") else {
            Issue.record("expected a request")
            return
        }
        #expect(request.wantsKeepAlive == keepAlive)
    }
}
