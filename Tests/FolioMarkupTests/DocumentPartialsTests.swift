import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// `{{> name}}`: partials read from the template's folder (or a built-in's), escaped as
/// where they are included, checked against the data at their own file's lines, nested at
/// most ten deep; missing partials and names that would leave the folder refused at
/// their tag.
final class DocumentPartialsTests: XCTestCase {
    private var dir: URL!
    private var template: URL { dir.appendingPathComponent("tpl") }

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("folio-partials")
        try FileManager.default.createDirectory(at: template.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try "extends: default\n".write(to: template.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func partial(_ name: String, _ text: String) throws {
        try text.write(to: template.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func data(_ json: String) throws -> DataValue {
        try DataLoader.load(data: Data(json.utf8), format: .json, file: "data.json")
    }

    /// `text` (as `doc.md` in the test folder) parsed with the test template (or `name`)
    /// and rendered with `json`: the text and the problems.
    private func render(_ text: String, _ json: String = "{}", template name: String? = nil) throws -> (text: String, problems: [String]) {
        let parsed = try ParsedDocumentTemplate(text, file: dir.appendingPathComponent("doc.md").path, dataFile: "data.json",
                                                template: name ?? template.path)
        let record = try data(json)
        return (parsed.render(record), parsed.problems(with: record).map(\.description))
    }

    /// The message parsing `text` throws.
    private func failure(_ text: String, template name: String? = nil, line: UInt = #line) -> String {
        do {
            _ = try ParsedDocumentTemplate(text, file: "doc.md", dataFile: "data.json", template: name ?? template.path)
            XCTFail("parsed", line: line)
        } catch { return "\(error)" }
        return ""
    }

    func testPartialsComeFromTheTemplatesFolderEscapedAsMarkdown() throws {
        try partial("greeting.mustache", "Dear {{name}},\n")
        try partial("parts/footer.md", "*{{company}}* {{{raw}}}")
        let r = try render("{{> greeting}}\nText.\n\n{{>parts/footer}}\n", #"{"name": "Ann *B*", "company": "A_B", "raw": "**x**"}"#)
        // A standalone tag's line break goes with it (the partial's own last line has none).
        XCTAssertEqual(r.text, "Dear Ann \\*B\\*,\nText.\n\n*A\\_B* **x**")
        XCTAssertEqual(r.problems, [])
    }

    func testAStandalonePartialIsIndentedAndAPartialInTheFrontMatterIsEscapedForYAML() throws {
        try partial("item.mustache", "- {{name}}\n")
        try partial("title.mustache", "Letter to {{name}}")
        let r = try render("---\ntitle: \"{{> title}}\"\n---\n{{#people}}\n  {{> item}}\n{{/people}}\n",
                           #"{"name": "A \"B\"", "people": [{"name": "x*"}, {"name": "y"}]}"#)
        XCTAssertEqual(r.text, "---\ntitle: \"Letter to A \\\"B\\\"\"\n---\n  - x\\*\n  - y\n")
        XCTAssertEqual(try MarkdownReader.parse(r.text, file: "doc.md").frontMatter.title, "Letter to A \"B\"")
    }

    func testFieldsInAPartialAreCheckedAtTheirOwnLines() throws {
        try partial("footer.mustache", "Line one\n{{#items}}{{nmae}}{{/items}} {{currency(total)}}\n")
        let r = try render("{{nope}}\n{{> footer}}\n", #"{"items": [{"name": 1}], "total": "much"}"#)
        let footer = template.appendingPathComponent("footer.mustache").path
        XCTAssertEqual(r.problems, [
            "\(dir.appendingPathComponent("doc.md").path):1:1: no field 'nope' in data.json",
            "\(footer):2:11: no field 'nmae' in data.json",
            "\(footer):2:30: 'currency(total)': 'much' is not a number",
        ])
    }

    func testAMissingPartialIsAnErrorAtItsTag() {
        XCTAssertEqual(failure("Text\n  {{> footer}}\n"),
                       "doc.md:2:3: no partial 'footer': no footer.mustache or footer.md in the template's folder (\(template.path))")
        XCTAssertEqual(failure("{{> footer.md}}"),
                       "doc.md:1:1: no partial 'footer.md': no footer.md in the template's folder (\(template.path))")
        XCTAssertEqual(failure("x {{> footer}}", template: "default"),
                       "doc.md:1:3: no partial 'footer': no footer.mustache or footer.md in built-in template 'default'")
    }

    func testNamesThatWouldLeaveTheFolderAreRefused() throws {
        let why = "is not a partial's name: a file name in the template's folder (letters, digits, . - _, and / between folders; no '..', no absolute path)"
        XCTAssertEqual(failure("{{> ../../etc/passwd}}"), "doc.md:1:1: '../../etc/passwd' \(why)")
        XCTAssertEqual(failure("\n{{> /etc/passwd}}"), "doc.md:2:1: '/etc/passwd' \(why)")
        XCTAssertEqual(failure("{{> parts/../../x}}"), "doc.md:1:1: 'parts/../../x' \(why)")
        XCTAssertEqual(failure("{{>*name}}"), "doc.md:1:1: a partial's name must be written out ('*name' is a dynamic name, which is not supported)")
        // A link inside the folder that points out of it.
        try "secret {{x}}".write(to: dir.appendingPathComponent("outside.mustache"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: template.appendingPathComponent("leak.mustache").path,
                                                   withDestinationPath: dir.appendingPathComponent("outside.mustache").path)
        XCTAssertTrue(failure("{{> leak}}").hasPrefix("doc.md:1:1: partial 'leak' leads out of the template's folder (to "), failure("{{> leak}}"))
    }

    func testSyntaxErrorsInAPartialAreAtThePartialsLine() throws {
        try partial("bad.mustache", "ok\nthen {{#a}}x{{/b}}\n")
        XCTAssertEqual(failure("{{> bad}}"), "\(template.appendingPathComponent("bad.mustache").path):2:16: this closing tag does not match the section open here")
    }

    func testRecursionStopsTenLevelsDeepWithAWarning() throws {
        try partial("node.mustache", "[{{name}}{{#children}}{{> node}}{{/children}}]")
        // A tree four deep renders whole.
        let tree = #"{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": [{"name": "d", "children": []}]}]}]}"#
        let r = try render("{{> node}}", tree)
        XCTAssertEqual(r.text, "[a[b[c[d]]]]")
        XCTAssertEqual(r.problems, [])
        // `loop` finds `again` in the data at every level: Mustache would recurse forever.
        try partial("loop.mustache", "x{{#again}}{{> loop}}{{/again}}")
        let endless = try render("{{> loop}}", #"{"again": true}"#)
        XCTAssertEqual(endless.text, String(repeating: "x", count: 10))
        XCTAssertEqual(endless.problems, ["\(template.appendingPathComponent("loop.mustache").path):1:12: partial 'loop' would be included more than 10 levels deep; the deeper levels are left out"])
    }

    func testSectionsNestedThroughPartialsCountTowardsTheLimit() throws {
        try partial("deep.mustache", String(repeating: "{{#a}}", count: 60) + "{{> deeper}}" + String(repeating: "{{/a}}", count: 60))
        try partial("deeper.mustache", String(repeating: "{{#a}}", count: 41) + "x" + String(repeating: "{{/a}}", count: 41))
        XCTAssertEqual(failure("text\n{{#a}}{{> deep}}{{/a}}"),
                       "doc.md:2:7: sections nested deeper than 100 levels through partial 'deep' (102 with what it includes)")
        try partial("deeper.mustache", String(repeating: "{{#a}}", count: 39) + "x" + String(repeating: "{{/a}}", count: 39))
        XCTAssertEqual(try render("{{#a}}{{> deep}}{{/a}}", #"{"a": true}"#).text, "x")
    }

    func testABuiltInTemplateCarriesItsPartials() throws {
        let named = try render("{{> salutation}}\n\nText.", #"{"salutation": "Dr Brennan"}"#, template: "letter")
        XCTAssertEqual(named.text, "Dear Dr Brennan,\n\nText.")
        let none = try render("{{> salutation}}\n", #"{"salutation": null}"#, template: "letter")
        XCTAssertEqual(none.text, "Dear Sir or Madam,\n")
        // Messages name the built-in's file as it is in Templates/ (and in an export).
        let missing = try render("{{> salutation}}\n", "{}", template: "letter")
        XCTAssertEqual(missing.problems, ["letter/salutation.mustache:1:1: no field 'salutation' in data.json",
                                          "letter/salutation.mustache:1:51: no field 'salutation' in data.json"])
    }

    func testTheFrontMattersTemplateNamesTheFolderRelativeToTheDocument() throws {
        try partial("sign.mustache", "Yours, {{name}}")
        let text = "---\ntemplate: tpl\n---\n{{> sign}}"
        let parsed = try ParsedDocumentTemplate(text, file: dir.appendingPathComponent("doc.md").path, dataFile: "data.json")
        XCTAssertEqual(parsed.render(try data(#"{"name": "Bo"}"#)), "---\ntemplate: tpl\n---\nYours, Bo")
        XCTAssertThrowsError(try ParsedDocumentTemplate("---\ntemplate: \"{{t}}\"\n---\n{{> sign}}", file: "doc.md", dataFile: "d")) {
            XCTAssertEqual("\($0)", "doc.md:2:11: partials need the template named as written, not by a tag ('{{t}}')")
        }
        // Without a partial tag, the template is never looked for.
        XCTAssertNoThrow(try ParsedDocumentTemplate("---\ntemplate: nosuch\n---\n{{x}}", file: "doc.md", dataFile: "d"))
    }
}
