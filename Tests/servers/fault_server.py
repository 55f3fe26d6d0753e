#!/usr/bin/env python3
"""A loopback HTTP server for the image store's tests and benchmark.

It serves real images and injects the faults a real network has: error statuses, slow and
truncated bodies, lying Content-Types, HTML error pages with status 200, redirect loops and
huge bodies. It honours ETag / Last-Modified with 304s and counts every request and every body
byte per path, so tests can assert "fetched once" and "a revalidation moves no image bytes".

Usage: fault_server.py [--latency-ms N] [--bench-images N] [--bench-image-bytes N]
                      [--slow-from N] [--exit-with-stdin]
Prints "PORT <n>" on stdout once it listens on 127.0.0.1.

Routes (all GET):
  /png/<name>.png[?max-age=S]    a small valid PNG, distinct per name, with validators
  /versioned/<name>.png          a PNG whose content changes after /control/bump/<name>
  /flaky/<name>.png              a PNG, or 503 after /control/fail/<name> (until /control/heal/<name>)
  /wrong-type/<name>.png         a PNG sent as text/plain
  /svg/<name>.svg                an SVG image
  /doc/<name>.json               a JSON document with validators
  /bench/<i>.png                 benchmark images (--bench-images of about --bench-image-bytes);
                                 from index --slow-from on, each waits a minute or until
                                 /control/fast, then closes unanswered
  /status/<code>                 that status with a small HTML body
  /html                          an HTML page with status 200
  /slow-headers/<ms>             waits before answering with a PNG
  /slow-body                     declares 1000 bytes, sends one byte per second
  /truncated                     declares 10000 bytes, sends 100 and closes
  /redirect/<n>/<name>.png       n redirects, then /png/<name>.png
  /redirect-loop                 redirects to itself forever
  /redirect-to-file              redirects to a file: URL
  /huge-declared                 declares a 1 GB body (sends it if asked)
  /huge-undeclared               streams 1 GB without Content-Length
  /stats                         {"requests": {path: n}, "body_bytes": {path: n}} as JSON
  /control/reset                 clears the counters
"""
import argparse
import hashlib
import json
import os
import signal
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

HUGE = 1_000_000_000
LAST_MODIFIED = "Sun, 01 Nov 2026 10:00:00 GMT"


