@testable import FolioServe
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

/// `folio serve`'s routes, answers and limits, through Hummingbird's in-process test client
/// (one test goes over a real loopback socket).
final class RenderServiceTests: XCTestCase {
    private func service(_ change: (inout RenderService.Configuration) -> Void = { _ in }) -> RenderService {
        var c = RenderService.Configuration()
        c.port = 0
        c.jobs = 2
        change(&c)
        return RenderService(configuration: c)
    }

    func testHealthReadyTemplatesFontsAndMetricsAnswer() async throws {
        let s = service()
        try await s.application().test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { XCTAssertEqual($0.status, .ok) }
            try await client.execute(uri: "/ready", method: .get) { XCTAssertEqual($0.status, .ok) }
            try await client.execute(uri: "/templates", method: .get) { r in
                XCTAssertEqual(r.status, .ok)
                let list = try JSONSerialization.jsonObject(with: Data(buffer: r.body)) as? [[String: Any]]
                XCTAssertEqual(list?.compactMap { $0["name"] as? String }.prefix(3), ["default", "book", "invoice"])
            }
            try await client.execute(uri: "/fonts", method: .get) { r in
                let list = try JSONSerialization.jsonObject(with: Data(buffer: r.body)) as? [String]
                XCTAssertTrue(list?.contains("DejaVu Serif") ?? false)
            }
            try await client.execute(uri: "/metrics", method: .get) { r in
                XCTAssertEqual(r.status, .ok)
                XCTAssertEqual(r.headers[.contentType], "text/plain; version=0.0.4; charset=utf-8")
                XCTAssertTrue(text(r).contains("folio_queue_depth 0"), text(r))
                XCTAssertTrue(text(r).contains(#"folio_requests_total{route="health",status="200"} 1"#), text(r))
            }
        }
    }

    func testARenderAnswersThePDFWithTheDataEscapedAndTheOptionsApplied() async throws {
        let s = service()
        let body = try json([
            "document": "---\ntitle: \"Note for {{name}}\"\n---\n\n# Dear {{name}}\n\nYour total is {{total}}.",
            "data": ["name": "*Ada* <b>L</b> [x](y) {{z}}", "total": "£12.50"],
            "options": ["paper": "a5", "margin": "15mm", "set": ["author": "Folio"]],
        ])
        try await s.application().test(.router) { client in
            try await client.execute(uri: "/render", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status, .ok, text(r))
                XCTAssertEqual(r.headers[.contentType], "application/pdf")
                XCTAssertEqual(r.headers[HTTPField.Name("X-Folio-Pages")!], "1", "a short document is answered whole")
                XCTAssertEqual(try pdfPagesOf(r), 1)
                let text = try pdfTextOf(r)
                XCTAssertTrue(text.contains("Dear *Ada* <b>L</b> [x](y) {{z}}"), text)
                XCTAssertTrue(text.contains("Your total is £12.50."), text)
            }
            try await client.execute(uri: "/metrics", method: .get) { r in
                XCTAssertTrue(text(r).contains(#"folio_requests_total{route="render",status="200"} 1"#))
                XCTAssertTrue(text(r).contains("folio_pages_total 1"))
            }
        }
    }

    func testAnArrayOfRecordsIsAMailMergeIntoOnePDF() async throws {
        let s = service()
        let body = try json(["document": "# Letter to {{name}}\n\nHello.", "data": [["name": "Ada"], ["name": "Grace"], ["name": "Edsger"]]])
        try await s.application().test(.router) { client in
            try await client.execute(uri: "/render", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status, .ok, text(r))
                XCTAssertNil(r.headers[HTTPField.Name("X-Folio-Pages")!], "a mail merge is streamed: its pages are not counted before")
                XCTAssertEqual(try pdfPagesOf(r), 3)
                let text = try pdfTextOf(r)
                for name in ["Ada", "Grace", "Edsger"] { XCTAssertTrue(text.contains("Letter to \(name)"), text) }
            }
        }
    }

    func testAPageAsPNGAndAPageBeyondTheLast() async throws {
        let s = service()
        let body = try json(["document": "# One page", "template": "report"])
        try await s.application().test(.router) { client in
            try await client.execute(uri: "/render?format=png&page=1", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status, .ok, text(r))
                XCTAssertEqual(r.headers[.contentType], "image/png")
                XCTAssertEqual(Array(Data(buffer: r.body).prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            }
            try await client.execute(uri: "/render?format=png&page=2", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status.code, 422)
                XCTAssertTrue(text(r).contains("page 2 asked for; the document has 1 page"), text(r))
            }
            try await client.execute(uri: "/render?format=gif", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status, .badRequest)
            }
        }
    }

