import FolioDocument
import Foundation
import XCTest

/// Every style property, read from text into the attribute or paragraph setting it names.
final class StylePropertiesTests: XCTestCase {
    private var sheet: StyleSheet!
    private var body: ResolvedStyle!

    override func setUpWithError() throws {
        var t = Template(name: "t", sourcePath: "t.yaml")
        t.styles["body"] = StyleDefinition(name: "body", kind: .paragraph, properties: [
            StyleProperty(name: "font", value: "DejaVu Serif"), StyleProperty(name: "size", value: "10pt"),
        ])
        sheet = try StyleSheet(template: t)
        body = try sheet.paragraphStyle(named: "body", at: nil)
    }

    private let place = SourceLocation(file: "doc.md", line: 4, column: 7)

    /// Character attributes from one property on body text.
    private func attributes(_ name: String, _ value: String) throws -> TextAttributes {
        try sheet.attributes([StyleProperty(name: name, value: value, location: place)], base: body.attributes)
    }

    private func font(_ name: String, _ value: String) throws -> FontDescriptor {
        try XCTUnwrap(try attributes(name, value).font)
    }

    /// The paragraph style from one property on body.
    private func paragraph(_ name: String, _ value: String) throws -> ParagraphStyle {
        try sheet.applying([StyleProperty(name: name, value: value, location: place)], to: body).paragraph
    }

