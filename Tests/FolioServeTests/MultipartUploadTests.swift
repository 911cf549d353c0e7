@testable import FolioServe
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
import ZIPFoundation

/// Multipart requests: the document, its data as a file, and a zip of the files it and its
/// template read, which may not leave the request's folder or overwhelm the server.
final class MultipartUploadTests: XCTestCase {
    private let boundary = "folio-test-boundary-7d1"

    /// A multipart body of `parts`: (name, content type or nil, bytes).
    private func body(_ parts: [(String, String?, Data)]) -> ByteBuffer {
        var data = Data()
        for (name, type, bytes) in parts {
            data += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n".utf8)
            if let type { data += Data("Content-Type: \(type)\r\n".utf8) }
            data += Data("\r\n".utf8) + bytes + Data("\r\n".utf8)
        }
        data += Data("--\(boundary)--\r\n".utf8)
        return ByteBuffer(data: data)
    }

    private var headers: HTTPFields { [.contentType: "multipart/form-data; boundary=\(boundary)"] }

    /// A zip of `files` (path → bytes); `symlinks` are added as links.
    private func zip(_ files: [(String, Data)], symlinks: [(String, String)] = []) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in files {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        for (path, target) in symlinks {
            let bytes = Data(target.utf8)
            try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(bytes.count)) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try XCTUnwrap(archive.data)
    }

    private func image(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Documents/images/\(name)").standardizedFileURL
        return try Data(contentsOf: url)
    }

