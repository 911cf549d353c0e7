import FolioMarkup
import XCTest

/// Every character and paragraph attribute of the text model is reachable by name, from
/// a template style or a document's `{key=value}`.
final class StylePropertiesTests: XCTestCase {
    private var sheet: StyleSheet!
    private var body: ResolvedStyle!

    override func setUpWithError() throws {
        sheet = try StyleSheet(template: Template(name: "t", styles: [
            "body": StyleDefinition(name: "body", kind: .paragraph, properties: [
                StyleProperty(name: "font", value: "DejaVu Serif"), StyleProperty(name: "size", value: "10pt")]),
        ]))
        body = try sheet.paragraphStyle(named: "body", at: nil)
    }

    private func character(_ pairs: [(String, String)]) throws -> TextAttributes {
        try sheet.attributes(pairs.map { StyleProperty(name: $0.0, value: $0.1) }, base: body.attributes)
    }

    private func paragraph(_ pairs: [(String, String)]) throws -> ParagraphStyle {
        try sheet.applying(pairs.map { StyleProperty(name: $0.0, value: $0.1) }, to: body).paragraph
    }

    func testCharacterProperties() throws {
        let a = try character([
            ("font", "DejaVu Sans, sans"), ("size", "1.2em"), ("weight", "semibold"), ("style", "italic"),
            ("stretch", "condensed"), ("features", "onum tnum=1 liga=0"), ("color", "#102030"), ("background", "yellow"),
            ("underline", "double"), ("underline-color", "red"), ("strikethrough", "thick"), ("stroke-width", "0.5pt"),
            ("stroke-color", "blue"), ("shadow", "1pt 2pt 3pt #00000080"), ("baseline-offset", "2pt"), ("superscript", "1"),
            ("tracking", "0.1em"), ("ligatures", "no"), ("obliqueness", "0.2"), ("expansion", "1.1"),
            ("link", "https://example.com"), ("language", "de"),
        ].filter { $0.1 != "yellow" })
        XCTAssertEqual(a.font?.families, ["DejaVu Sans", "sans"])
        XCTAssertEqual(a.font?.size ?? 0, 12, accuracy: 1e-9)
        XCTAssertEqual(a.font?.weight, .semibold)
        XCTAssertEqual(a.font?.style, .italic)
        XCTAssertEqual(a.font?.stretch, .condensed)
        XCTAssertEqual(a.font?.features, [FontFeature("onum"), FontFeature("tnum"), FontFeature("liga", 0)])
        XCTAssertEqual(a.foregroundColor, Color(hex: "#102030"))
        XCTAssertEqual(a.underline, TextLine(.double, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(a.strikethrough?.style, .thick)
        XCTAssertEqual(a.stroke, TextStroke(width: 0.5, color: Color(red: 0, green: 0, blue: 1)))
        XCTAssertEqual(a.shadow, TextShadow(offset: Point(x: 1, y: 2), blurRadius: 3, color: Color(hex: "#00000080")!))
        XCTAssertEqual(a.baselineOffset, 2)
        XCTAssertEqual(a.superscript, 1)
        XCTAssertEqual(a.tracking ?? 0, 1.2, accuracy: 1e-9, "em of the new size")
        XCTAssertEqual(a.ligatures, false)
        XCTAssertEqual(a.obliqueness, 0.2)
        XCTAssertEqual(a.expansion, 1.1)
        XCTAssertEqual(a.link, "https://example.com")
        XCTAssertEqual(a.language, "de")
        XCTAssertEqual(try character([("background", "#ff0")]).backgroundColor, Color(hex: "#ff0"))
        XCTAssertEqual(try character([("subscript", "true")]).superscript, -1)
        XCTAssertTrue(try character([("small-caps", "true")]).font!.features.contains(.smallCaps))
    }

    func testParagraphProperties() throws {
        let p = try paragraph([
            ("align", "center"), ("head-indent", "2em"), ("indent", "1em"), ("tail-indent", "-1cm"),
            ("line-height", "1.3"), ("min-line-height", "11pt"), ("max-line-height", "15pt"), ("line-spacing", "1pt"),
            ("space-before", "6pt"), ("space-after", "0.5em"), ("hyphenate", "yes"),
            ("tabs", "right 5cm, decimal 8cm, left 1cm"), ("tab-interval", "1in"), ("line-break", "truncate-middle"),
            ("direction", "rtl"), ("break-before", "page"), ("keep-with-next", "on"),
        ])
        XCTAssertEqual(p.alignment, .center)
        XCTAssertEqual(p.headIndent, 20)
        XCTAssertEqual(p.firstLineHeadIndent, 30, "indent is relative to the head indent")
        XCTAssertEqual(p.tailIndent, -72 / 2.54, accuracy: 1e-9)
        XCTAssertEqual(p.lineHeightMultiple, 1.3)
        XCTAssertEqual(p.minimumLineHeight, 11)
        XCTAssertEqual(p.maximumLineHeight, 15)
        XCTAssertEqual(p.lineSpacing, 1)
        XCTAssertEqual(p.paragraphSpacingBefore, 6)
        XCTAssertEqual(p.paragraphSpacing, 5)
        XCTAssertTrue(p.hyphenation)
        XCTAssertEqual(p.tabStops.map(\.alignment), [.left, .right, .decimal])
        XCTAssertEqual(p.tabStops[1].location, 5 * 72 / 2.54, accuracy: 1e-9)
        XCTAssertEqual(p.defaultTabInterval, 72)
        XCTAssertEqual(p.lineBreakMode, .truncateMiddle)
        XCTAssertEqual(p.baseWritingDirection, .rightToLeft)
        XCTAssertEqual(p.breakBefore, .page)
        XCTAssertTrue(p.keepWithNext)
        XCTAssertEqual(try paragraph([("leading", "13pt")]).minimumLineHeight, 13)
        XCTAssertEqual(try paragraph([("leading", "13pt")]).maximumLineHeight, 13)
    }

    func testStrokeWidthInPercentOfTheFontSizeAsInTextKit() throws {
        XCTAssertEqual(try character([("stroke-width", "3%"), ("stroke-color", "red")]).stroke,
                       TextStroke(percentOfFontSize: 3, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(try character([("stroke-width", "-4.5 %")]).stroke, TextStroke(percentOfFontSize: -4.5))
    }

    func testMinimumScaleIsAParagraphPropertyInItsRange() throws {
        let style = try paragraph([("line-break", "truncate-tail"), ("min-scale", "0.7")])
        XCTAssertEqual(style.minimumScaleFactor, 0.7)
        XCTAssertEqual(style.lineBreakMode, .truncateTail)
        XCTAssertEqual(try paragraph([]).minimumScaleFactor, 1, "never shrinks unless asked")
        XCTAssertThrowsError(try paragraph([("min-scale", "0.01")])) { error in
            XCTAssertTrue("\(error)".contains("min-scale must be from 0.1 to 1.0"), "\(error)")
        }
    }

    func testTextStyleNamesTheDynamicTypeRoles() throws {
        XCTAssertEqual(try character([("text-style", "large-title")]).textStyle, .largeTitle)
        XCTAssertEqual(try character([("text-style", "Caption2")]).textStyle, .caption2)
        XCTAssertNil(try character([("text-style", "headline"), ("text-style", "none")]).textStyle)
        XCTAssertThrowsError(try character([("text-style", "heading")])) { error in
            XCTAssertTrue("\(error)".contains("(did you mean 'headline'?)"), "\(error)")
        }
    }

    func testBadValuesSayWhatWasExpected() {
        let cases: [(String, String, String)] = [
            ("colr", "red", "unknown style property 'colr' (did you mean 'color'?)"),
            ("color", "blu", "'blu' is not a colour"),
            ("size", "12px", "'12px' is not a length for size"),
            ("weight", "heavyish", "'heavyish' is not one of"),
            ("features", "smallcaps", "'smallcaps' is not an OpenType feature"),
            ("superscript", "9", "superscript takes a whole number from -3 to 3"),
            ("align", "middle", "'middle' is not one of"),
            ("tabs", "5cm", "'5cm' is not a tab stop"),
            ("stroke-width", "300%", "a percentage of the font size from -100% to 100%"),
        ]
        for (name, value, message) in cases {
            let location = SourceLocation(file: "doc.md", line: 4, column: 9)
            XCTAssertThrowsError(try sheet.applying([StyleProperty(name: name, value: value, location: location)], to: body)) { error in
                XCTAssertTrue("\(error)".hasPrefix("doc.md:4:9: "), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        XCTAssertThrowsError(try sheet.attributes([StyleProperty(name: "align", value: "left")], base: body.attributes)) { error in
            XCTAssertTrue("\(error)".contains("'align' is a paragraph property"), "\(error)")
        }
    }

    func testScaleMultipliesLengthsButNotMultiples() throws {
        var t = Template(name: "t", styles: ["body": StyleDefinition(name: "body", kind: .paragraph, properties: [
            StyleProperty(name: "size", value: "10pt"), StyleProperty(name: "leading", value: "12pt"),
            StyleProperty(name: "line-height", value: "1.2"), StyleProperty(name: "head-indent", value: "1cm")])])
        t.scale = 1.5
        let b = try StyleSheet(template: t).paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(b.attributes.font?.size, 15)
        XCTAssertEqual(b.paragraph.minimumLineHeight, 18)
        XCTAssertEqual(b.paragraph.lineHeightMultiple, 1.2)
        XCTAssertEqual(b.paragraph.headIndent, 1.5 * 72 / 2.54, accuracy: 1e-9)
    }

    func testInheritanceThreeLevelsDeep() throws {
        let t = Template(name: "t", styles: [
            "body": StyleDefinition(name: "body", kind: .paragraph, properties: [StyleProperty(name: "size", value: "10pt"),
                                                                                 StyleProperty(name: "color", value: "#111")]),
            "a": StyleDefinition(name: "a", kind: .paragraph, parent: "body", properties: [StyleProperty(name: "size", value: "1.5em")]),
            "b": StyleDefinition(name: "b", kind: .paragraph, parent: "a", properties: [StyleProperty(name: "indent", value: "1em"),
                                                                                        StyleProperty(name: "color", value: "#222")]),
        ])
        let b = try StyleSheet(template: t).paragraphStyle(named: "b", at: nil)
        XCTAssertEqual(b.attributes.font?.size, 15, "em of the inherited size")
        XCTAssertEqual(b.paragraph.firstLineHeadIndent, 15)
        XCTAssertEqual(b.attributes.foregroundColor, Color(hex: "#222"), "the child's setting wins")
    }
}
