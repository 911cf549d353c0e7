import FolioTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `folio serve` as a process: it says where it listens, answers, and on SIGINT (or
/// SIGTERM) lets the render in flight finish before it exits 0.
final class ServeCommandTests: XCTestCase {
    func testServeRunsTheServiceProgramBesideFolioAndSaysSoWhenItIsMissing() throws {
        // `folio serve` is `folio-serve`, built beside `folio`: its help is the service's.
        let help = try folio(["serve", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("USAGE: folio serve [--host <host>] [--port <port>]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--max-unpacked"), help.stdout)
        XCTAssertTrue(try folio(["--help"]).stdout.contains("serve"))
        XCTAssertEqual(try folio(["help", "serve"]).stdout, help.stdout)
        // A folio copied alone: a clear error, not a crash or a silent exit.
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("folio-alone-\(getpid())")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("folio")
        try FileManager.default.copyItem(at: try folioExecutable(), to: copy)
        let missing = try runProcess(copy, ["serve", "--port", "0"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("folio: error: serve: the service is the program folio-serve"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains(alone.appendingPathComponent("folio-serve").path), missing.stderr)
    }

    func testServeAnswersAndShutsDownGracefullyWithARenderInFlight() throws {
        let server = try launchFolio(["serve", "--port", "0", "--jobs", "1", "--grace", "60s"])
        defer { server.stop() }
        XCTAssertTrue(server.waitForStdout("listening on http://127.0.0.1:"), server.stderr)
        let after = try XCTUnwrap(server.stdout.range(of: "127.0.0.1:")).upperBound
        let port = server.stdout[after...].prefix { $0.isNumber }
        let base = "http://127.0.0.1:\(port)"

        let health = try get("\(base)/health")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(String(decoding: health.body, as: UTF8.self), "ok\n")

        // A render long enough to be in flight when the signal comes.
        let paragraphs = Array(repeating: "A paragraph of some length to set, and then another sentence after it, to fill the page.", count: 6000)
        let request = try JSONSerialization.data(withJSONObject: ["document": paragraphs.joined(separator: "\n\n")])
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        var post = URLRequest(url: URL(string: "\(base)/render")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = request
        post.timeoutInterval = 120
        URLSession.shared.dataTask(with: post) { data, response, error in
            answer.set((response as? HTTPURLResponse)?.statusCode ?? -1, data ?? Data(), error)
            answer.arrived = Date()
            done.signal()
        }.resume()
        Thread.sleep(forTimeInterval: 0.3)
        let signalled = Date()
        server.interrupt()
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
        let (status, body, error) = answer.value
        XCTAssertNil(error)
        XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self))
        XCTAssertEqual(Array(body.prefix(5)), Array("%PDF-".utf8))
        XCTAssertGreaterThan(answer.arrived ?? .distantPast, signalled, "the render was still in flight when the signal came")
        server.waitUntilExit()
        XCTAssertEqual(server.terminationStatus, 0, server.stderr)
        XCTAssertTrue(server.stdout.contains("folio serve: stopped"), server.stdout)
    }

    /// A long PDF's first bytes arrive while its last pages are still being set.
    func testAPDFIsStreamedAsItsPagesAreWritten() throws {
        let server = try launchFolio(["serve", "--port", "0", "--jobs", "1"])
        defer { server.stop() }
        XCTAssertTrue(server.waitForStdout("listening on http://127.0.0.1:"), server.stderr)
        let after = try XCTUnwrap(server.stdout.range(of: "127.0.0.1:")).upperBound
        let port = server.stdout[after...].prefix { $0.isNumber }
        let paragraphs = Array(repeating: "A paragraph of some length to set, and then another sentence after it, to fill the page.", count: 8000)
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/render")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = try JSONSerialization.data(withJSONObject: ["document": paragraphs.joined(separator: "\n\n")])
        post.timeoutInterval = 120
        let chunks = ChunkLog()
        let session = URLSession(configuration: .ephemeral, delegate: chunks, delegateQueue: nil)
        session.dataTask(with: post).resume()
        XCTAssertEqual(chunks.done.wait(timeout: .now() + 120), .success)
        let (times, bytes, status) = chunks.value
        XCTAssertEqual(status, 200)
        XCTAssertEqual(Array(bytes.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(String(decoding: bytes.suffix(16), as: UTF8.self).contains("%%EOF"), "the PDF is whole")
        XCTAssertGreaterThan(times.count, 2, "more than one chunk")
        // The first chunk came well before the last: pages went out while others were set.
        let spread = (times.last ?? 0) - (times.first ?? 0)
        XCTAssertGreaterThan(spread, 0.2, "chunks at \(times.map { String(format: "%.2f", $0) }.prefix(5)) … \(times.last ?? 0)")
    }

    /// A client that hangs up mid-render frees its render thread: the render stops at its
    /// next page (counted as `client_gone`), and the next request is set at once.
    func testAClientThatHangsUpCancelsItsRender() throws {
        let server = try launchFolio(["serve", "--port", "0", "--jobs", "1", "--timeout", "300s"])
        defer { server.stop() }
        XCTAssertTrue(server.waitForStdout("listening on http://127.0.0.1:"), server.stderr)
        let after = try XCTUnwrap(server.stdout.range(of: "127.0.0.1:")).upperBound
        let port = try XCTUnwrap(UInt16(server.stdout[after...].prefix { $0.isNumber }))
        let base = "http://127.0.0.1:\(port)"

        // Both forms: a short document answered whole (the client gone before its answer),
        // a long one streamed (the client gone once the first bytes of its PDF came).
        for (count, streamed) in [(600, false), (20_000, true)] {
            let paragraphs = Array(repeating: "A paragraph of some length to set, and then another sentence after it, to fill the page.", count: count)
            let body = try JSONSerialization.data(withJSONObject: ["document": paragraphs.joined(separator: "\n\n")])
            let head = "POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            let socket = try rawConnection(port: port)
            try send(Data(head.utf8) + body, on: socket)
            if streamed {
                let answer = firstBytes(on: socket, within: 120)
                XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), "the stream began: \(answer.prefix(80))")
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
            close(socket)
        }
        // Each render stops at its next page: both counted within seconds, long before
        // 20 000 paragraphs (about 1 000 pages) could have been set.
        let hungUp = Date()
        var metrics = ""
        while Date().timeIntervalSince(hungUp) < 60 {
            metrics = String(decoding: try get("\(base)/metrics").body, as: UTF8.self)
            if metrics.contains("folio_rejections_total{reason=\"client_gone\"} 2") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(metrics.contains("folio_rejections_total{reason=\"client_gone\"} 2"), metrics)
        XCTAssertTrue(metrics.contains("folio_pages_total 0"), "neither render ran to its end: \(metrics)")
        let ready = try get("\(base)/ready")
        XCTAssertEqual(ready.status, 200, "the render thread is free again")
    }

    func testBadFlagsAreRefused() throws {
        for (flags, message) in [(["--port", "70000"], "--port is from 0 to 65535"), (["--max-body", "12XB"], "--max-body is a size"),
                                 (["--max-unpacked", "10"], "--max-unpacked is a size"),
                                 (["--timeout", "soon"], "--timeout is a duration"), (["--jobs", "0"], "--jobs is from 1 to 256"),
                                 (["--root", "/no/such/folder"], "no such folder")] {
            let r = try folio(["serve"] + flags)
            XCTAssertNotEqual(r.status, 0, "\(flags)")
            XCTAssertTrue(r.stderr.contains(message), "\(flags): \(r.stderr)")
        }
    }

    private func get(_ url: String) throws -> (status: Int, body: Data) {
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: URL(string: url)!) { data, response, error in
            answer.set((response as? HTTPURLResponse)?.statusCode ?? -1, data ?? Data(), error)
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 30)
        let (status, body, error) = answer.value
        if let error { throw error }
        return (status, body)
    }
}

/// A TCP connection to the server on loopback, for a client that behaves as URLSession won't.
private func rawConnection(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    return fd
}

/// What the server has sent on `fd` once something came, waiting at most `seconds`.
private func firstBytes(on fd: Int32, within seconds: Double) -> String {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : ""
}

private func send(_ data: Data, on fd: Int32) throws {
    try data.withUnsafeBytes { bytes in
        var sent = 0
        while sent < bytes.count {
            let n = write(fd, bytes.baseAddress! + sent, bytes.count - sent)
            guard n > 0 else { throw POSIXError(.EPIPE) }
            sent += n
        }
    }
}

private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Int, Data, Error?) = (-1, Data(), nil)
    var arrived: Date? {
        get { lock.lock(); defer { lock.unlock() }; return when }
        set { lock.lock(); when = newValue; lock.unlock() }
    }
    private var when: Date?
    func set(_ status: Int, _ body: Data, _ error: Error?) { lock.lock(); stored = (status, body, error); lock.unlock() }
    var value: (Int, Data, Error?) { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Records when each chunk of an answer arrives.
private final class ChunkLog: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    private var bytes = Data()
    private var status = -1
    private let start = Date()
    let done = DispatchSemaphore(value: 0)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock(); status = (response as? HTTPURLResponse)?.statusCode ?? -1; lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock(); times.append(Date().timeIntervalSince(start)); bytes += data; lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) { done.signal() }

    var value: ([Double], Data, Int) { lock.lock(); defer { lock.unlock() }; return (times, bytes, status) }
}