def png(seed: str, width: int = 4, height: int = 3, payload: int = 0) -> bytes:
    """A valid RGB PNG whose pixels derive from seed; payload adds incompressible bytes."""
    digest = hashlib.sha256(seed.encode()).digest()
    rows = b""
    for y in range(height):
        rows += b"\x00" + bytes(digest[(y * width * 3 + i) % 32] for i in range(width * 3))
    if payload:
        # Extra pixel rows of pseudo-random bytes make the file about `payload` bytes.
        width = max(1, payload // (3 * 16))
        rows = b""
        stream = hashlib.sha256(seed.encode()).digest()
        for y in range(16):
            line = bytearray()
            while len(line) < width * 3:
                stream = hashlib.sha256(stream).digest()
                line += stream
            rows += b"\x00" + bytes(line[: width * 3])
        height = 16

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


class State:
    def __init__(self, args):
        self.lock = threading.Lock()
        self.requests = {}
        self.body_bytes = {}
        self.versions = {}
        self.failing = set()
        self.latency = args.latency_ms / 1000
        self.bench_images = args.bench_images
        self.bench_bytes = args.bench_image_bytes
        self.bench_cache = {}
        self.slow_from = args.slow_from

    def count(self, path, body_bytes):
        with self.lock:
            self.requests[path] = self.requests.get(path, 0) + 1
            self.body_bytes[path] = self.body_bytes.get(path, 0) + body_bytes


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state: State = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.state.latency:
            time.sleep(self.state.latency)
        url = urlsplit(self.path)
        path = url.path
        query = parse_qs(url.query)
        parts = path.strip("/").split("/")
        try:
            self.route(path, parts, query)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self, path, parts, query):
        head = parts[0]
        if head == "png" and len(parts) == 2:
            extra = {}
            if "max-age" in query:
                extra["Cache-Control"] = "max-age=" + query["max-age"][0]
            return self.cacheable(path, png(parts[1]), "image/png", extra)
        if head == "versioned":
            version = self.state.versions.get(parts[1], 0)
            return self.cacheable(path, png(parts[1] + "#" + str(version), width=5 + version), "image/png")
        if head == "flaky":
            if parts[1] in self.state.failing:
                return self.send(path, 503, b"<h1>unavailable</h1>", "text/html")
            return self.cacheable(path, png(parts[1]), "image/png")
        if head == "wrong-type":
            return self.send(path, 200, png(parts[1]), "text/plain")
        if head == "svg":
            body = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>'
            return self.cacheable(path, body, "image/svg+xml")
        if head == "doc":
            return self.cacheable(path, json.dumps({"name": parts[1], "items": [1, 2, 3]}).encode(), "application/json")
        if head == "bench":
            index = int(parts[1].split(".")[0])
            if index >= self.state.bench_images:
                return self.send(path, 404, b"no such image", "text/plain")
            # Wait in small steps; /control/fast ends the wait, and a request that waited is then
            # closed unanswered and uncounted (its client was killed while it waited).
            waited = 0
            while self.state.slow_from is not None and index >= self.state.slow_from and waited < 60:
                time.sleep(0.05)
                waited += 0.05
            if waited:
                self.close_connection = True
                return
            body = self.state.bench_cache.get(index)
            if body is None:
                body = png("bench-%d" % index, payload=self.state.bench_bytes)
                self.state.bench_cache[index] = body
            return self.cacheable(path, body, "image/png")
        if head == "status":
            return self.send(path, int(parts[1]), b"<!doctype html><title>error</title>", "text/html")
        if head == "html":
            return self.send(path, 200, b"<!DOCTYPE html>\n<html><body>Not found, sorry</body></html>", "image/jpeg")
        if head == "slow-headers":
            time.sleep(int(parts[1]) / 1000)
            return self.send(path, 200, png("slow"), "image/png")
        if head == "slow-body":
            self.state.count(path, 0)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            for _ in range(1000):
                self.wfile.write(b"\x89")
                self.wfile.flush()
                self.state.count(path, 1)
                time.sleep(1)
            return
        if head == "truncated":
            body = png("truncated")
            self.state.count(path, 100)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", "10000")
            self.end_headers()
            self.wfile.write(body[:100])
            self.wfile.flush()
            self.close_connection = True
            return
        if head == "redirect" and len(parts) == 3:
            remaining = int(parts[1])
            target = "/png/" + parts[2] if remaining <= 1 else "/redirect/%d/%s" % (remaining - 1, parts[2])
            return self.redirect(path, target)
        if head == "redirect-loop":
            return self.redirect(path, "/redirect-loop")
        if head == "redirect-to-file":
            return self.redirect(path, "file:///etc/passwd")
        if head == "huge-declared":
            return self.stream(path, declared=True)
        if head == "huge-undeclared":
            return self.stream(path, declared=False)
        if head == "stats":
            with self.state.lock:
                body = json.dumps({"requests": self.state.requests, "body_bytes": self.state.body_bytes}).encode()
            return self.send(None, 200, body, "application/json")
        if head == "control":
            action, name = parts[1], parts[2] if len(parts) > 2 else ""
            with self.state.lock:
                if action == "reset":
                    self.state.requests.clear()
                    self.state.body_bytes.clear()
                elif action == "bump":
                    self.state.versions[name] = self.state.versions.get(name, 0) + 1
                elif action == "fail":
                    self.state.failing.add(name)
                elif action == "heal":
                    self.state.failing.discard(name)
                elif action == "fast":
                    self.state.slow_from = None
            return self.send(None, 200, b"ok", "text/plain")
        return self.send(path, 404, b"<!doctype html><title>not found</title>", "text/html")

    def cacheable(self, path, body, content_type, extra=None):
        etag = '"%s"' % hashlib.sha1(body).hexdigest()
        headers = {"ETag": etag, "Last-Modified": LAST_MODIFIED}
        headers.update(extra or {})
        if self.headers.get("If-None-Match") == etag or (
            self.headers.get("If-None-Match") is None and self.headers.get("If-Modified-Since") == LAST_MODIFIED
        ):
            self.state.count(path, 0)
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        return self.send(path, 200, body, content_type, headers)

    def send(self, path, status, body, content_type, headers=None):
        if path is not None:
            self.state.count(path, len(body))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, path, target):
        self.state.count(path, 0)
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def stream(self, path, declared):
        self.state.count(path, 0)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        if declared:
            self.send_header("Content-Length", str(HUGE))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        block = png("huge")[:16] + bytes(65536 - 16)
        sent = 0
        while sent < HUGE:
            # About 30 MB/s: a fast real connection, not loopback speed.
            time.sleep(0.002)
            self.wfile.write(block)
            sent += len(block)
            self.state.count(path, len(block))


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Listen backlog: the default of 5 refuses connections when 16 clients connect at once.
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--bench-images", type=int, default=0)
    parser.add_argument("--bench-image-bytes", type=int, default=20000)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--slow-from", type=int, default=None)
    parser.add_argument("--exit-with-stdin", action="store_true",
                        help="exit when standard input closes, so a crashed parent leaves no server behind")
    args = parser.parse_args()
    # A parent may start us with signals blocked (threads of a test runner do); SIGTERM must work.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    if args.exit_with_stdin:
        def watch():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    Handler.state = State(args)
    # Benchmark images are made before listening, so no timed run pays for generating them.
    for index in range(args.bench_images):
        Handler.state.bench_cache[index] = png("bench-%d" % index, payload=args.bench_image_bytes)
    server = Server(("127.0.0.1", args.port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