    /// The same request with its files in a gzipped tar, written as `tar -czf files.tgz .`
    /// would write it (`./` before every path).
    func testAGzippedTarServesAsWellAsAZip() async throws {
        let service = RenderService(configuration: { var c = RenderService.Configuration(); c.jobs = 1; return c }())
        let files = try TestTar.make([.folder("./"), .folder("./brand/"),
                                      .file("./brand/template.yaml", Data("name: brand\nextends: default\nstyles:\n  heading-1: {color: \"#1f5fa8\"}\n".utf8)),
                                      .folder("./images/"), .file("./images/logo.png", try image("square.png"))])
        XCTAssertEqual(Array(files.prefix(2)), [0x1f, 0x8b], "gzip")
        let document = "---\ntemplate: brand\n---\n\n# Statement\n\n![Logo](images/logo.png)\n"
        let request = body([("document", "text/markdown", Data(document.utf8)), ("files", "application/gzip", files)])
        let headers = self.headers
        try await service.application().test(.router) { client in
            try await client.execute(uri: "/render", method: .post, headers: headers, body: request) { r in
                try withAnsweredPDF(r) { path in
                    XCTAssertTrue(try pdfFlatText(path).contains("Statement"))
                    XCTAssertTrue(try qpdfUncompressed(path).contains("/Subtype /Image"), "the image from the tar is drawn")
                    let content = try qpdfUncompressed(path)
                    XCTAssertNotNil(content.range(of: #"0\.12\d* 0\.37\d* 0\.65\d* rg"#, options: .regularExpression),
                                    "the heading has the uploaded template's colour")
                }
            }
        }
    }

    func testAnUploadedTemplateImageAndCSVDataMakeAMailMerge() async throws {
        let service = RenderService(configuration: { var c = RenderService.Configuration(); c.jobs = 1; return c }())
        let template = """
            name: brand
            extends: default
            styles:
              heading-1: {color: "#1f5fa8"}
            """
        let files = try zip([("brand/template.yaml", Data(template.utf8)), ("images/logo.png", try image("square.png"))])
        let document = "---\ntemplate: brand\n---\n\n# Statement for {{name}}\n\n![Logo](images/logo.png)\n\nBalance: {{balance}}.\n"
        let csv = "name,balance\nAda,12.50\nGrace,7.25\n"
        let request = body([("document", "text/markdown", Data(document.utf8)), ("data", "text/csv", Data(csv.utf8)),
                            ("files", "application/zip", files), ("options", "application/json", Data(#"{"paper": "a5"}"#.utf8))])
        let headers = self.headers
        try await service.application().test(.router) { client in
            try await client.execute(uri: "/render", method: .post, headers: headers, body: request) { r in
                try withAnsweredPDF(r) { path in
                    XCTAssertEqual(try pdfPageCount(path), 2)
                    let text = try pdfFlatText(path)
                    XCTAssertTrue(text.contains("Statement for Ada") && text.contains("Balance: 12.50.") && text.contains("Statement for Grace"), text)
                    XCTAssertTrue(try qpdfUncompressed(path).contains("/Subtype /Image"), "the uploaded image is drawn")
                }
            }
        }
    }

    /// `?each=PATTERN`: one PDF per record, named by the pattern, in a zip.
    func testEachRecordInItsOwnPDFInAZip() async throws {
        let service = RenderService(configuration: { var c = RenderService.Configuration(); c.jobs = 2; return c }())
        let records = (1...3).map { ["number": "INV-\($0)", "name": "Customer \($0)"] }
        let body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: ["document": "# {{number}}\n\nFor {{name}}.", "data": records]))
        let single = ByteBuffer(data: try JSONSerialization.data(withJSONObject: ["document": "# {{number}}", "data": records[0]]))
        let json: HTTPFields = [.contentType: "application/json"]
        try await service.application().test(.router) { client in
            try await client.execute(uri: "/render?each=out/%7B%7Bnumber%7D%7D.pdf", method: .post, headers: json, body: body) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                XCTAssertEqual(r.headers[.contentType], "application/zip")
                XCTAssertEqual(r.headers[HTTPField.Name("X-Folio-Files")!], "3")
                let archive = try Archive(data: Data(buffer: r.body), accessMode: .read)
                XCTAssertEqual(archive.map(\.path).sorted(), ["out/INV-1.pdf", "out/INV-2.pdf", "out/INV-3.pdf"])
                let dir = try makeTemporaryDirectory("folio-each")
                defer { try? FileManager.default.removeItem(at: dir) }
                for entry in archive {
                    let path = dir.appendingPathComponent(URL(fileURLWithPath: entry.path).lastPathComponent).path
                    _ = try archive.extract(entry, to: URL(fileURLWithPath: path))
                    XCTAssertEqual(try qpdfCheck(path).status, 0)
                    let number = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                    let text = try pdfFlatText(path)
                    XCTAssertTrue(text.hasPrefix("\(number) For Customer \(number.dropFirst(4))."), text)
                    XCTAssertEqual(try pdfPageCount(path), 1)
                }
            }
            try await client.execute(uri: "/render?each=%7B%7Bnumber%7D%7D.pdf", method: .post, headers: json, body: single) { r in
                XCTAssertEqual(r.status.code, 422)
                XCTAssertTrue(String(buffer: r.body).contains("the data must be a list of records"), String(buffer: r.body))
            }
            try await client.execute(uri: "/render?each=../%7B%7Bnumber%7D%7D.pdf", method: .post, headers: json, body: body) { r in
                XCTAssertEqual(r.status.code, 422, String(buffer: r.body))
            }
            try await client.execute(uri: "/render?each=x.pdf&format=png", method: .post, headers: json, body: body) { r in
                XCTAssertEqual(r.status, .badRequest)
            }
        }
    }

    /// Each hostile archive or part is refused with 4xx and names what is wrong.
    func testArchivesThatReachOutOrBlowUpAreRefused() async throws {
        let service = RenderService(configuration: { var c = RenderService.Configuration(); c.jobs = 1; c.maxUnpacked = 1 << 20; return c }())
        let doc = Data("# Hello\n".utf8)
        let cases: [(String, [(String, String?, Data)], Int, String)] = [
            ("zip slip", [("document", nil, doc), ("files", nil, try zip([("../evil.txt", Data("x".utf8))]))], 422, "is not a path inside the archive"),
            ("absolute", [("document", nil, doc), ("files", nil, try zip([("/tmp/evil.txt", Data("x".utf8))]))], 422, "is not a path inside the archive"),
            ("symlink", [("document", nil, doc), ("files", nil, try zip([], symlinks: [("link", "/etc/passwd")]))], 422, "is a symbolic link"),
            ("zip bomb", [("document", nil, doc), ("files", nil, try zip([("zeros.bin", Data(count: 3 << 20))]))], 422, "more than 1 MB unpacked"),
            ("not a zip", [("document", nil, doc), ("files", nil, Data("hello".utf8))], 422, "files: not a zip or tar archive"),
            ("tar slip", [("document", nil, doc), ("files", nil, try TestTar.make([.file("a/../../evil.txt", Data("x".utf8))]))],
             422, "is not a path inside the archive"),
            ("tar absolute", [("document", nil, doc), ("files", nil, try TestTar.make([.file("/tmp/evil.txt", Data("x".utf8))], gzip: false))],
             422, "is not a path inside the archive"),
            ("tar symlink", [("document", nil, doc), ("files", nil, try TestTar.make([.symbolicLink("images", to: "/etc")]))], 422, "is a symbolic link"),
            ("tar hard link", [("document", nil, doc), ("files", nil, try TestTar.make([.hardLink("passwd", to: "/etc/passwd")]))], 422, "is a hard link"),
            ("tar fifo", [("document", nil, doc), ("files", nil, try TestTar.make([.fifo("pipe")]))], 422, "is a device, pipe or socket"),
            ("gzip bomb", [("document", nil, doc), ("files", nil, try TestTar.make([.file("zeros.bin", Data(count: 3 << 20))]))],
             422, "more than 1 MB unpacked"),
            ("named twice", [("document", nil, doc), ("files", nil, try TestTar.make([.file("a.txt", Data("x".utf8)), .file("a.txt", Data("y".utf8))]))],
             422, "'a.txt' could not be unpacked (named twice?)"),
            ("cut short", [("document", nil, doc), ("files", nil, try TestTar.make([.file("a.bin", Data(count: 40_000))], gzip: false).prefix(20_000))],
             422, "files: the archive is damaged"),
            ("template outside", [("document", nil, doc), ("template", nil, Data("../brand".utf8)),
                                  ("files", nil, try zip([("brand/template.yaml", Data("extends: default\n".utf8))]))], 422, "unknown template '../brand'"),
            ("image outside", [("document", nil, Data("![x](../../etc/a.png)".utf8)), ("files", nil, try zip([("a.txt", Data("x".utf8))]))],
             422, "outside the request's files"),
            ("no document", [("template", nil, Data("book".utf8))], 400, "the part 'document'"),
            ("unknown part", [("document", nil, doc), ("colour", nil, Data("red".utf8))], 400, "unknown part 'colour'"),
            ("bad data", [("document", nil, doc), ("data", "application/json", Data("{\"a\": ".utf8))], 422, "data.json:1:"),
            ("bad options", [("document", nil, doc), ("options", nil, Data(#"{"columns": 99}"#.utf8))], 422, "option 'columns'"),
        ]
        let headers = self.headers
        let bodies = cases.map { body($0.1) }
        try await service.application().test(.router) { client in
            for ((name, _, status, message), request) in Swift.zip(cases, bodies) {
                try await client.execute(uri: "/render", method: .post, headers: headers, body: request) { r in
                    XCTAssertEqual(Int(r.status.code), status, "\(name): \(String(buffer: r.body))")
                    XCTAssertTrue(String(buffer: r.body).contains(message), "\(name): \(String(buffer: r.body))")
                    XCTAssertFalse(String(buffer: r.body).contains("folio-serve-"), "\(name): the private folder leaks")
                }
            }
        }
        // Nothing was written outside the folders, which are gone.
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/evil.txt"))
    }
}

/// Checks that `r` is a 200 with a valid PDF, and hands `body` the PDF's path (in a folder
/// removed afterwards).
private func withAnsweredPDF(_ r: TestResponse, _ body: (String) throws -> Void) throws {
    XCTAssertEqual(r.status, .ok, String(buffer: r.body))
    let dir = try makeTemporaryDirectory("folio-multipart")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("out.pdf").path
    try Data(buffer: r.body).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(try qpdfCheck(path).status, 0)
    try body(path)
}
