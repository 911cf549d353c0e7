import FolioMarkup
import Foundation
import XCTest

/// Styles resolved: inheritance, the body as everyone's parent, scale, em lengths,
/// the standard styles derived from the body, and errors at their place.
final class StyleSheetTests: XCTestCase {
    private func sheet(_ yaml: String) throws -> StyleSheet {
        try StyleSheet(template: TemplateLoader.load(yaml: yaml, path: "t/template.yaml", directory: nil))
    }

    private func style(_ name: String, in sheet: StyleSheet) throws -> ResolvedStyle {
        try XCTUnwrap(sheet.style(name), name)
    }

    private func assertSheetError(_ yaml: String, _ prefix: String, line: UInt = #line) {
        XCTAssertThrowsError(try sheet(yaml), line: line) { error in
            XCTAssertTrue("\(error)".hasPrefix(prefix), "\(error)", line: line)
        }
    }

    func testThreeLevelsInheritAndOverrideByName() throws {
        let s = try sheet("""
        styles:
          body: {font: "Gentium, DejaVu Serif", size: 10pt, leading: 13pt, color: red, align: justify}
          a: {parent: body, size: 12pt, leading: 15pt, space-after: 4pt}
          b: {parent: a, weight: bold, color: blue}
        """)
        let b = try style("b", in: s), a = try style("a", in: s)
        XCTAssertEqual(b.attributes.font?.families, ["Gentium", "DejaVu Serif"], "from body, two levels up")
        XCTAssertEqual(b.attributes.font?.size, 12, "from a")
        XCTAssertEqual(b.attributes.font?.weight, .bold, "its own")
        XCTAssertEqual(b.attributes.foregroundColor, Color(red: 0, green: 0, blue: 1), "overrides body's")
        XCTAssertEqual(a.attributes.foregroundColor, Color(red: 1, green: 0, blue: 0), "a child does not change its parent")
        XCTAssertEqual(b.paragraph.alignment, .justified)
        XCTAssertEqual(b.paragraph.minimumLineHeight, 15)
        XCTAssertEqual(b.paragraph.paragraphSpacing, 4)
        XCTAssertEqual(b.kind, .paragraph)
    }

    func testAStyleWithoutParentInheritsFromBody() throws {
        let s = try sheet("styles:\n  body: {font: Gentium, size: 11pt, color: '#333'}\n  aside: {style: italic}\n")
        let aside = try style("aside", in: s)
        XCTAssertEqual(aside.attributes.font, FontDescriptor(families: ["Gentium"], size: 11, style: .italic))
        XCTAssertEqual(aside.attributes.foregroundColor, Color(hex: "#333"))
    }

    func testParagraphStylesAlwaysHaveAFont() throws {
        let s = try StyleSheet(template: Template(name: "empty"))
        for name in s.names where s.style(name)?.kind == .paragraph {
            XCTAssertNotNil(s.style(name)?.attributes.font, name)
        }
        // A template with no body at all gets the default one.
        XCTAssertEqual(try s.paragraphStyle(named: "body", at: nil).attributes.font?.families, ["DejaVu Serif"])
    }

    func testEmIsTheStylesOwnInheritedSize() throws {
        let s = try sheet("""
        styles:
          body: {size: 12pt, indent: 1.5em, leading: 15pt}
          big: {size: 2em, space-before: 1em}
        """)
        let body = try style("body", in: s), big = try style("big", in: s)
        XCTAssertEqual(body.paragraph.firstLineHeadIndent, 18)
        XCTAssertEqual(big.attributes.font?.size, 24)
        XCTAssertEqual(big.paragraph.paragraphSpacingBefore, 24, "1em of its own new size")
        XCTAssertEqual(big.paragraph.minimumLineHeight, 30, "a new size keeps the leading's proportion")
        XCTAssertEqual(big.paragraph.firstLineHeadIndent, 18, "an inherited indent keeps its points")
    }

