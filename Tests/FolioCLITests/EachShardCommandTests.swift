import FolioTestSupport
import Foundation
import XCTest

/// `folio render DOC.md --data LIST --each PATTERN` (one PDF per record) and `--shard I/N`.
final class EachShardCommandTests: XCTestCase {
    private let letter = MergeFixture.letter
    private func long(_ paragraphs: Int) -> String { MergeFixture.long(paragraphs) }

    /// Seven records; record 2 (Bob) runs to two pages.
    private var seven: String {
        let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
        let items: [[String: Any]] = names.enumerated().map { i, name in
            ["id": "r\(i + 1)", "name": name, "amount": i + 1, "body": name == "Bob" ? long(12) : "Short."]
        }
        return MergeFixture.json(items)
    }

    /// The document and data written into a new folder.
    private func setUp(data: String, dataName: String = "data.json") throws -> (dir: URL, doc: String, data: String) {
        let dir = try makeTemporaryDirectory()
        return (dir, try write(letter, "doc.md", in: dir), try write(data, dataName, in: dir))
    }

    /// Runs folio in `dir` (relative patterns land there).
    private func render(_ doc: String, _ data: String, _ extra: [String]) throws -> ProcessResult {
        try folio(["render", doc, "-t", "report", "--data", data] + extra, environment: fixedEpoch)
    }

