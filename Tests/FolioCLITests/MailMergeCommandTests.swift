import FolioTestSupport
import Foundation
import XCTest

/// `folio render DOC.md --data LIST`: one PDF, the document once per record.
final class MailMergeCommandTests: XCTestCase {
    private let letter = MergeFixture.letter
    private func long(_ paragraphs: Int) -> String { MergeFixture.long(paragraphs) }

    private func render(_ doc: String, data: String, dataName: String, extra: [String] = [],
                        in dir: URL? = nil) throws -> (result: ProcessResult, pdf: String, dir: URL) {
        let dir = try dir ?? makeTemporaryDirectory()
        let docPath = try write(doc, "doc.md", in: dir)
        let dataPath = try write(data, dataName, in: dir)
        let pdf = dir.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", docPath, "-t", "report", "--data", dataPath, "-o", pdf] + extra, environment: fixedEpoch)
        return (result, pdf, dir)
    }

    /// The page's text, lines trimmed and blank ones dropped.
    private func page(_ pdf: String, _ n: Int) throws -> [String] {
        try pdfText(pdf, first: n, last: n).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private var records: String {
        let items: [[String: Any]] = [["name": "Ann", "amount": 1, "body": "Short."],
                                      ["name": "Bob", "amount": 2, "body": long(12)],
                                      ["name": "Cy", "amount": 3, "body": "Short too."]]
        return MergeFixture.json(items)
    }

    func testAJSONArrayMakesOnePDFEachRecordOnItsOwnPagesNumberedAfresh() throws {
        let (result, pdf, _) = try render(letter, data: records, dataName: "data.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try pdfPageCount(pdf), 4)
        let pages = try (1...4).map { try page(pdf, $0) }
        XCTAssertEqual(pages[0].dropFirst().first, "Letter Ann")
        XCTAssertTrue(pages[0].contains("Dear Ann, you owe 1."), "\(pages[0])")
        XCTAssertTrue(pages[0].contains("Page 1 of 1"), "\(pages[0])")
        XCTAssertEqual(pages[1].dropFirst().first, "Letter Bob", "Bob starts a new page")
        XCTAssertTrue(pages[1].contains("Page 1 of 2"), "\(pages[1])")
        XCTAssertFalse(pages[1].joined().contains("Ann"), "\(pages[1])")
        XCTAssertTrue(pages[2].contains("Page 2 of 2"), "\(pages[2])")
        XCTAssertEqual(pages[3].dropFirst().first, "Letter Cy", "Cy starts a new page")
        XCTAssertTrue(pages[3].contains("Dear Cy, you owe 3."), "\(pages[3])")
        XCTAssertTrue(pages[3].contains("Page 1 of 1"), "\(pages[3])")
        XCTAssertEqual(result.stdout, "\(pdf): 4 pages\n")

        // One outline entry per record, titled by its front matter, its headings under it.
        let outline = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        let json = try JSONSerialization.jsonObject(with: Data(outline.utf8)) as! [String: Any]
        let items = json["outlines"] as! [[String: Any]]
        XCTAssertEqual(items.map { $0["title"] as! String }, ["Letter Ann", "Letter Bob", "Letter Cy"])
        XCTAssertEqual(items.map { $0["destpageposfrom1"] as! Int }, [1, 2, 4])
        XCTAssertEqual(items.map { (($0["kids"] as! [[String: Any]]).first?["title"] as? String) }, ["Hello Ann", "Hello Bob", "Hello Cy"])
        // Page labels restart with each record.
        let raw = try qpdfUncompressed(pdf)
        XCTAssertTrue(raw.contains("/PageLabels"), "page labels written")
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
    }

    func testCSVRowsAreRecordsAndUntitledOnesAreNumbered() throws {
        let doc = "# Row {{id}}\n\n{{name}} lives in {{city}}.\n"
        let (result, pdf, _) = try render(doc, data: "id,name,city\n1,Ann,Rome\n2,Bob,Oslo\n3,Cy,Lima\n", dataName: "rows.csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 3)
        for (n, row) in [(1, "Ann lives in Rome."), (2, "Bob lives in Oslo."), (3, "Cy lives in Lima.")] {
            let text = try page(pdf, n)
            XCTAssertEqual(text.dropFirst().first, "Row \(n)", "after the running head")
            XCTAssertTrue(text.contains(row), "\(text)")
            XCTAssertTrue(text.contains("Page 1 of 1"), "\(text)")
        }
        let outline = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        for n in 1...3 { XCTAssertTrue(outline.contains("\"title\": \"Record \(n)\""), outline) }
    }

    func testAnEmptyListOrARecordThatIsNotAnObjectIsAnError() throws {
        let (r1, pdf, dir) = try render("{{a}}", data: "[]", dataName: "data.json")
        XCTAssertEqual(r1.status, 1)
        let dataPath = dir.appendingPathComponent("data.json").path
        XCTAssertEqual(r1.stderr, "folio: error: \(dataPath): no records: the list is empty\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        let (r2, _, _) = try render("{{a}}", data: #"[{"a": 1}, 2]"#, dataName: "data.json", in: dir)
        XCTAssertEqual(r2.stderr, "folio: error: \(dataPath): record 2 is not an object with fields: every record of a mail merge must be one\n")
    }

    func testMissingFieldsWarnOncePerTagAndStrictFailsLeavingTheOldOutput() throws {
        let doc = "Dear {{name}}, {{city}}.\n"
        let data = #"[{"name": "Ann", "city": "Rome"}, {"name": "Bob"}, {"name": "Cy"}]"#
        let (result, pdf, dir) = try render(doc, data: data, dataName: "data.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let docPath = dir.appendingPathComponent("doc.md").path
        let dataPath = dir.appendingPathComponent("data.json").path
        XCTAssertEqual(result.stderr, "folio: warning: \(docPath):1:16: no field 'city' in \(dataPath) (record 2 and 1 more)\n")
        XCTAssertEqual(try pdfPageCount(pdf), 3)
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let strict = try folio(["render", docPath, "-t", "report", "--data", dataPath, "-o", pdf, "--strict"], environment: fixedEpoch)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, "folio: error: \(docPath):1:16: no field 'city' in \(dataPath) (record 2 and 1 more)\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), before)
    }

    func testTheSameBytesTwice() throws {
        let (r1, pdf, dir) = try render(letter, data: records, dataName: "data.json")
        XCTAssertEqual(r1.status, 0, r1.stderr)
        let first = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let (r2, _, _) = try render(letter, data: records, dataName: "data.json", in: dir)
        XCTAssertEqual(r2.status, 0, r2.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), first)
    }

    func testASingleObjectIsOneDocumentAsBefore() throws {
        let (result, pdf, _) = try render(letter, data: #"{"name": "Ann", "amount": 1, "body": "Short."}"#, dataName: "data.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try pdfPageCount(pdf), 1)
        let outline = try tool("qpdf", ["--json", "--json-key=outlines", pdf]).stdout
        let json = try JSONSerialization.jsonObject(with: Data(outline.utf8)) as! [String: Any]
        XCTAssertEqual((json["outlines"] as! [[String: Any]]).map { $0["title"] as! String }, ["Hello Ann"], "no record entry")
        // The same document written out by hand renders to the same bytes.
        let dir = try makeTemporaryDirectory()
        let plain = try write(letter.replacingOccurrences(of: "{{name}}", with: "Ann").replacingOccurrences(of: "{{amount}}", with: "1")
            .replacingOccurrences(of: "{{{body}}}", with: "Short."), "doc.md", in: dir)
        let other = dir.appendingPathComponent("doc.pdf").path
        let r = try folio(["render", plain, "-t", "report", "-o", other], environment: fixedEpoch)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), try Data(contentsOf: URL(fileURLWithPath: pdf)))
    }
}
