import FolioMarkup
import Foundation
import XCTest

/// template.yaml read as text into a `Template`: every key and the forms its values take,
/// `extends`, and every mistake named at its file, line and column. No file system: a
/// template read from a folder (its fonts and images, its name) is `TemplateFolderTests`'s
/// business; the `typesetting:` block is `TemplateTypesettingTests`'s.
final class TemplateReaderTests: XCTestCase {
    private func load(_ yaml: String) throws -> Template {
        try TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil)
    }

    /// The error of loading `yaml` begins with `t/template.yaml:LINE:COLUMN: ` and `reason`.
    private func assertError(_ yaml: String, at place: String, _ reason: String, line: UInt = #line) {
        XCTAssertThrowsError(try load(yaml), line: line) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:\(place): \(reason)"), "\(error)", line: line)
        }
    }

    // MARK: What is read

    /// The README's schema, every key set to something other than its default.
    func testEveryKeyIsRead() throws {
        let t = try load("""
        name: book
        summary: "A5 novel: one column, mirrored margins, running heads, folios"
        page:
          size: a5
          margins: {top: 18mm, bottom: 22mm, inner: 20mm, outer: 15mm}
          mirrored: true
          columns: 3
          gutter: 5mm
          column-rule: {width: 0.5pt, color: "#999"}
          span-gap: 12pt
          numbering: Roman
          first-number: 3
        scale: 1.25
        section-level: 2
        ornament: "⁂"
        variables: {publisher: "Folio Press"}
        masters:
          default: {frames: []}
          first:
            frames: []
          opening:
            margins: 30mm
            columns: 2
            gutter: 1cm
            column-rule: none
          right:
            frames:
              - {x: 15mm, y: 8mm, width: 118mm, height: 10pt, text: "{section}", style: running-head}
              - {x: -25mm, y: -20mm, width: 10mm, height: 10mm, image: logo.png}
        styles:
          body: {font: "DejaVu Serif", size: 10pt, leading: 13pt, align: justify, hyphenate: true, indent: 1.5em}
          body-first: {parent: body, indent: 0}
          heading-1: {size: 18pt, weight: bold, keep-with-next: true, next: body-first}
          smallcaps: {kind: character, small-caps: true}
          alarm: {kind: character, color: red}
        rules:
          - {pattern: "\\\\b[A-Z]{2,}\\\\b", style: alarm}
          - {pattern: "~([^~]+)~", replace: "$1", style: smallcaps}
        """)
        let mm = 72 / 25.4
        XCTAssertEqual(t.name, "book")
        XCTAssertEqual(t.summary, "A5 novel: one column, mirrored margins, running heads, folios")
        XCTAssertEqual(t.sourcePath, "t/template.yaml")
        XCTAssertNil(t.directory, "read as text: no folder")
        XCTAssertEqual(t.pageSize, PaperSize.named["a5"])
        XCTAssertEqual(t.margins.top, 18 * mm, accuracy: 1e-9)
        XCTAssertEqual(t.margins.bottom, 22 * mm, accuracy: 1e-9)
        XCTAssertEqual(t.margins.inner, 20 * mm, accuracy: 1e-9)
        XCTAssertEqual(t.margins.outer, 15 * mm, accuracy: 1e-9)
        XCTAssertTrue(t.mirrored)
        XCTAssertEqual(t.columns, 3)
        XCTAssertEqual(t.gutter, 5 * mm, accuracy: 1e-9)
        XCTAssertEqual(t.columnRule, ColumnRule(width: 0.5, color: Color(red: 0.6, green: 0.6, blue: 0.6)))
        XCTAssertEqual(t.spanGap, 12)
        XCTAssertEqual(t.numbering, .upperRoman)
        XCTAssertEqual(t.firstPageNumber, 3)
        XCTAssertEqual(t.scale, 1.25)
        XCTAssertEqual(t.sectionLevel, 2)
        XCTAssertEqual(t.ornament, "⁂")
        XCTAssertEqual(t.variables, ["publisher": "Folio Press"])
        XCTAssertEqual(Set(t.masters.keys), ["default", "first", "opening", "right"])
        let opening = try XCTUnwrap(t.masters["opening"])
        XCTAssertEqual(opening.margins, PageMargins(all: 30 * mm))
        XCTAssertEqual(opening.columns, 2)
        XCTAssertEqual(opening.gutter ?? 0, 72 / 2.54, accuracy: 1e-9)
        XCTAssertNil(opening.columnRule)
        let frames = try XCTUnwrap(t.masters["right"]?.frames)
        XCTAssertEqual(frames.count, 2)
        XCTAssertEqual(frames[0].text, "{section}")
        XCTAssertEqual(frames[0].style, "running-head")
        XCTAssertEqual(frames[0].rect.height, 10)
        XCTAssertEqual(frames[0].location, SourceLocation(file: "t/template.yaml", line: 28, column: 9))
        XCTAssertEqual(frames[1].image, "logo.png")
        XCTAssertEqual(frames[1].rect.minX, -25 * mm, accuracy: 1e-9, "negative: from the right edge")
        XCTAssertEqual(frames[1].rect.minY, -20 * mm, accuracy: 1e-9, "negative: from the bottom edge")
        XCTAssertEqual(t.styles["body-first"]?.parent, "body")
        XCTAssertEqual(t.styles["smallcaps"]?.kind, .character)
        XCTAssertEqual(t.styles["heading-1"]?.kind, .paragraph, "paragraph unless said otherwise")
        XCTAssertEqual(t.styles["body"]?.properties.map(\.name), ["font", "size", "leading", "align", "hyphenate", "indent"])
        XCTAssertEqual(t.styles["body"]?.properties.first?.location, SourceLocation(file: "t/template.yaml", line: 31, column: 16))
        XCTAssertEqual(t.rules.map(\.pattern), ["\\b[A-Z]{2,}\\b", "~([^~]+)~"])
        XCTAssertEqual(t.rules.map(\.style), ["alarm", "smallcaps"])
        XCTAssertEqual(t.rules[1].replacement, "$1")
        XCTAssertEqual(t.rules[1].location?.line, 38)
        _ = try StyleSheet(template: t)
    }

    func testPageSizeMarginAndNumberingForms() throws {
        let mm = 72 / 25.4
        for text in ["148mm x 210mm", "148mmx210mm", "\"148mm x 210mm\""] {
            let size = try load("page: {size: \(text)}\n").pageSize
            XCTAssertEqual(size.width, 148 * mm, accuracy: 1e-9, text)
            XCTAssertEqual(size.height, 210 * mm, accuracy: 1e-9, text)
        }
        XCTAssertEqual(try load("page: {size: Letter}\n").pageSize, Size(width: 612, height: 792))
        XCTAssertEqual(try load("page: {margins: 1in}\n").margins, PageMargins(all: 72))
        XCTAssertEqual(try load("page: {margins: {top: 1in, bottom: 2in, left: 3in, right: 4in}}\n").margins,
                       PageMargins(top: 72, bottom: 144, inner: 216, outer: 288))
        XCTAssertEqual(try load("page: {margins: 36}\n").margins, PageMargins(all: 36), "a bare number is points")
        XCTAssertEqual(try load("page: {numbering: roman}\n").numbering, .roman, "lower case: i, ii, iii")
        XCTAssertEqual(try load("page: {numbering: Roman}\n").numbering, .upperRoman)
        XCTAssertEqual(try load("page: {numbering: arabic}\n").numbering, .arabic)
        XCTAssertEqual(try load("name: t\n").pageBackground, .white, "paper is white unless said")
        XCTAssertEqual(try load("page: {background: '#f4ecd8'}\n").pageBackground, Color(hex: "#f4ecd8"))
        XCTAssertEqual(try load("page: {background: navy}\n").pageBackground, Color(red: 0, green: 0, blue: 0.5))
        XCTAssertNil(try load("page: {background: none}\n").pageBackground)
        XCTAssertNil(try load("page: {background: Transparent}\n").pageBackground)
        XCTAssertNil(try load("extends: default\npage: {background: none}\n").pageBackground, "an extension may clear it")
    }

    func testATemplateWithoutANameIsCalledAfterItsFolderEvenWhenItExtendsABuiltIn() throws {
        let extending = try TemplateLoader.load(yaml: "extends: default\n", path: "x/mine/template.yaml", directory: "x/mine")
        XCTAssertEqual(extending.name, "mine", "not 'default': that would say it is the built-in")
        XCTAssertEqual(try TemplateLoader.load(yaml: "scale: 1.1\n", path: "x/own/template.yaml", directory: "x/own").name, "own")
        XCTAssertEqual(try load("scale: 1.1\n").name, "template", "made from text, with no folder")
    }

    func testExtendsTakesABuiltinAndChangesWhatDiffers() throws {
        let t = try load("name: bigger\nextends: default\nscale: 2\nstyles:\n  body: {color: '#333'}\n")
        let base = try BuiltinTemplates.template(named: "default")
        XCTAssertEqual(t.name, "bigger")
        XCTAssertEqual(t.pageSize, base.pageSize)
        XCTAssertEqual(t.margins, base.margins)
        XCTAssertEqual(t.masters["default"]?.frames.map(\.text), base.masters["default"]?.frames.map(\.text), "the built-in's frames kept")
        let sheet = try StyleSheet(template: t), baseSheet = try StyleSheet(template: base)
        let body = try sheet.paragraphStyle(named: "body", at: nil), baseBody = try baseSheet.paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(body.attributes.font!.size, 2 * baseBody.attributes.font!.size, accuracy: 1e-9)
        XCTAssertEqual(body.attributes.foregroundColor, Color(hex: "#333"))
        XCTAssertEqual(body.attributes.font?.families, baseBody.attributes.font?.families, "settings not made here are kept")
        XCTAssertEqual(body.paragraph.alignment, baseBody.paragraph.alignment, "settings not made here are kept")
    }

    // MARK: Mistakes, at their place

    func testYAMLAndStructureErrors() {
        assertError("name: t\npage: [a4\n", at: "3:1", "not valid YAML")
        assertError("name: t\nname: u\n", at: "1:1", "'name' set more than once")
        assertError("name: t\ncolums: 2\n", at: "2:1", "unknown key 'colums' in a template")
        assertError("name: t\npage: {size: a4, colums: 2}\n", at: "2:18", "unknown key 'colums' in page (did you mean 'columns'?)")
        assertError("- a\n- b\n", at: "1:1", "a template is a mapping")
        assertError("name: t\npage: a4\n", at: "2:7", "page must be a mapping")
        assertError("name: t\nfonts: fonts/a.ttf\n", at: "2:8", "expected a list")
        assertError("name: [a, b]\n", at: "1:7", "expected a single value here")
        assertError("name: t\nstyles:\n  body: 10pt\n", at: "3:9", "style 'body' must be a mapping")
        assertError("name: t\nstyles:\n  x: {kind: span}\n", at: "3:13", "kind is paragraph or character, not 'span'")
        assertError("name: t\nstyles:\n  body: {size: 10pt, colr: red}\n", at: "3:22", "unknown style property 'colr' (did you mean 'color'?)")
        assertError("name: t\nvariables: [a]\n", at: "2:12", "variables must be 'name: value' pairs")
        assertError("name: t\nextends: nosuch\n", at: "2:10", "extends unknown built-in 'nosuch'")
    }

    func testValueErrors() {
        assertError("page:\n  size: huge\n", at: "2:9", "'huge' is not a paper size")
        assertError("page:\n  margins: {top: 2furlongs}\n", at: "2:18", "'2furlongs' is not a length")
        assertError("page:\n  margins: {top: -1mm}\n", at: "2:18", "margins cannot be negative")
        assertError("page:\n  margins: {middle: 1mm}\n", at: "2:13", "unknown key 'middle' in margins")
        assertError("page:\n  gutter: wide\n", at: "2:11", "'wide' is not a length")
        assertError("page:\n  columns: 0\n", at: "2:12", "columns must be a whole number from 1 to 12")
        assertError("page:\n  mirrored: perhaps\n", at: "2:13", "expected true or false")
        assertError("page:\n  numbering: greek\n", at: "2:14", "numbering is arabic, roman or Roman, not 'greek'")
        assertError("page:\n  first-number: one\n", at: "2:17", "first-number must be a whole number")
        assertError("page:\n  column-rule: {width: 1pt, color: blu}\n", at: "2:36", "'blu' is not a colour")
        assertError("page:\n  background: papyrus\n", at: "2:15", "a page's background is a colour (white, \"#fdf8ec\") or none for transparent pages, not 'papyrus'")
        assertError("page:\n  background: [white]\n", at: "2:15", "expected a single value here")
        assertError("page:\n  background: #fdf8ec\n", at: "2:14", "a page's background needs a value: a colour (white, or \"#fdf8ec\" in quotes")
        assertError("scale: 0\n", at: "1:8", "scale must be a number above 0")
        assertError("scale: big\n", at: "1:8", "'big' is not a number")
        assertError("section-level: 9\n", at: "1:16", "section-level must be a heading level from 1 to 6")
    }

    func testMasterFrameAndRuleErrors() {
        assertError("masters:\n  odd: {frames: []}\n", at: "2:3", "unknown master 'odd': masters are default, first, left, right, opening")
        assertError("masters:\n  left: {frames: [], colour: red}\n", at: "2:22", "unknown key 'colour' in a master")
        assertError("masters:\n  left: []\n", at: "2:9", "master 'left' must be a mapping")
        assertError("masters:\n  default:\n    frames:\n      - {y: 0, width: 10, height: 10, text: x}\n",
                    at: "4:9", "a frame needs x")
        assertError("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10}\n",
                    at: "4:9", "a frame needs text:, image: or fill:")
        assertError("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 0, height: 10, text: x}\n",
                    at: "4:9", "a frame needs a positive width and height")
        assertError("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10, text: x, font: Gentium}\n",
                    at: "4:54", "unknown key 'font' in a frame")
        assertError("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10, text: x, style: footr}\n",
                    at: "4:9", "frame style 'footr' is not a style of this template (did you mean 'footer'?)")
        assertError("masters:\n  default:\n    frames:\n      - {x: 0, y: 0, width: 10, height: 10, text: x, style: strong}\n",
                    at: "4:9", "frame style 'strong' is a character style")
        assertError("rules:\n  - {pattern: \"(\", style: strong}\n", at: "2:15", "'(' is not a valid regular expression")
        assertError("rules:\n  - {pattern: a, style: shout}\n", at: "2:5", "rule style 'shout' is not a style of this template")
        assertError("rules:\n  - {pattern: a, style: quote}\n", at: "2:5", "rule style 'quote' is a paragraph style")
        assertError("rules:\n  - {pattern: a}\n", at: "2:5", "a rule needs a pattern and a style")
        assertError("rules:\n  - {pattern: a, style: strong, with: b}\n", at: "2:33", "unknown key 'with' in a rule")
        assertError("styles:\n  body: {size: 10pt}\n  heading-1:\n    next: bdy-first\n",
                    at: "4:11", "style 'heading-1' names unknown style 'bdy-first' as next (did you mean 'body-first'?)")
    }

    /// Reading keeps a style's settings as written; resolving them (parents, values) is
    /// the style sheet's job, and its errors still point into template.yaml.
    func testStyleMistakesAreLeftToTheStyleSheet() throws {
        let cycle = try load("styles:\n  body: {size: 10pt}\n  a: {parent: b}\n  b: {parent: a}\n")
        XCTAssertThrowsError(try StyleSheet(template: cycle)) {
            XCTAssertTrue("\($0)".hasPrefix("t/template.yaml:3:3: styles inherit from each other in a circle"), "\($0)")
        }
        let unknown = try load("styles:\n  body: {size: 10pt}\n  a: {parent: nosuch}\n")
        XCTAssertThrowsError(try StyleSheet(template: unknown)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:3:3: style 'a' inherits from unknown style 'nosuch'"), "\(error)")
        }
        let badValue = try load("styles:\n  body: {size: 10pt, align: sideways}\n")
        XCTAssertThrowsError(try StyleSheet(template: badValue)) { error in
            XCTAssertTrue("\(error)".hasPrefix("t/template.yaml:2:29: 'sideways' is not one of"), "\(error)")
        }
    }
}
