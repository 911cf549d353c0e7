import FolioTestSupport
import Foundation
import XCTest

/// `folio render DOC.md --data FILE [--strict]`: one record fills the document, end to end.
final class DataBindingCommandTests: XCTestCase {
    /// Renders `doc` with `data` (written as data.json unless named) and returns the result
    /// and the PDF's path.
    private func render(_ doc: String, data: String, dataName: String = "data.json", extra: [String] = [],
                        in dir: URL? = nil) throws -> (result: ProcessResult, pdf: String, dir: URL) {
        let dir = try dir ?? makeTemporaryDirectory()
        let docPath = try write(doc, "doc.md", in: dir)
        let dataPath = try write(data, dataName, in: dir)
        let pdf = dir.appendingPathComponent("doc.pdf").path
        let result = try folio(["render", docPath, "--data", dataPath, "-o", pdf] + extra, environment: fixedEpoch)
        return (result, pdf, dir)
    }

    private func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    func testValuesPrintLiterally() throws {
        let punctuation = ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##
        let values = [
            "a": "*not* <b>bold</b> [x](y) {.red} {{z}}",
            "b": "x" + punctuation + "x",
            "c": "1. item", "d": "# heading", "e": "> quote", "f": "- dash -- em --- ...",
            "g": "&amp; &#65; \"q\" 'a'", "h": "[link]{.red} ![i](p.png) `code` ~~s~~ <https://x.y>",
        ]
        let doc = values.keys.sorted().map { "{{\($0)}}" }.joined(separator: "\n\n") + "\n"
        let (result, pdf, _) = try render(doc, data: try json(values))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = try pdfText(pdf).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for key in values.keys.sorted() { XCTAssertTrue(lines.contains(values[key]!), "\(values[key]!) not in \(lines)") }
    }

