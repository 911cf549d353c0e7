import FolioMarkup
import Foundation
import XCTest

/// template.yaml in, `Template` out — and every mistake named by file, line and column.
final class TemplateReaderTests: XCTestCase {
    private func load(_ yaml: String) throws -> Template {
        try TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil)
    }

    private func assertError(_ yaml: String, _ place: String, _ words: String, line: UInt = #line) {
        XCTAssertThrowsError(try load(yaml), line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("t/template.yaml:\(place)"), "\(text)", line: line)
            XCTAssertTrue(text.contains(words), "\(text)", line: line)
        }
    }

    func testEverySectionIsRead() throws {
        let t = try load("""
        name: mine
        summary: "A test"
        page:
          size: 148mm x 210mm
          margins: {top: 10mm, bottom: 12mm, inner: 20mm, outer: 15mm}
          mirrored: true
          columns: 3
          gutter: 4mm
          column-rule: {width: 1pt, color: "#ff0000"}
          numbering: roman
          first-number: 5
        scale: 1.25
        section-level: 2
        ornament: "* * *"
        variables: {publisher: Folio Press}
        masters:
          right:
            columns: 2
            frames:
              - {x: 10mm, y: -8mm, width: 50mm, height: 10pt, text: "{page}", style: footer}
        styles:
          body: {size: 10pt}
          shout: {kind: character, weight: bold}
        rules:
          - {pattern: "\\\\b[A-Z]{2,}\\\\b", style: shout}
        """)
        XCTAssertEqual(t.name, "mine")
        XCTAssertEqual(t.pageSize.width, 419.53, accuracy: 0.01)
        XCTAssertEqual(t.margins.inner, 20 * 72 / 25.4, accuracy: 1e-9)
        XCTAssertTrue(t.mirrored)
        XCTAssertEqual(t.columns, 3)
        XCTAssertEqual(t.columnRule, ColumnRule(width: 1, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(t.numbering, .roman)
        XCTAssertEqual(t.firstPageNumber, 5)
        XCTAssertEqual(t.scale, 1.25)
        XCTAssertEqual(t.ornament, "* * *")
        XCTAssertEqual(t.variables["publisher"], "Folio Press")
        XCTAssertEqual(t.masters["right"]?.columns, 2)
        XCTAssertEqual(t.masters["right"]?.frames.first?.rect.minY ?? 0, -8 * 72 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(t.styles["shout"]?.kind, .character)
        XCTAssertEqual(t.rules.first?.style, "shout")
    }

    func testErrorsNameTheirPlace() {
        assertError("name: t\npage: {size: a4, colums: 2}\n", "2:", "unknown key 'colums' in page (did you mean 'columns'?)")
        assertError("name: t\npage:\n  size: huge\n", "3:9", "'huge' is not a paper size")
        assertError("name: t\npage:\n  margins: {top: 2furlongs}\n", "3:18", "'2furlongs' is not a length")
        assertError("name: t\nstyles:\n  body: {size: 10pt, colr: red}\n", "3:22", "unknown style property 'colr' (did you mean 'color'?)")
        assertError("name: t\nmasters:\n  odd: {frames: []}\n", "3:3", "unknown master 'odd'")
        assertError("name: t\nmasters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10, text: x, style: nosuch}\n",
                    "5:9", "frame style 'nosuch' is not a style of this template")
        assertError("name: t\nrules:\n  - {pattern: \"(\", style: strong}\n", "3:15", "not a valid regular expression")
        assertError("name: t\npage: [a4\n", "", "not valid YAML")
        assertError("name: t\nextends: nosuch\n", "2:10", "extends unknown built-in 'nosuch'")
    }

    func testStyleErrorsComeFromTheStyleSheet() throws {
        let cycle = try load("styles:\n  body: {size: 10pt}\n  a: {parent: b}\n  b: {parent: a}\n")
        XCTAssertThrowsError(try StyleSheet(template: cycle)) { XCTAssertTrue("\($0)".contains("in a circle"), "\($0)") }
        let unknown = try load("styles:\n  body: {size: 10pt}\n  a: {parent: nosuch}\n")
        XCTAssertThrowsError(try StyleSheet(template: unknown)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:3:3: style 'a' inherits from unknown style 'nosuch'"), "\(error)")
        }
        let badValue = try load("styles:\n  body: {size: 10pt, align: sideways}\n")
        XCTAssertThrowsError(try StyleSheet(template: badValue)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:2:29: 'sideways' is not one of"), "\(error)")
        }
    }

    func testExtendsTakesABuiltinAndChangesWhatDiffers() throws {
        let t = try load("name: bigger\nextends: default\nscale: 2\nstyles:\n  body: {color: '#333'}\n")
        let base = try BuiltinTemplates.template(named: "default")
        XCTAssertEqual(t.name, "bigger")
        XCTAssertEqual(t.pageSize, base.pageSize)
        let sheet = try StyleSheet(template: t), baseSheet = try StyleSheet(template: base)
        let body = try sheet.paragraphStyle(named: "body", at: nil), baseBody = try baseSheet.paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(body.attributes.font!.size, 2 * baseBody.attributes.font!.size, accuracy: 1e-9)
        XCTAssertEqual(body.attributes.foregroundColor, Color(hex: "#333"))
        XCTAssertEqual(body.attributes.font?.families, baseBody.attributes.font?.families, "settings not made here are kept")
    }

    func testBundledFontsAreLoadedAndUsableByName() throws {
        // A copy of DejaVu Sans renamed in its name table: a family no system has.
        var data = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        for (from, to) in [("DejaVu Sans", "Folio Testy")] {
            let ascii = (Data(from.utf8), Data(to.utf8))
            let utf16 = (Data(from.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
                         Data(to.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
            for (a, b) in [ascii, utf16] {
                var start = data.startIndex
                while let r = data.range(of: a, in: start..<data.endIndex) { data.replaceSubrange(r, with: b); start = r.upperBound }
            }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try data.write(to: dir.appendingPathComponent("fonts/testy.ttf"))
        try "name: t\nfonts: [fonts/testy.ttf]\nstyles:\n  body: {font: Folio Testy, size: 10pt}\n"
            .write(to: dir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        XCTAssertFalse(FontCatalog.isInstalled("Folio Testy"))
        _ = try TemplateLoader.load(directory: dir.path)
        XCTAssertTrue(FontCatalog.isInstalled("Folio Testy"))
        XCTAssertEqual(FontCatalog.resolvedFamily(for: FontDescriptor(family: "Folio Testy", size: 10)), "Folio Testy")

        try "name: t\nfonts: [fonts/missing.ttf]\n".write(to: dir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TemplateLoader.load(directory: dir.path)) { error in
            XCTAssertTrue("\(error)".contains("template.yaml:2:9: font file 'fonts/missing.ttf' not found"), "\(error)")
        }
    }

    func testBuiltinsAreEmbedded() throws {
        XCTAssertEqual(BuiltinTemplates.names, ["default", "book", "large-print", "newspaper", "report", "two-column"])
        for name in BuiltinTemplates.names {
            XCTAssertNotNil(BuiltinTemplates.files(of: name)["template.yaml"], name)
            let t = try BuiltinTemplates.template(named: name)
            XCTAssertFalse(t.summary.isEmpty, name)
            _ = try StyleSheet(template: t)
        }
        XCTAssertNotNil(BuiltinTemplates.files(of: "report")["logo.png"])
        XCTAssertEqual(try BuiltinTemplates.template(named: "large-print").scale, 1.5)
    }
}

extension TemplateReaderTests {
    func testAFolderNamedLikeABuiltinIsNotMistakenForIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-resolve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("book"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(dir.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        // ./book holds no template.yaml: `book` is still the built-in …
        XCTAssertEqual(try TemplateResolver.resolve("book").name, "book")
        // … but a path to it says what is missing.
        XCTAssertThrowsError(try TemplateResolver.resolve("./book")) { XCTAssertTrue("\($0)".contains("template.yaml"), "\($0)") }
        try "name: mine\n".write(to: dir.appendingPathComponent("book/template.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TemplateResolver.resolve("book").name, "mine", "a folder holding a template wins")
    }
}