    /// Each bad request gets its status and a JSON error with the place, as the CLI gives it.
    func testBadRequestsAreAnsweredWithTheirStatusAndWhere() async throws {
        let s = service { $0.maxBody = 2048 }
        let cases: [(String, ByteBuffer, HTTPFields?, Int, String)] = [
            ("malformed JSON", ByteBuffer(string: #"{"document": 3"#), nil, 400, "request body:1:15: not valid JSON"),
            ("not an object", ByteBuffer(string: "[1]"), nil, 400, "must be a JSON object"),
            ("no document", try json(["template": "book"]), nil, 400, "'document'"),
            ("unknown field", try json(["document": "x", "colour": "red"]), nil, 400, "unknown field 'colour'"),
            ("a path as template", try json(["document": "x", "template": "../../etc"]), nil, 422, "unknown template '../../etc'"),
            ("unknown option", try json(["document": "x", "options": ["colums": 2]]), nil, 422, "unknown option 'colums'"),
            ("option out of range", try json(["document": "x", "options": ["margin": "1e30pt"]]), nil, 422, "option 'margin' must be at most 14400pt (got"),
            ("columns", try json(["document": "x", "options": ["columns": 0]]), nil, 422, "option 'columns' must be from 1 to 64 (got 0)"),
            ("columns not whole", try json(["document": "x", "options": ["columns": 1.5]]), nil, 422, "option 'columns' is a whole number"),
            ("size as the CLI", try json(["document": "x", "options": ["size": 1000]]), nil, 422, "option 'size' must be between 0 and 1000 points"),
            ("negative gutter", try json(["document": "x", "options": ["gutter": "-2mm"]]), nil, 422, "option 'gutter' cannot be negative"),
            ("Mustache error", try json(["document": "text\n\n{{#list}}", "data": ["list": [1]]]), nil, 422, "document.md:3:"),
            ("front matter error", try json(["document": "---\ntitle: [\n---\n"]), nil, 422, "document.md:"),
            ("strict missing field", try json(["document": "Hi {{who}}", "data": ["x": 1], "strict": true]), nil, 422, "document.md:1:4"),
            ("a file outside", try json(["document": "![x](/etc/passwd.png)"]), nil, 422, "is outside the request's files (upload)"),
            ("wrong media type", ByteBuffer(string: "# Hi"), [.contentType: "text/markdown"], 415, "Content-Type: application/json"),
            ("too large", ByteBuffer(string: "{\"document\": \"" + String(repeating: "a", count: 4000) + "\"}"), nil, 413, "over the limit of 2048 bytes"),
        ]
        try await s.application().test(.router) { client in
            for (name, body, headers, status, message) in cases {
                try await client.execute(uri: "/render", method: .post, headers: headers ?? jsonHeaders, body: body) { r in
                    XCTAssertEqual(Int(r.status.code), status, "\(name): \(text(r))")
                    XCTAssertEqual(r.headers[.contentType], "application/json; charset=utf-8", name)
                    let answer = try JSONSerialization.jsonObject(with: Data(buffer: r.body)) as? [String: Any]
                    let error = answer?["error"] as? String ?? ""
                    XCTAssertTrue(error.contains(message), "\(name): \(error)")
                    XCTAssertFalse(error.contains("folio-serve-"), "\(name): the private folder's name leaks: \(error)")
                }
            }
            try await client.execute(uri: "/metrics", method: .get) { r in
                XCTAssertTrue(text(r).contains(#"folio_rejections_total{reason="body_too_large"} 1"#), text(r))
                XCTAssertTrue(text(r).contains(#"folio_requests_total{route="render",status="422"}"#))
            }
        }
    }

    func testARenderPastItsTimeLimitIsStoppedWith503() async throws {
        let s = service { $0.timeout = .milliseconds(1) }
        let long = Array(repeating: "A paragraph of some length to set, and then another sentence after it.", count: 4000).joined(separator: "\n\n")
        let body = try json(["document": long])
        try await s.application().test(.router) { client in
            try await client.execute(uri: "/render", method: .post, headers: jsonHeaders, body: body) { r in
                XCTAssertEqual(r.status, .serviceUnavailable, text(r))
                XCTAssertTrue(text(r).contains("ran past its time limit"), text(r))
            }
        }
    }

    /// With every thread busy and no room to wait, /ready says so and a render is refused
    /// at once with 429 and Retry-After; the render in flight still finishes.
    func testAFullQueueIsRefusedWith429AndReadyTurns503() async throws {
        // A generous time limit: the long render must finish, however loaded the machine.
        let s = service { $0.jobs = 1; $0.queue = 0; $0.timeout = .seconds(600) }
        let long = Array(repeating: "A paragraph of some length to set, and then another sentence after it.", count: 6000).joined(separator: "\n\n")
        let slow = try json(["document": long])
        let quick = try json(["document": "# Quick"])
        try await s.application().test(.router) { client in
            async let first = client.execute(uri: "/render", method: .post, headers: jsonHeaders, body: slow) { r in
                (r.status, r.status == .ok ? "" : text(r))
            }
            while s.workers.load == 0 { try await Task.sleep(for: .milliseconds(2)) }
            try await client.execute(uri: "/ready", method: .get) { r in XCTAssertEqual(r.status, .serviceUnavailable) }
            try await client.execute(uri: "/render", method: .post, headers: jsonHeaders, body: quick) { r in
                XCTAssertEqual(r.status, .tooManyRequests, text(r))
                XCTAssertEqual(r.headers[.retryAfter], "1")
                XCTAssertTrue(text(r).contains("all 1 render threads are busy"), text(r))
            }
            let (status, answer) = try await first
            XCTAssertEqual(status, .ok, answer)
            // The answer can reach the client a moment before its thread is counted free
            // (seen under load): ready again within a few seconds, not necessarily at once.
            var ready = false
            for _ in 0..<500 where !ready {
                ready = try await client.execute(uri: "/ready", method: .get) { r in r.status == .ok }
                if !ready { try await Task.sleep(for: .milliseconds(10)) }
            }
            XCTAssertTrue(ready, "/ready did not turn 200 once the render finished")
            try await client.execute(uri: "/metrics", method: .get) { r in
                XCTAssertTrue(text(r).contains(#"folio_rejections_total{reason="queue_full"} 1"#), text(r))
            }
        }
    }

    /// A real server on an ephemeral loopback port, asked over a socket.
    func testALiveServerAnswersOverLoopback() async throws {
        let s = service()
        try await s.application().test(.live) { client in
            XCTAssertNotNil(client.port)
            try await client.execute(uri: "/render", method: .post, headers: jsonHeaders,
                                     body: try json(["document": "# Live\n\nOver a socket.", "template": "two-column"])) { r in
                XCTAssertEqual(r.status, .ok, text(r))
                XCTAssertTrue(try pdfTextOf(r).contains("Over a socket."))
            }
        }
    }
}

private func json(_ object: Any) throws -> ByteBuffer {
    ByteBuffer(data: try JSONSerialization.data(withJSONObject: object))
}

private let jsonHeaders: HTTPFields = [.contentType: "application/json"]

/// The answer's body as text.
private func text(_ response: TestResponse) -> String { String(buffer: response.body) }

/// Writes a PDF answer to a file, checks it with qpdf and returns its text.
private func pdfTextOf(_ response: TestResponse) throws -> String {
    let dir = try makeTemporaryDirectory("folio-serve-test")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("answer.pdf").path
    try Data(buffer: response.body).write(to: URL(fileURLWithPath: path))
    let check = try qpdfCheck(path)
    XCTAssertEqual(check.status, 0, check.output)
    return try pdfFlatText(path)
}

/// The page count of a PDF answer.
private func pdfPagesOf(_ response: TestResponse) throws -> Int {
    let dir = try makeTemporaryDirectory("folio-serve-test")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("answer.pdf").path
    try Data(buffer: response.body).write(to: URL(fileURLWithPath: path))
    return try pdfPageCount(path)
}