    func testAnAddressKeepsItsLinesInOneParagraph() throws {
        let (result, pdf, _) = try render("To:\n{{address}}\n", data: #"{"address": "Ann Lee\n# 1 Main St\n    12345 Springfield"}"#)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = try pdfLines(pdf).map(\.text)
        // "To:" and the first line are joined by a soft break; the value's own breaks are hard.
        XCTAssertEqual(Array(lines.prefix(3)), ["To: Ann Lee", "# 1 Main St", "12345 Springfield"])
    }

    func testFrontMatterSectionsAndFormattersFromTheData() throws {
        let doc = """
        ---
        title: "Invoice {{number}}"
        lang: de-DE
        currency: EUR
        ---
        # Invoice {{number}}

        {{#items}}
        - {{name}} | {{qty}} | {{currency(price)}}
        {{/items}}
        {{^items}}No items.{{/items}}

        Total: {{currency(total)}}{{^paid}} (due){{/paid}}

        """
        let data = #"{"number": "A-17", "items": [{"name": "Pen", "qty": 2, "price": "1.50"}, {"name": "Ink", "qty": 1, "price": 12}], "total": 1234.5, "paid": false}"#
        let (result, pdf, _) = try render(doc, data: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let text = try pdfText(pdf).replacingOccurrences(of: "\u{A0}", with: " ")
        XCTAssertTrue(text.contains("Invoice A-17"), text)
        XCTAssertTrue(text.contains("Pen | 2 | 1,50 €"), text)
        XCTAssertTrue(text.contains("Ink | 1 | 12,00 €"), text)
        XCTAssertTrue(text.contains("Total: 1.234,50 € (due)"), text)
        XCTAssertFalse(text.contains("No items"), text)
        XCTAssertTrue(try tool("pdfinfo", [pdf]).stdout.contains("Invoice A-17"))
    }

    func testMissingFieldsWarnAndStrictFailsLeavingTheOldOutput() throws {
        let doc = "Dear {{name}},\n\n{{#customer}}{{city}}, {{zip}}{{/customer}}\n"
        let data = #"{"customer": {"city": "Rome"}}"#
        let (result, pdf, dir) = try render(doc, data: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let docPath = dir.appendingPathComponent("doc.md").path
        let dataPath = dir.appendingPathComponent("data.json").path
        XCTAssertEqual(result.stderr, """
        folio: warning: \(docPath):1:6: no field 'name' in \(dataPath)
        folio: warning: \(docPath):3:24: no field 'zip' in \(dataPath)

        """)
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let strict = try folio(["render", docPath, "--data", dataPath, "-o", pdf, "--strict"], environment: fixedEpoch)
        XCTAssertNotEqual(strict.status, 0)
        XCTAssertEqual(strict.stderr, """
        folio: error: \(docPath):1:6: no field 'name' in \(dataPath)
        folio: error: \(docPath):3:24: no field 'zip' in \(dataPath)

        """)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), before)
    }

    func testNestingLimitAndSyntaxErrorPositions() throws {
        let deep = "---\ntitle: t\n---\n" + String(repeating: "{{#a}}", count: 2000) + String(repeating: "{{/a}}", count: 2000)
        let (r1, _, dir) = try render(deep, data: "{}")
        XCTAssertEqual(r1.status, 1)
        let docPath = dir.appendingPathComponent("doc.md").path
        XCTAssertEqual(r1.stderr, "folio: error: \(docPath):4:601: sections nested deeper than 100 levels: 'a' opens level 101\n")
        let (r2, _, _) = try render("---\ntitle: t\n---\nab\ncd {{#a}}x{{/b}}\n", data: "{}", in: dir)
        XCTAssertEqual(r2.stderr, "folio: error: \(docPath):5:14: this closing tag does not match the section open here\n")
    }

    func testDataFromStandardInput() throws {
        let dir = try makeTemporaryDirectory()
        let docPath = try write("Hello {{name}}.\n", "doc.md", in: dir)
        let pdf = dir.appendingPathComponent("doc.pdf").path
        let r = try folio(["render", docPath, "--data", "-", "-o", pdf], input: Data(#"{"name": "*Zoe*"}"#.utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try pdfText(pdf).contains("Hello *Zoe*."))
        let yaml = try folio(["render", docPath, "--data", "-", "-o", pdf], input: Data("name: Yan\n".utf8))
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        XCTAssertTrue(try pdfText(pdf).contains("Hello Yan."))
        let both = try folio(["render", "-", "--data", "-", "-o", pdf], input: Data())
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.stderr.contains("--data - reads standard input, so the document cannot be - too"), both.stderr)
    }

    func testPartialsComeFromTheTemplateGivenOrNamedAndDatesAreFormatted() throws {
        let dir = try makeTemporaryDirectory()
        let template = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        _ = try write("extends: default\n", "template.yaml", in: template)
        _ = try write("Signed on {{date(signed)}} by {{name}}.\n", "signature.mustache", in: template)
        let doc = "---\nlang: de-DE\n---\nHello {{name}}.\n\n{{> signature}}\n"
        let data = #"{"name": "*Zoe*", "signed": "2026-11-23T23:30:00-05:00"}"#
        let (given, pdf, _) = try render(doc, data: data, extra: ["-t", template.path], in: dir)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(given.stderr, "")
        let text = try pdfFlatText(pdf)
        XCTAssertTrue(text.contains("Signed on 23. November 2026 by *Zoe*."), text)
        // Named by the front matter, relative to the document.
        let (named, again, _) = try render("---\ntemplate: mine\n---\n{{> signature}}\n", data: data, in: dir)
        XCTAssertEqual(named.status, 0, named.stderr)
        let second = try pdfFlatText(again)
        XCTAssertTrue(second.contains("Signed on November 23, 2026 by *Zoe*."), second)
        // The built-in default has no such partial: an error at the tag, nothing written.
        try? FileManager.default.removeItem(atPath: again)
        let (missing, none, _) = try render("Text.\n\n{{> signature}}\n", data: data, in: dir)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("doc.md:3:1: no partial 'signature': no signature.mustache or signature.md in built-in template 'default'"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: none))
    }

    func testHelpDocumentsDataAndStrict() throws {
        let help = try folio(["render", "--help"]).stdout
        XCTAssertTrue(help.contains("--data <file>"), help)
        XCTAssertTrue(help.contains("--strict"), help)
        XCTAssertTrue(help.contains("{{currency(x)}}"), help)
        XCTAssertTrue(help.contains("{{date(x)}}"), help)
        XCTAssertTrue(help.contains("{{> name}}"), help)
        XCTAssertTrue(help.contains("mail merge"), help)
    }
}