    func testScaleOneAndAHalf() throws {
        let s = try sheet("""
        scale: 1.5
        styles:
          body: {size: 10pt, leading: 12pt, line-height: 1.2, indent: 2pt, head-indent: 4mm, space-after: 6pt}
          heading-1: {size: 16pt, leading: 20pt}
        """)
        let body = try style("body", in: s), h1 = try style("heading-1", in: s)
        XCTAssertEqual(body.attributes.font?.size, 15)
        XCTAssertEqual(body.paragraph.minimumLineHeight, 18)
        XCTAssertEqual(body.paragraph.lineHeightMultiple, 1.2)
        XCTAssertEqual(body.paragraph.headIndent, 1.5 * 4 * 72 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(body.paragraph.firstLineHeadIndent, body.paragraph.headIndent + 3, accuracy: 1e-9)
        XCTAssertEqual(body.paragraph.paragraphSpacing, 9)
        XCTAssertEqual(h1.attributes.font?.size, 24)
        XCTAssertEqual(h1.paragraph.maximumLineHeight, 30)
        // Standard styles derived from the body scale with it.
        XCTAssertEqual(try style("code", in: s).attributes.font?.size ?? 0, 15 * 0.85, accuracy: 1e-9)
    }

    func testCharacterStylesApplyToTheTextTheyAreOn() throws {
        let s = try sheet("""
        styles:
          body: {font: Gentium, size: 10pt}
          big: {kind: character, size: 1.2em, weight: bold}
          red: {kind: character, color: red}
          redbig: {kind: character, parent: big, color: red}
        """)
        let heading = TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 20))
        let applied = s.applying(characterStyle: "big", to: heading)
        XCTAssertEqual(applied.font, FontDescriptor(families: ["DejaVu Sans"], size: 24, weight: .bold), "family kept, size relative")
        XCTAssertEqual(s.applying(characterStyle: "redbig", to: heading).font?.size, 24, "inherited settings come along")
        XCTAssertEqual(s.applying(characterStyle: "redbig", to: heading).foregroundColor, Color(red: 1, green: 0, blue: 0))
        // Applied again (remembered), and on another base, each answer is its base's.
        XCTAssertEqual(s.applying(characterStyle: "big", to: heading), applied)
        let small = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10), foregroundColor: .blue)
        XCTAssertEqual(s.applying(characterStyle: "big", to: small).font, FontDescriptor(families: ["DejaVu Serif"], size: 12, weight: .bold))
        XCTAssertEqual(s.applying(characterStyle: "big", to: small).foregroundColor, .blue)
        XCTAssertEqual(s.applying(characterStyle: "big", to: heading), applied)
        // Its resolved attributes are what it sets, a font only when it sets one (on body text).
        XCTAssertNil(try style("red", in: s).attributes.font)
        XCTAssertEqual(try style("red", in: s).attributes.foregroundColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(try style("big", in: s).attributes.font, FontDescriptor(families: ["Gentium"], size: 12, weight: .bold))
        XCTAssertEqual(try style("big", in: s).kind, .character)
        XCTAssertEqual(try s.attributes([StyleProperty(name: "size", value: "0.5em")], base: heading).font?.size, 10)
        assertSheetError("styles:\n  body: {size: 10pt}\n  c: {kind: character, align: left}\n",
                         "t/template.yaml:3:31: 'align' is a paragraph property; character style 'c' cannot set it")
    }

    func testStandardStylesComeFromTheBody() throws {
        let s = try sheet("styles:\n  body: {font: Gentium, size: 12pt, leading: 16pt, color: '#222'}\n")
        for name in ["body-first", "heading-1", "heading-2", "heading-3", "heading-4", "heading-5", "heading-6", "quote", "code",
                     "caption", "list", "ornament", "figure", "title", "subtitle", "author", "abstract", "running-head", "footer",
                     "header", "link", "emphasis", "strong", "code-inline", "strikethrough"] {
            XCTAssertNotNil(s.style(name), name)
        }
        XCTAssertEqual(try style("body-first", in: s).paragraph.firstLineHeadIndent, 0)
        let quote = try style("quote", in: s)
        XCTAssertEqual(quote.paragraph.headIndent, 1.5 * quote.attributes.font!.size, accuracy: 1e-9, "1.5em of its own size")
        XCTAssertEqual(try style("quote", in: s).attributes.font?.families, ["Gentium"])
        let code = try style("code", in: s)
        XCTAssertEqual(code.attributes.font?.families, ["DejaVu Sans Mono"])
        XCTAssertFalse(code.paragraph.hyphenation)
        XCTAssertEqual(code.paragraph.alignment, .left)
        XCTAssertEqual(code.attributes.foregroundColor, Color(hex: "#222"), "the body's colour")
        let sizes = (1...6).map { try? style("heading-\($0)", in: s).attributes.font?.size ?? 0 }.compactMap { $0 }
        XCTAssertEqual(sizes, sizes.sorted(by: >), "headings get smaller by level")
        XCTAssertGreaterThan(sizes[0], 12)
        XCTAssertTrue(try style("heading-1", in: s).paragraph.keepWithNext)
        XCTAssertEqual(try style("heading-1", in: s).next, "body-first")
        let body = try s.paragraphStyle(named: "body", at: nil).attributes
        XCTAssertEqual(s.applying(characterStyle: "emphasis", to: body).font?.style, .italic)
        XCTAssertEqual(s.applying(characterStyle: "strong", to: body).font?.weight, .bold)
        XCTAssertEqual(s.applying(characterStyle: "code-inline", to: body).font?.families, ["DejaVu Sans Mono"])
        XCTAssertEqual(s.applying(characterStyle: "strikethrough", to: body).strikethrough, TextLine(.single))
    }

    func testATemplatesOwnStandardStyleWins() throws {
        let s = try sheet("styles:\n  body: {size: 10pt}\n  emphasis: {kind: character, color: red}\n")
        let body = try s.paragraphStyle(named: "body", at: nil).attributes
        let e = s.applying(characterStyle: "emphasis", to: body)
        XCTAssertEqual(e.font?.style, .normal, "not the default italic")
        XCTAssertEqual(e.foregroundColor, Color(red: 1, green: 0, blue: 0))
    }

    func testCyclesAndUnknownParentsAreErrorsAtTheirPlace() {
        assertSheetError("styles:\n  body: {size: 10pt}\n  a: {parent: b}\n  b: {parent: c}\n  c: {parent: a}\n",
                         "t/template.yaml:3:3: styles inherit from each other in a circle: a → b → c → a")
        assertSheetError("styles:\n  body: {size: 10pt}\n  self: {parent: self}\n",
                         "t/template.yaml:3:3: styles inherit from each other in a circle: self → self")
        assertSheetError("styles:\n  body: {size: 10pt}\n\n  a: {parent: nosuch}\n",
                         "t/template.yaml:4:3: style 'a' inherits from unknown style 'nosuch'")
        assertSheetError("styles:\n  body:\n    size: 10pt\n    weight: heavyish\n",
                         "t/template.yaml:4:13: 'heavyish' is not one of")
    }

    func testUnknownParagraphStyleListsTheOnesThereAre() throws {
        let s = try sheet("styles:\n  body: {size: 10pt}\n")
        let place = SourceLocation(file: "doc.md", line: 3, column: 1)
        XCTAssertThrowsError(try s.paragraphStyle(named: "lede", at: place)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("doc.md:3:1: unknown style 'lede'"), text)
            XCTAssertTrue(text.contains("body, body-first"), text)
        }
        XCTAssertThrowsError(try s.paragraphStyle(named: "emphasis", at: place)) {
            XCTAssertTrue("\($0)".contains("'emphasis' is a character style"), "\($0)")
        }
        XCTAssertEqual(s.names, s.names.sorted())
        XCTAssertTrue(s.names.contains("body") && s.names.contains("emphasis"))
    }

    func testAdHocPropertiesOnAResolvedStyle() throws {
        let s = try sheet("styles:\n  body: {size: 10pt, leading: 13pt, indent: 1em}\n")
        let body = try s.paragraphStyle(named: "body", at: nil)
        let red = try s.applying([StyleProperty(name: "color", value: "#b00"), StyleProperty(name: "size", value: "12pt")], to: body)
        XCTAssertEqual(red.attributes.foregroundColor, Color(hex: "#b00"))
        XCTAssertEqual(red.attributes.font?.size, 12)
        XCTAssertEqual(red.paragraph.minimumLineHeight, 13 * 1.2, accuracy: 1e-9, "leading follows the new size")
        XCTAssertEqual(red.paragraph.firstLineHeadIndent, 10, "the style's indent stays")
        let fixed = try s.applying([StyleProperty(name: "size", value: "12pt"), StyleProperty(name: "leading", value: "14pt")], to: body)
        XCTAssertEqual(fixed.paragraph.minimumLineHeight, 14)
        XCTAssertEqual(body.attributes.font?.size, 10, "the sheet's style is unchanged")
    }

    func testValueDetails() throws {
        let s = try sheet("styles:\n  body: {size: 10pt}\n")
        let body = try s.paragraphStyle(named: "body", at: nil)
        func set(_ pairs: [(String, String)]) throws -> ResolvedStyle {
            try s.applying(pairs.map { StyleProperty(name: $0.0, value: $0.1, location: SourceLocation(file: "d.md", line: 2, column: 5)) }, to: body)
        }
        // `#rgba`, as in a shadow's `#0008`.
        XCTAssertEqual(try set([("shadow", "1pt 1pt 2pt #0008")]).attributes.shadow,
                       TextShadow(offset: Point(x: 1, y: 1), blurRadius: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0x88 / 255.0)))
        // A line's colour stays when its style is set after it.
        XCTAssertEqual(try set([("underline-color", "red"), ("underline", "double")]).attributes.underline,
                       TextLine(.double, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(try set([("superscript", "true")]).attributes.superscript, 1)
        let cases: [([(String, String)], String)] = [
            ([("color", "blu")], "d.md:2:5: 'blu' is not a colour: expected #rgb, #rrggbb"),
            ([("color", "blu")], "(did you mean 'blue'?)"),
            ([("align", "centre-ish")], "'centre-ish' is not one of"),
            ([("align", "centr")], "(did you mean 'center'?)"),
            ([("line-height", "14pt")], "for a fixed distance use leading"),
            ([("shadow", "1pt 1pt 1pt red blue")], "shadow takes 'dx dy [blur] [colour]'"),
        ]
        for (pairs, words) in cases {
            XCTAssertThrowsError(try set(pairs)) { XCTAssertTrue("\($0)".contains(words), "\($0) lacks \(words)") }
        }
        // A setting made in code has no line to name.
        XCTAssertThrowsError(try s.applying([StyleProperty(name: "size", value: "big")], to: body)) {
            XCTAssertEqual("\($0)", "style property 'size': 'big' is not a length for size: expected a number with pt, mm, cm, in or em")
        }
    }

    func testNextIsKeptAndInherited() throws {
        let s = try sheet("""
        styles:
          body: {size: 10pt}
          heading-1: {size: 18pt, next: body-first}
          heading-2: {parent: heading-1, size: 14pt}
        """)
        XCTAssertEqual(try style("heading-2", in: s).next, "body-first")
        XCTAssertNil(try style("body", in: s).next)
    }
}