    /// The PDFs under `dir`, relative paths, sorted.
    private func pdfs(in dir: URL) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir.path)
        var found: [String] = []
        while let f = e?.nextObject() as? String { if f.hasSuffix(".pdf") { found.append(f) } }
        return found.sorted()
    }

    func testEachWritesOnePDFPerRecordWithItsOwnContentAndPages() throws {
        let (dir, doc, data) = try setUp(data: seven)
        let out = dir.appendingPathComponent("out").path
        let result = try render(doc, data, ["--each", out + "/{{id}}/{{name}}.pdf"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(pdfs(in: dir.appendingPathComponent("out")),
                       ["r1/Ann.pdf", "r2/Bob.pdf", "r3/Cy.pdf", "r4/Di.pdf", "r5/Ed.pdf", "r6/Flo.pdf", "r7/Gus.pdf"],
                       "folders in the pattern are created")
        XCTAssertTrue(result.stdout.hasPrefix("\(out)/r1/Ann.pdf: 1 page\n\(out)/r2/Bob.pdf: 2 pages\n"), result.stdout)
        for (i, name) in ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"].enumerated() {
            let pdf = "\(out)/r\(i + 1)/\(name).pdf"
            let pages = name == "Bob" ? 2 : 1
            XCTAssertEqual(try pdfPageCount(pdf), pages, name)
            let text = try pdfText(pdf)
            XCTAssertTrue(text.contains("Dear \(name), you owe \(i + 1)."), text)
            XCTAssertTrue(text.contains("Page 1 of \(pages)"), text)
            for other in ["Ann", "Bob", "Gus"] where other != name { XCTAssertFalse(text.contains("Hello \(other)"), "\(name): \(text)") }
            XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        }
        // No temporary files are left beside them.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(out)/r1"), ["Ann.pdf"])
    }

    func testEachWithASingleObjectWritesOneFileAsAPlainRenderWould() throws {
        let (dir, doc, data) = try setUp(data: #"{"id": "x", "name": "Ann", "amount": 1, "body": "Short."}"#)
        let result = try render(doc, data, ["--each", dir.path + "/{{name}}-{{id}}.pdf"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pdfs(in: dir), ["Ann-x.pdf"])
        let plain = dir.appendingPathComponent("plain.pdf").path
        XCTAssertEqual(try render(doc, data, ["-o", plain]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: plain)),
                       try Data(contentsOf: dir.appendingPathComponent("Ann-x.pdf")))
    }

    func testUnsafeOrDuplicatePathsAreErrorsAndNothingIsWritten() throws {
        // Patterns are under the test's folder, D.
        let cases: [(data: String, pattern: String, message: String)] = [
            (#"[{"id": "a"}, {"id": "b/c"}]"#, "D/{{id}}.pdf",
             "record 2: the value 'b/c' holds a '/': a value cannot name a folder (pattern 'D/{{id}}.pdf')"),
            (#"[{"id": "a"}, {"id": ".."}]"#, "D/out/{{id}}/x.pdf",
             "record 2: a value makes the path component '..' (pattern 'D/out/{{id}}/x.pdf')"),
            (#"[{"id": "a"}, {"id": "b\u0000"}]"#, "D/{{{id}}}.pdf",
             "record 2: a value holds a NUL character (pattern 'D/{{{id}}}.pdf')"),
            (#"[{"id": "a"}, {"id": "b"}, {"id": "a"}]"#, "D/out/{{id}}.pdf",
             "records 1 and 3 would both be written to D/out/a.pdf (pattern 'D/out/{{id}}.pdf'): nothing was written"),
        ]
        for c in cases {
            let (dir, doc, data) = try setUp(data: c.data)
            let pattern = c.pattern.replacingOccurrences(of: "D/", with: dir.path + "/")
            let result = try render(doc, data, ["--each", pattern])
            XCTAssertEqual(result.status, 1, c.pattern)
            XCTAssertEqual(result.stderr, "folio: error: --each: \(c.message.replacingOccurrences(of: "D/", with: dir.path + "/"))\n")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(pdfs(in: dir), [], "nothing written for \(c.pattern)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        }
        // A shard holding neither record finds the clash too; a CSV list likewise.
        let (dir, doc, data) = try setUp(data: "id\na\nb\na\n", dataName: "d.csv")
        let result = try render(doc, data, ["--each", dir.path + "/out/{{id}}.pdf", "--shard", "1/3"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "folio: error: --each: records 1 and 3 would both be written to \(dir.path)/out/a.pdf (pattern '\(dir.path)/out/{{id}}.pdf'): nothing was written\n")
    }

    func testEachRefusesOutputAndNeedsData() throws {
        let (dir, doc, data) = try setUp(data: seven)
        let r = try render(doc, data, ["--each", dir.path + "/{{id}}.pdf", "-o", dir.appendingPathComponent("a.pdf").path])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("Error: --each names each PDF with its pattern: -o cannot be used with it"), r.stderr)
        let r2 = try folio(["render", doc, "--each", dir.path + "/{{id}}.pdf"])
        XCTAssertEqual(r2.status, 64)
        XCTAssertTrue(r2.stderr.contains("--each writes one PDF per record of --data: give --data FILE"), r2.stderr)
        XCTAssertEqual(pdfs(in: dir), [])
    }

    func testThreeShardsWriteDisjointFilesMakingUpTheWholeRunByteForByte() throws {
        let (dir, doc, data) = try setUp(data: seven)
        let all = dir.appendingPathComponent("all")
        let whole = try render(doc, data, ["--each", all.path + "/{{id}}.pdf"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let expected = pdfs(in: all)
        XCTAssertEqual(expected.count, 7)
        var union: [String] = []
        for i in 0..<3 {
            let shard = dir.appendingPathComponent("shard\(i)")
            let r = try render(doc, data, ["--each", shard.path + "/{{id}}.pdf", "--shard", "\(i)/3"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let files = pdfs(in: shard)
            XCTAssertEqual(files, (0..<7).filter { $0 % 3 == i }.map { "r\($0 + 1).pdf" })
            XCTAssertTrue(Set(union).isDisjoint(with: files))
            union += files
            for f in files {
                XCTAssertEqual(try Data(contentsOf: shard.appendingPathComponent(f)), try Data(contentsOf: all.appendingPathComponent(f)), f)
            }
        }
        XCTAssertEqual(union.sorted(), expected)
    }

    func testAShardWithoutEachIsOnePDFOfItsRecordsInOrder() throws {
        let (dir, doc, data) = try setUp(data: "id,name,amount,body\n" + (1...7).map { "r\($0),N\($0),\($0),Short." }.joined(separator: "\n") + "\n",
                                          dataName: "rows.csv")
        let pdf = dir.appendingPathComponent("part.pdf").path
        let r = try render(doc, data, ["--shard", "1/3", "-o", pdf])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 2)
        XCTAssertTrue(try pdfText(pdf, first: 1, last: 1).contains("Dear N2, you owe 2."))
        XCTAssertTrue(try pdfText(pdf, first: 2, last: 2).contains("Dear N5, you owe 5."))
        XCTAssertTrue(try pdfText(pdf, first: 2, last: 2).contains("Page 1 of 1"))
        // Outline entries keep the records' own numbers.
        let outline = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        XCTAssertTrue(outline.contains("\"title\": \"Letter N2\""), outline)
    }

    func testInvalidShardsAreRefusedAndAnEmptyShardSaysSo() throws {
        let (dir, doc, data) = try setUp(data: seven)
        let pdf = dir.appendingPathComponent("x.pdf").path
        for (spec, message) in [("3/3", "--shard 3/3: the index must be from 0 to 2 (0-based, below the number of shards)"),
                                ("-1/3", "--shard -1/3: the index must be from 0 to 2 (0-based, below the number of shards)"),
                                ("0/0", "--shard 0/0: the number of shards must be at least 1"),
                                ("1", "--shard takes I/N, this shard's index and the number of shards, such as 0/8 (got '1')"),
                                ("a/b", "--shard takes I/N, this shard's index and the number of shards, such as 0/8 (got 'a/b')")] {
            let r = try render(doc, data, ["--shard=\(spec)", "-o", pdf])
            XCTAssertEqual(r.status, 64, spec)
            XCTAssertTrue(r.stderr.contains("Error: \(message)"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        // A single object is shard 0's; the others have nothing to do, and say so.
        let one = try write(#"{"id": "x", "name": "Ann", "amount": 1, "body": "Short."}"#, "one.json", in: dir)
        let r = try render(doc, one, ["--shard", "1/2", "-o", pdf])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "folio: shard 1/2: no records to render (the data holds 1 record); nothing written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        let r0 = try render(doc, one, ["--shard", "0/2", "-o", pdf])
        XCTAssertEqual(r0.status, 0, r0.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 1)
    }
}
