import FolioMarkup
import Foundation
import XCTest

/// A document filled from one data record: escaping, front matter, sections, formatters,
/// the check for missing fields, the nesting limit and syntax error positions.
final class DocumentTemplateTests: XCTestCase {
    private func data(_ json: String) throws -> DataValue {
        try DataLoader.load(data: Data(json.utf8), format: .json, file: "data.json")
    }

    private func render(_ text: String, _ json: String, strict: Bool = false) throws -> (text: String, warnings: [String]) {
        try DocumentTemplate.render(text, data: data(json), file: "doc.md", dataFile: "data.json", strict: strict)
    }

    /// The message `render` throws.
    private func failure(_ text: String, _ json: String = "{}", strict: Bool = false, line: UInt = #line) -> String {
        do {
            let r = try render(text, json, strict: strict)
            XCTFail("rendered \(r.text)", line: line)
        } catch { return "\(error)" }
        return ""
    }

    func testEveryASCIIPunctuationCharacterIsEscaped() {
        let punctuation = ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##
        let escaped = MarkdownContentType().escapeText("a" + punctuation + "1")
        XCTAssertEqual(escaped, "a" + punctuation.map { "\\\($0)" }.joined() + "1")
        XCTAssertEqual(MarkdownContentType().escapeText("plain words, é"), "plain words\\, é")
    }

    func testLineBreaksInAValueAreHardBreaksThatCannotStartABlock() {
        let t = MarkdownContentType()
        XCTAssertEqual(t.escapeText("1 Main St\n# Springfield\r\n    12345"), "1 Main St\\\n\\# Springfield\\\n12345")
        XCTAssertEqual(t.escapeText("\n\na\n\nb\n"), "a\\\n\\\nb")
        XCTAssertEqual(t.escapeText("1. item"), "1\\. item")
        XCTAssertEqual(t.escapeText("    code"), "code")
    }

    func testFrontMatterFieldsAreFilledAndEscapedForYAML() throws {
        let r = try render("---\ntitle: \"Invoice {{number}}\"\n---\n# {{number}}\n", #"{"number": "A\"1\n*"}"#)
        XCTAssertEqual(r.text, "---\ntitle: \"Invoice A\\\"1\\n*\"\n---\n# A\\\"1\\\n\\*\n")
        let doc = try MarkdownReader.parse(r.text, file: "doc.md")
        XCTAssertEqual(doc.frontMatter.title, "Invoice A\"1\n*")
    }

    func testSectionsLoopsAndInvertedSections() throws {
        let text = "Items:\n{{#items}}\n- {{name}} | {{qty}} | {{currency(price)}}\n{{/items}}\n{{^items}}none{{/items}}{{^notes}}no notes{{/notes}}{{#vip}} VIP{{/vip}}\n"
        let r = try render(text, #"{"items": [{"name": "Pen", "qty": 2, "price": "1.5"}, {"name": "Ink", "qty": 1, "price": 12}], "notes": [], "vip": false}"#)
        XCTAssertEqual(r.text, "Items:\n- Pen | 2 | \\$1\\.50\n- Ink | 1 | \\$12\\.00\nno notes\n")
        XCTAssertEqual(r.warnings, [])
    }

    func testFormattersInTwoLocales() throws {
        let json = #"{"total": 1234.5, "rate": 0.125, "big": 1234567.50, "price": "12.50", "half": 0.125}"#
        let body = "{{{currency(total)}}} {{{percent(rate)}}} {{{number(big)}}} {{{number(price)}}} {{{currency(half)}}}"
        XCTAssertEqual(try render("---\ntitle: t\n---\n" + body, json).text, "---\ntitle: t\n---\n$1,234.50 12.5% 1,234,567.50 12.50 $0.13")
        XCTAssertEqual(try render("---\nlang: en-US\ncurrency: EUR\n---\n{{{currency(total)}}}", json).text, "---\nlang: en-US\ncurrency: EUR\n---\n€1,234.50")
        let de = try render("---\nlang: de-DE\ncurrency: EUR\n---\n" + body, json).text
        XCTAssertEqual(de, "---\nlang: de-DE\ncurrency: EUR\n---\n1.234,50\u{A0}€ 12,5\u{A0}% 1.234.567,50 12,50 0,13\u{A0}€")
    }

    func testMissingFieldsAreWarningsWithLineAndColumn() throws {
        let text = "Dear {{name}},\n{{#customer}}\n  {{city}} {{zip}} {{name}} {{.nope}}\n{{/customer}}\n{{#absent}}{{inside}}{{/absent}}{{currency(name)}}\n"
        let r = try render(text, #"{"name": "Ann", "customer": {"city": "Rome", "zip": null}}"#)
        XCTAssertEqual(r.warnings, [
            "doc.md:3:29: no field '.nope' in data.json",
            "doc.md:5:1: no field 'absent' in data.json",
            "doc.md:5:33: 'currency(name)': 'Ann' is not a number",
        ])
        XCTAssertEqual(failure(text, #"{"name": "Ann", "customer": {"city": "Rome", "zip": null}}"#, strict: true),
                       r.warnings.joined(separator: "\n"))
    }

    func testWarningsInALoopComeOncePerTag() throws {
        let r = try render("{{#items}}{{nmae}}{{/items}}", #"{"items": [{"name": 1}, {"name": 2}]}"#)
        XCTAssertEqual(r.warnings, ["doc.md:1:11: no field 'nmae' in data.json"])
    }

    func testNestingDeeperThan100IsRefused() throws {
        let ok = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        XCTAssertEqual(try render(ok, #"{"a": true}"#).text, "x")
        let deep = "\n" + String(repeating: "{{#a}}", count: 5000) + "x" + String(repeating: "{{/a}}", count: 5000)
        XCTAssertEqual(failure(deep), "doc.md:2:601: sections nested deeper than 100 levels: 'a' opens level 101")
    }

    func testSyntaxErrorsAreAtTheirDocumentLine() {
        XCTAssertEqual(failure("ab\ncd {{#a}}x{{/b}}"), "doc.md:2:14: this closing tag does not match the section open here")
        XCTAssertEqual(failure("---\ntitle: t\n---\nab\ncd {{#a}}x{{/b}}"), "doc.md:5:14: this closing tag does not match the section open here")
        XCTAssertEqual(failure("ab\ncd {{name\n"), "doc.md:2:4: this tag is never closed (no '}}' after it)")
        XCTAssertEqual(failure("a\n{{#open}}\nb\n"), "doc.md:4:1: a section is never closed: end it with {{/name}}")
    }

    func testATransformResultAndAValueAreNeverParsedAsTags() throws {
        let r = try render("{{v}} {{{v}}} {{uppercased(v)}}", #"{"v": "{{z}}"}"#)
        XCTAssertEqual(r.text, "\\{\\{z\\}\\} {{z}} \\{\\{Z\\}\\}")
    }
}