    private func assertError(_ name: String, _ value: String, _ words: String..., line: UInt = #line) {
        XCTAssertThrowsError(try sheet.applying([StyleProperty(name: name, value: value, location: place)], to: body), line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("doc.md:4:7: "), text, line: line)
            for w in words { XCTAssertTrue(text.contains(w), "\(text) lacks \(w)", line: line) }
        }
    }

    // MARK: Character

    func testFontSizeWeightStyleStretch() throws {
        XCTAssertEqual(try font("font", "'Linux Libertine', \"DejaVu Serif\", serif").families, ["Linux Libertine", "DejaVu Serif", "serif"])
        XCTAssertEqual(try font("size", "12pt").size, 12)
        XCTAssertEqual(try font("size", "1.5em").size, 15, "em is the size underneath")
        XCTAssertEqual(try font("size", "1cm").size, 72 / 2.54, accuracy: 1e-9)
        XCTAssertEqual(try font("size", "11").size, 11, "a bare number is points")
        let weights: [String: Int] = ["thin": 100, "light": 300, "regular": 400, "normal": 400, "medium": 500,
                                      "semibold": 600, "bold": 700, "heavy": 900, "black": 900, "600": 600, "100": 100]
        for (text, value) in weights { XCTAssertEqual(try font("weight", text).weight.value, value, text) }
        XCTAssertEqual(try font("style", "italic").style, .italic)
        XCTAssertEqual(try font("style", "oblique").style, .oblique)
        XCTAssertEqual(try font("style", "normal").style, .normal)
        XCTAssertEqual(try font("italic", "true").style, .italic)
        XCTAssertEqual(try font("stretch", "condensed").stretch, .condensed)
        XCTAssertEqual(try font("stretch", "semi-condensed").stretch, .semiCondensed)
        XCTAssertEqual(try font("stretch", "ultraexpanded").stretch, .ultraExpanded)
        // A font property keeps what it does not change.
        let bold = try font("weight", "bold")
        XCTAssertEqual(bold.families, ["DejaVu Serif"])
        XCTAssertEqual(bold.size, 10)
    }

    func testFeaturesAndSmallCaps() throws {
        XCTAssertEqual(try font("features", "smcp onum").features, [FontFeature("smcp"), FontFeature("onum")])
        XCTAssertEqual(try font("features", "smcp=1, liga=0").features, [FontFeature("smcp", 1), FontFeature("liga", 0)])
        XCTAssertEqual(try font("small-caps", "true").features, [.smallCaps])
        let off = try sheet.attributes([StyleProperty(name: "small-caps", value: "yes"), StyleProperty(name: "small-caps", value: "off")],
                                       base: body.attributes)
        XCTAssertEqual(off.font?.features, [])
        assertError("features", "smallcaps", "'smallcaps' is not an OpenType feature")
    }

    func testColours() throws {
        XCTAssertEqual(try attributes("color", "#b00").foregroundColor, Color(red: 11.0 / 15, green: 0, blue: 0))
        XCTAssertEqual(try attributes("color", "#336699").foregroundColor, Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0))
        XCTAssertEqual(try attributes("color", "#00000080").foregroundColor, Color(red: 0, green: 0, blue: 0, alpha: 128 / 255.0))
        XCTAssertEqual(try attributes("color", "#0008").foregroundColor, Color(red: 0, green: 0, blue: 0, alpha: 0x88 / 255.0))
        for name in ["black", "white", "red", "green", "blue", "gray", "grey", "silver", "maroon", "navy", "teal", "olive",
                     "purple", "orange"] {
            XCTAssertNotNil(try attributes("color", name).foregroundColor, name)
        }
        XCTAssertEqual(try attributes("color", "Blue").foregroundColor, Color(red: 0, green: 0, blue: 1))
        XCTAssertEqual(try attributes("color", "grey").foregroundColor, try attributes("color", "gray").foregroundColor)
        XCTAssertEqual(try attributes("background", "#ff0").backgroundColor, Color(red: 1, green: 1, blue: 0))
        XCTAssertNil(try attributes("background", "none").backgroundColor)
        assertError("color", "blu", "'blu' is not a colour: expected #rgb, #rrggbb", "(did you mean 'blue'?)")
        assertError("color", "#12", "'#12' is not a colour")
    }

    func testLinesStrokeAndShadow() throws {
        XCTAssertEqual(try attributes("underline", "single").underline, TextLine(.single))
        XCTAssertEqual(try attributes("underline", "double").underline, TextLine(.double))
        XCTAssertEqual(try attributes("underline", "thick").underline, TextLine(.thick))
        XCTAssertNil(try attributes("underline", "none").underline)
        XCTAssertEqual(try attributes("strikethrough", "double").strikethrough, TextLine(.double))
        XCTAssertEqual(try attributes("underline-color", "red").underline, TextLine(.single, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(try attributes("strikethrough-color", "#00f").strikethrough, TextLine(.single, color: Color(red: 0, green: 0, blue: 1)))
        // The colour survives a style set after it, in either order.
        let both = try sheet.attributes([StyleProperty(name: "underline-color", value: "#f00"), StyleProperty(name: "underline", value: "double")],
                                        base: body.attributes)
        XCTAssertEqual(both.underline, TextLine(.double, color: Color(red: 1, green: 0, blue: 0)))

        XCTAssertEqual(try attributes("stroke-width", "1pt").stroke, TextStroke(width: 1))
        XCTAssertEqual(try attributes("stroke-width", "-0.5pt").stroke, TextStroke(width: -0.5), "negative: fill and stroke")
        XCTAssertEqual(try attributes("stroke-color", "blue").stroke?.color, Color(red: 0, green: 0, blue: 1))

        XCTAssertEqual(try attributes("shadow", "1pt 1pt 2pt #0008").shadow,
                       TextShadow(offset: Point(x: 1, y: 1), blurRadius: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0x88 / 255.0)))
        XCTAssertEqual(try attributes("shadow", "2pt -1pt red").shadow,
                       TextShadow(offset: Point(x: 2, y: -1), blurRadius: 0, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(try attributes("shadow", "0.1em 0.1em").shadow?.offset, Point(x: 1, y: 1))
        XCTAssertNil(try attributes("shadow", "none").shadow)
        assertError("shadow", "1pt", "shadow takes 'dx dy [blur] [colour]'")
        assertError("shadow", "1pt 1pt 1pt red blue", "shadow takes")
    }

    func testBaselineAndSpacingAttributes() throws {
        XCTAssertEqual(try attributes("baseline-offset", "2pt").baselineOffset, 2)
        XCTAssertEqual(try attributes("baseline-offset", "-0.3em").baselineOffset ?? 0, -3, accuracy: 1e-9)
        XCTAssertEqual(try attributes("superscript", "1").superscript, 1)
        XCTAssertEqual(try attributes("superscript", "-2").superscript, -2)
        XCTAssertNil(try attributes("superscript", "0").superscript)
        XCTAssertEqual(try attributes("subscript", "true").superscript, -1)
        XCTAssertEqual(try attributes("tracking", "0.5pt").tracking, 0.5)
        XCTAssertEqual(try attributes("tracking", "0.1em").tracking ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(try attributes("ligatures", "false").ligatures, false)
        XCTAssertEqual(try attributes("obliqueness", "0.2").obliqueness, 0.2)
        XCTAssertEqual(try attributes("expansion", "1.1").expansion, 1.1)
        XCTAssertEqual(try attributes("link", "https://example.org/a?b=c").link, "https://example.org/a?b=c")
        XCTAssertEqual(try attributes("language", "de-CH").language, "de-CH")
        XCTAssertEqual(try attributes("lang", "fr").language, "fr")
        assertError("superscript", "7", "superscript takes a whole number")
        assertError("obliqueness", "steep", "'steep' is not a number for obliqueness")
    }

    // MARK: Paragraph

    func testAlignmentAndIndents() throws {
        let aligns: [String: TextAlignment] = ["left": .left, "right": .right, "center": .center, "justify": .justified,
                                               "justified": .justified, "natural": .natural]
        for (text, value) in aligns { XCTAssertEqual(try paragraph("align", text).alignment, value, text) }
        XCTAssertEqual(try paragraph("indent", "1.5em").firstLineHeadIndent, 15)
        let hanging = try sheet.applying([StyleProperty(name: "head-indent", value: "2cm"), StyleProperty(name: "indent", value: "-1cm")], to: body).paragraph
        XCTAssertEqual(hanging.headIndent, 2 * 72 / 2.54, accuracy: 1e-9)
        XCTAssertEqual(hanging.firstLineHeadIndent, 72 / 2.54, accuracy: 1e-9, "indent is relative to the other lines")
        XCTAssertEqual(try paragraph("tail-indent", "-1in").tailIndent, -72)
    }

    func testLineHeightsAndSpacing() throws {
        XCTAssertEqual(try paragraph("line-height", "1.2").lineHeightMultiple, 1.2)
        let leading = try paragraph("leading", "13pt")
        XCTAssertEqual(leading.minimumLineHeight, 13)
        XCTAssertEqual(leading.maximumLineHeight, 13)
        XCTAssertEqual(try paragraph("min-line-height", "12pt").minimumLineHeight, 12)
        XCTAssertEqual(try paragraph("max-line-height", "20pt").maximumLineHeight, 20)
        XCTAssertEqual(try paragraph("line-spacing", "2pt").lineSpacing, 2)
        XCTAssertEqual(try paragraph("space-before", "1em").paragraphSpacingBefore, 10)
        XCTAssertEqual(try paragraph("space-after", "6mm").paragraphSpacing, 6 * 72 / 25.4, accuracy: 1e-9)
        assertError("line-height", "14pt", "not a number for line-height", "use leading")
        assertError("space-after", "12px", "'12px' is not a length for space-after")
    }

    func testHyphenationTabsBreaksAndDirection() throws {
        for yes in ["true", "yes", "on", "TRUE"] { XCTAssertTrue(try paragraph("hyphenate", yes).hyphenation, yes) }
        for no in ["false", "no", "off"] { XCTAssertFalse(try paragraph("hyphenate", no).hyphenation, no) }
        assertError("hyphenate", "maybe", "'maybe' is not true or false for hyphenate")

        let tabs = try paragraph("tabs", "left 2cm, right 10cm, decimal 12cm, center 6cm").tabStops
        XCTAssertEqual(tabs.map(\.alignment), [.left, .center, .right, .decimal], "sorted by position")
        XCTAssertEqual(tabs.map(\.location), [2, 6, 10, 12].map { $0 * 72 / 2.54 })
        XCTAssertEqual(try paragraph("tab-interval", "1cm").defaultTabInterval, 72 / 2.54, accuracy: 1e-9)
        assertError("tabs", "middle 2cm", "'middle 2cm' is not a tab stop")

        let modes: [String: LineBreakMode] = ["word-wrap": .wordWrap, "char-wrap": .charWrap, "clip": .clip,
                                              "truncate-head": .truncateHead, "truncate-middle": .truncateMiddle,
                                              "truncate-tail": .truncateTail]
        for (text, mode) in modes { XCTAssertEqual(try paragraph("line-break", text).lineBreakMode, mode, text) }
        XCTAssertEqual(try paragraph("direction", "rtl").baseWritingDirection, .rightToLeft)
        XCTAssertEqual(try paragraph("direction", "ltr").baseWritingDirection, .leftToRight)
        XCTAssertEqual(try paragraph("direction", "natural").baseWritingDirection, .natural)
        XCTAssertEqual(try paragraph("break-before", "page").breakBefore, .page)
        XCTAssertEqual(try paragraph("break-before", "column").breakBefore, .container)
        XCTAssertEqual(try paragraph("break-before", "none").breakBefore, .none)
        XCTAssertTrue(try paragraph("keep-with-next", "yes").keepWithNext)
        XCTAssertEqual(try sheet.applying([StyleProperty(name: "next", value: "body-first")], to: body).next, "body-first")
        assertError("align", "centr", "'centr' is not one of", "(did you mean 'center'?)")
    }

    // MARK: Errors, lengths, scale

    func testUnknownNamesSuggestTheNearest() {
        assertError("colr", "red", "unknown style property 'colr' (did you mean 'color'?)")
        assertError("space-befor", "1pt", "(did you mean 'space-before'?)")
        assertError("zzzzzzzz", "1", "unknown style property 'zzzzzzzz'")
        XCTAssertThrowsError(try sheet.applying([StyleProperty(name: "zzzzzzzz", value: "1")], to: body)) {
            XCTAssertFalse("\($0)".contains("did you mean"), "\($0)")
        }
    }

    func testParagraphPropertiesAreNotCharacterAttributes() {
        XCTAssertThrowsError(try sheet.attributes([StyleProperty(name: "align", value: "left", location: place)], base: body.attributes)) {
            XCTAssertTrue("\($0)".hasPrefix("doc.md:4:7: 'align' is a paragraph property"), "\($0)")
        }
    }

    func testSizeIsReadFirstSoEmLengthsUseIt() throws {
        let s = try sheet.applying([StyleProperty(name: "indent", value: "1em"), StyleProperty(name: "size", value: "20pt"),
                                    StyleProperty(name: "tracking", value: "0.05em")], to: body)
        XCTAssertEqual(s.paragraph.firstLineHeadIndent, 20)
        XCTAssertEqual(s.attributes.tracking ?? 0, 1, accuracy: 1e-9)
    }

    func testScaleMultipliesLengthsButNotMultiplesOrColours() throws {
        var t = Template(name: "t", scale: 1.5)
        t.styles["body"] = StyleDefinition(name: "body", kind: .paragraph, properties: [
            StyleProperty(name: "size", value: "10pt"), StyleProperty(name: "leading", value: "12pt"),
            StyleProperty(name: "line-height", value: "1.2"), StyleProperty(name: "indent", value: "1em"),
            StyleProperty(name: "head-indent", value: "4pt"), StyleProperty(name: "space-before", value: "2pt"),
            StyleProperty(name: "tracking", value: "1pt"), StyleProperty(name: "baseline-offset", value: "2pt"),
            StyleProperty(name: "stroke-width", value: "1pt"), StyleProperty(name: "shadow", value: "1pt 2pt 3pt"),
            StyleProperty(name: "tabs", value: "left 10pt"), StyleProperty(name: "color", value: "#808080"),
        ])
        let s = try StyleSheet(template: t).paragraphStyle(named: "body", at: nil)
        XCTAssertEqual(s.attributes.font?.size, 15)
        XCTAssertEqual(s.paragraph.minimumLineHeight, 18)
        XCTAssertEqual(s.paragraph.maximumLineHeight, 18)
        XCTAssertEqual(s.paragraph.lineHeightMultiple, 1.2, "a multiple is not scaled")
        XCTAssertEqual(s.paragraph.headIndent, 6)
        XCTAssertEqual(s.paragraph.firstLineHeadIndent, 6 + 15, "1em of the scaled size, not scaled again")
        XCTAssertEqual(s.paragraph.paragraphSpacingBefore, 3)
        XCTAssertEqual(s.attributes.tracking, 1.5)
        XCTAssertEqual(s.attributes.baselineOffset, 3)
        XCTAssertEqual(s.attributes.stroke?.width, 1.5)
        XCTAssertEqual(s.attributes.shadow, TextShadow(offset: Point(x: 1.5, y: 3), blurRadius: 4.5))
        XCTAssertEqual(s.paragraph.tabStops.first?.location, 15)
        XCTAssertEqual(s.attributes.foregroundColor, Color(hex: "#808080"))
    }

    func testEveryAttributeOfTheTextModelIsReachable() throws {
        // One span setting every character attribute but attachments (images) and custom ones.
        let a = try sheet.attributes([
            StyleProperty(name: "font", value: "DejaVu Sans"), StyleProperty(name: "color", value: "red"),
            StyleProperty(name: "background", value: "white"), StyleProperty(name: "underline", value: "single"),
            StyleProperty(name: "strikethrough", value: "single"), StyleProperty(name: "stroke-width", value: "1"),
            StyleProperty(name: "shadow", value: "1 1"), StyleProperty(name: "baseline-offset", value: "1"),
            StyleProperty(name: "superscript", value: "1"), StyleProperty(name: "tracking", value: "1"),
            StyleProperty(name: "ligatures", value: "off"), StyleProperty(name: "obliqueness", value: "0.1"),
            StyleProperty(name: "expansion", value: "1.2"), StyleProperty(name: "link", value: "https://x.org"),
            StyleProperty(name: "language", value: "en"),
        ], base: .none)
        for key in AttributeKey.standard where key != .attachment {
            XCTAssertNotNil(a.value(for: key), "\(key)")
        }
        var p = body!
        p = try sheet.applying(["align=center", "indent=1", "head-indent=1", "tail-indent=-1", "line-height=1.1",
                                "min-line-height=1", "max-line-height=30", "line-spacing=1", "space-before=1", "space-after=1",
                                "hyphenate=yes", "tabs=left 1", "tab-interval=9", "line-break=clip", "direction=rtl",
                                "break-before=page", "keep-with-next=yes"].map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            return StyleProperty(name: parts[0], value: parts[1])
        }, to: p)
        let changed = p.paragraph
        XCTAssertEqual(changed.alignment, .center)
        XCTAssertEqual([changed.firstLineHeadIndent, changed.headIndent, changed.tailIndent, changed.lineHeightMultiple,
                        changed.minimumLineHeight, changed.maximumLineHeight, changed.lineSpacing,
                        changed.paragraphSpacingBefore, changed.paragraphSpacing, changed.defaultTabInterval],
                       [2, 1, -1, 1.1, 1, 30, 1, 1, 1, 9])
        XCTAssertEqual(changed.tabStops.count, 1)
        XCTAssertEqual(changed.lineBreakMode, .clip)
        XCTAssertEqual(changed.baseWritingDirection, .rightToLeft)
        XCTAssertEqual(changed.breakBefore, .page)
        XCTAssertTrue(changed.keepWithNext && changed.hyphenation)
    }
}
