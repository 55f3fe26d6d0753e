import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real HTTP client: one URLSession for the whole store, driven through its delegate so the
/// store can stop a body that grows past the size limit, bound redirects, refuse non-HTTP
/// redirect targets and enforce a total deadline (URLSession on Linux ignores
/// `timeoutIntervalForResource`, so the deadline is a timer that cancels the task).
final class URLSessionTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What one in-flight task has received so far; only touched under `lock`.
    private final class Transfer {
        let request: HTTPRequest
        let continuation: CheckedContinuation<HTTPResponse, Error>
        var response: HTTPURLResponse?
        var body = Data()
        var redirects = 0
        /// Set when the store itself stopped the task, so completion reports that reason instead
        /// of "cancelled".
        var failure: HTTPFailure?

        init(request: HTTPRequest, continuation: CheckedContinuation<HTTPResponse, Error>) {
            self.request = request
            self.continuation = continuation
        }
    }

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private var session: URLSession!

    /// - Parameter connectionsPerHost: parallel connections to one host; URLSession's default of
    ///   6 would serialise a feed whose images all live on one CDN.
    init(connectionsPerHost: Int, idleTimeout: TimeInterval) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, connectionsPerHost)
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpAdditionalHeaders = ["User-Agent": "carousel-site"]
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1  // delegate callbacks in order, one at a time
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    var client: HTTPClient {
        HTTPClient(get: { request in try await self.get(request) }, shutdown: { self.session.finishTasksAndInvalidate() })
    }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPFailure.unsupportedScheme(request.url.scheme ?? "")
        }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { transfers[task.taskIdentifier] = Transfer(request: request, continuation: continuation) }
                let deadline = DispatchWorkItem { [weak self] in self?.stop(task, because: .timedOut(seconds: request.timeout)) }
                DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout, execute: deadline)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func stop(_ task: URLSessionTask, because failure: HTTPFailure) {
        let stillRunning = lock.withLock { () -> Bool in
            guard let transfer = transfers[task.taskIdentifier] else { return false }
            if transfer.failure == nil { transfer.failure = failure }
            return true
        }
        if stillRunning { task.cancel() }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        let http = response as? HTTPURLResponse
        lock.withLock { transfer.response = http }
        // A declared length past the limit fails at once, before any body byte is read.
        if response.expectedContentLength > Int64(transfer.request.maxBytes) {
            lock.withLock { transfer.failure = transfer.failure ?? .tooLarge(limit: transfer.request.maxBytes) }
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        let tooLarge = lock.withLock { () -> Bool in
            guard transfer.body.count + data.count <= transfer.request.maxBytes else { return true }
            transfer.body.append(data)
            return false
        }
        if tooLarge {
            stop(dataTask, because: .tooLarge(limit: transfer.request.maxBytes))
        } else {
            transfer.request.onBytes?(data.count)
        }
    }

    /// Refusing a redirect completes the task with the 3xx response; the recorded failure then
    /// replaces it. (Cancelling the task here as well crashes FoundationNetworking on Linux.)
    ///
    /// The target is resolved here from the `Location` header, not taken from `request`:
    /// FoundationNetworking turns `Location: file:///etc/passwd` into a path on the same host,
    /// which would hide the scheme this check exists to refuse.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(task) else { return completionHandler(nil) }
        var request = request
        if let location = Self.header("Location", in: response), let target = URL(string: location, relativeTo: response.url) {
            request.url = target.absoluteURL
        }
        let scheme = request.url?.scheme?.lowercased() ?? ""
        let refusal = lock.withLock { () -> HTTPFailure? in
            transfer.redirects += 1
            if scheme != "http" && scheme != "https" {
                transfer.failure = .unsupportedScheme(scheme)
            } else if transfer.redirects > transfer.request.maxRedirects {
                transfer.failure = .tooManyRedirects(limit: transfer.request.maxRedirects)
            }
            return transfer.failure
        }
        completionHandler(refusal == nil ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            return transfer.continuation.resume(throwing: failure)
        }
        if let error {
            return transfer.continuation.resume(throwing: Self.failure(for: error, timeout: transfer.request.timeout))
        }
        guard let response = transfer.response else {
            return transfer.continuation.resume(throwing: HTTPFailure.network("no response"))
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        // A declared length that the body did not reach means the connection dropped mid-body.
        if response.expectedContentLength > 0, Int64(transfer.body.count) < response.expectedContentLength, response.statusCode != 304 {
            return transfer.continuation.resume(throwing: HTTPFailure.network("connection closed after \(transfer.body.count) of \(response.expectedContentLength) bytes"))
        }
        transfer.continuation.resume(returning: HTTPResponse(
            status: response.statusCode, headers: headers, body: transfer.body, finalURL: response.url ?? transfer.request.url))
    }

    private static func header(_ name: String, in response: HTTPURLResponse) -> String? {
        response.allHeaderFields.first { ($0.key as? String)?.caseInsensitiveCompare(name) == .orderedSame }?.value as? String
    }

    private static func failure(for error: Error, timeout: TimeInterval) -> Error {
        let nsError = error as NSError
        switch (nsError.domain, nsError.code) {
        case (NSURLErrorDomain, NSURLErrorTimedOut): return HTTPFailure.timedOut(seconds: timeout)
        case (NSURLErrorDomain, NSURLErrorCancelled): return CancellationError()
        case (NSURLErrorDomain, NSURLErrorCannotConnectToHost): return HTTPFailure.network("connection refused")
        case (NSURLErrorDomain, NSURLErrorCannotFindHost): return HTTPFailure.network("unknown host")
        case (NSURLErrorDomain, NSURLErrorNetworkConnectionLost): return HTTPFailure.network("connection lost")
        default: return HTTPFailure.network(nsError.localizedDescription.lowercased())
        }
    }
}
