import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import CarouselSiteKit

/// The static file server on a real loopback socket, with real files. The blocking client runs
/// on threads of its own (`offThePool`), never on the task pool that other suites share.
@Suite struct StaticFileServerTests {
    let folder: ScratchFolder
    let outside: ScratchFolder
    let server: HTTPServer
    let port: UInt16

    init() throws {
        folder = try ScratchFolder()
        outside = try ScratchFolder()
        try folder.write("index.html", "<!doctype html><title>Home</title>")
        try folder.write("photos/index.html", "<!doctype html><title>Photos</title>")
        try folder.write("empty/.keep", "")
        try outside.write("secret.txt", "secret")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/escape", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/secret-link.txt", withDestinationPath: outside.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/home.html", withDestinationPath: "index.html")
        var configuration = HTTPServerConfiguration(port: 0)
        configuration.timeouts.head = 0.5
        configuration.timeouts.write = 0.5
        let files = StaticFileServer(root: folder.path)
        server = HTTPServer(configuration: configuration) { files.respond(to: $0) }
        port = try server.start().port
    }

    func client() throws -> RawHTTPClient {
        try RawHTTPClient(port: port)
    }

    @Test(arguments: [
        ("page.html", "text/html; charset=utf-8"), ("carousel.css", "text/css; charset=utf-8"),
        ("carousel.js", "text/javascript; charset=utf-8"), ("feed.json", "application/json"),
        ("sitemap.xml", "application/xml"), ("logo.svg", "image/svg+xml"), ("a.png", "image/png"),
        ("b.jpg", "image/jpeg"), ("c.JPEG", "image/jpeg"), ("d.gif", "image/gif"), ("e.webp", "image/webp"),
        ("f.avif", "image/avif"), ("favicon.ico", "image/vnd.microsoft.icon"), ("robots.txt", "text/plain; charset=utf-8"),
        ("font.woff2", "font/woff2"), ("font.woff", "font/woff"), ("carousel.js.gz", "application/gzip"),
        ("site.webmanifest", "application/manifest+json"), ("feed.rss", "application/rss+xml"),
        ("feed.atom", "application/atom+xml"), ("LICENSE", "application/octet-stream"),
    ])
    func servesEveryFileTypeWithItsContentType(_ name: String, type: String) throws {
        let bytes = (0..<300).map { UInt8($0 % 256) }
        try folder.write("assets/\(name)", Data(bytes))
        let connection = try client()
        connection.get("/assets/\(name)")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == type)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.body == bytes)
    }

    @Test func servesIndexForFoldersAndRedirectsFoldersWithoutSlash() async throws {
        try await offThePool {
            let connection = try client()
            connection.get("/")
            #expect(try connection.readResponse().text == "<!doctype html><title>Home</title>")
            connection.get("/photos?sort=name")
            let redirect = try connection.readResponse()
            #expect(redirect.status == 301)
            #expect(redirect.headers["Location"] == "/photos/?sort=name")
            connection.get("/photos/")
            #expect(try connection.readResponse().text == "<!doctype html><title>Photos</title>")
            connection.get("/empty/")
            #expect(try connection.readResponse().status == 404)
            connection.get("/index.html/")
            #expect(try connection.readResponse().status == 404)
        }
    }

    @Test func answersARepeatWithNotModified() async throws {
        try await offThePool {
            let connection = try client()
            connection.get("/index.html")
            let first = try connection.readResponse()
            let tag = try #require(first.headers["ETag"])
            #expect(first.headers["Cache-Control"] == "no-cache")
            connection.get("/index.html", extra: ["If-None-Match: \(tag)"])
            let repeat_ = try connection.readResponse()
            #expect(repeat_.status == 304)
            #expect(repeat_.body.isEmpty)
            #expect(repeat_.headers["ETag"] == tag)

            try folder.write("index.html", "<!doctype html><title>Changed</title>")
            connection.get("/index.html", extra: ["If-None-Match: \(tag)"])
            let changed = try connection.readResponse()
            #expect(changed.status == 200)
            #expect(changed.headers["ETag"] != tag)
        }
    }

    @Test func remembersTagsOfUnchangedFilesAndNoticesChangedOnes() async throws {
        try await offThePool {
            try folder.write("style.css", "a{}")
            let connection = try client()
            connection.get("/style.css")
            let tag = try #require(try connection.readResponse().headers["ETag"])
            for _ in 0..<2 {
                connection.get("/style.css", extra: ["If-None-Match: W/\"other\", \(tag)"])
                #expect(try connection.readResponse().status == 304)
            }
            try folder.write("style.css", "b{color:red}")
            connection.get("/style.css", extra: ["If-None-Match: \(tag)"])
            let changed = try connection.readResponse()
            #expect(changed.status == 200)
            #expect(changed.text == "b{color:red}")
            #expect(changed.headers["ETag"] != tag)
        }
    }

    @Test func answersHeadWithTheFieldsOfGetAndNoContent() async throws {
        try await offThePool {
            let connection = try client()
            connection.get("/index.html", method: "HEAD")
            let head = try connection.readResponse(forHEAD: true)
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "34")
            // The next response on the connection starts right away: no content was sent for HEAD.
            connection.get("/photos/index.html")
            #expect(try connection.readResponse().text == "<!doctype html><title>Photos</title>")
        }
    }

    @Test func keepsConnectionsAliveAndAnswersPipelinedRequestsInOrder() async throws {
        try await offThePool {
            let connection = try client()
            for _ in 0..<3 {
                connection.get("/index.html")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.headers["Connection"] == "keep-alive")
            }
            connection.send("GET /photos/ HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            #expect(try connection.readResponse().text.contains("Photos"))
            let last = try connection.readResponse()
            #expect(last.text.contains("Home"))
            #expect(last.headers["Connection"] == "close")
            #expect(connection.isClosedByServer())
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/photos/%2e%2e/%2e%2e/secret.txt", "/photos%2f..%2f..%2fsecret.txt",
        "/escape/secret.txt", "/secret-link.txt", "/index.html%00.png", "/nothing-here.html",
    ])
    func refusesEverythingOutsideTheFolder(_ target: String) throws {
        let connection = try client()
        connection.get(target)
        let response = try connection.readResponse()
        #expect(response.status == 404)
        #expect(!response.text.contains("secret\n") && response.text != "secret")
    }

    @Test func followsSymbolicLinksThatStayInside() async throws {
        try await offThePool {
            let connection = try client()
            connection.get("/home.html")
            #expect(try connection.readResponse().text == "<!doctype html><title>Home</title>")
        }
    }

    @Test func doesNotHangOnAFIFO() async throws {
        try await offThePool {
            #expect(mkfifo(folder.path + "/pipe.txt", 0o644) == 0)
            let connection = try client()
            connection.get("/pipe.txt")
            #expect(try connection.readResponse().status == 404)
        }
    }

    @Test func refusesOtherMethods() async throws {
        try await offThePool {
            let connection = try client()
            connection.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi")
            let response = try connection.readResponse()
            #expect(response.status == 405)
            #expect(response.headers["Allow"] == "GET, HEAD")
            #expect(response.headers["Connection"] == "close")
        }
    }

    @Test func refusesOversizeHeadsAndTooManyFields() async throws {
        try await offThePool {
            let big = try client()
            big.send("GET / HTTP/1.1\r\nHost: a\r\nCookie: \(String(repeating: "x", count: 20_000))\r\n\r\n")
            #expect(try big.readResponse().status == 431)
            #expect(big.isClosedByServer())

            let many = try client()
            many.send("GET / HTTP/1.1\r\nHost: a\r\n" + (0..<150).map { "X-\($0): 1\r\n" }.joined() + "\r\n")
            #expect(try many.readResponse().status == 431)

            let garbage = try client()
            garbage.send("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\r\n\r\n")
            #expect(try garbage.readResponse().status == 400)
        }
    }

    @Test func timesOutASlowClientWithoutBlockingOthers() async throws {
        try await offThePool {
            let slow = try client()
            slow.send("GET / HTTP/1.1\r\nHo")
            // While the slow client dawdles, others are served.
            let other = try client()
            other.get("/")
            #expect(try other.readResponse().status == 200)
            // The head timeout (0.5 s here) runs from the first byte; trickling does not extend it.
            slow.send("s")
            let response = try slow.readResponse()
            #expect(response.status == 408)
            #expect(slow.isClosedByServer())
        }
    }

    @Test func dropsAClientThatStopsReadingWithoutBlockingOthers() async throws {
        try await offThePool {
            // Far more than the kernel buffers between the two sockets hold (a few MB on loopback).
            let size = 32 << 20
            try folder.write("big.bin", Data(count: size))
            let stalled = try RawHTTPClient(port: port)
            stalled.get("/big.bin")
            let other = try client()
            other.get("/", extra: ["Connection: close"])
            #expect(try other.readResponse().status == 200)
            #expect(other.isClosedByServer())
            // The write timeout is 0.5 s here: the server gives up on the client that does not read,
            // which leaves no connection open. 20 s bounds the wait if it never does.
            for _ in 0..<2_000 where server.connectionCount > 0 { Thread.sleep(forTimeInterval: 0.01) }
            #expect(server.connectionCount == 0)
            let received = stalled.drain()
            #expect(received > 0 && received < size)
        }
    }

    @Test func servesManyClientsAtOnce() async throws {
        let port = port
        let expected = "<!doctype html><title>Home</title>"
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    try await offThePool {
                        let connection = try RawHTTPClient(port: port)
                        var good = 0
                        for _ in 0..<10 {
                            connection.get("/")
                            if try connection.readResponse().text == expected { good += 1 }
                        }
                        return good
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(results == 640)
    }

    @Test func worksWithURLSession() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 8
        let session = URLSession(configuration: configuration)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/photos/index.html"))
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(String(decoding: data, as: UTF8.self) == "<!doctype html><title>Photos</title>")
    }

    @Test func reportsABusyPortClearly() throws {
        let second = HTTPServer(configuration: HTTPServerConfiguration(port: port)) { _ in .text(.ok, "") }
        #expect(throws: ServerError(host: "127.0.0.1", port: port, reason: .portInUse)) { try second.start() }
        let error = ServerError(host: "127.0.0.1", port: port, reason: .portInUse)
        #expect(error.diagnostic.message == "cannot listen on '127.0.0.1:\(port)': the port is already in use")
        #expect(error.diagnostic.notes == ["pass '--port 0' to pick a free port, or choose another with '--port N'"])
    }

    @Test func reportsAForeignHost() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "192.0.2.1", port: 0)) { _ in .text(.ok, "") }
        #expect(throws: ServerError(host: "192.0.2.1", port: 0, reason: .addressUnavailable)) { try server.start() }
    }

    @Test func closesEveryConnectionWhenStopped() async throws {
        try await offThePool {
            let connection = try client()
            connection.get("/")
            _ = try connection.readResponse()
            server.stop()
            #expect(connection.isClosedByServer())
            #expect(throws: (any Error).self) { try RawHTTPClient(port: port) }
        }
    }
}
