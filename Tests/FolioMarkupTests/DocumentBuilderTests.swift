import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// Markdown → styled storage, construct by construct, with the built-in default template.
final class DocumentBuilderTests: XCTestCase {
    private var template: Template!
    private var styles: StyleSheet!

    override func setUpWithError() throws {
        template = try BuiltinTemplates.template(named: "default")
        styles = try StyleSheet(template: template)
    }

    /// The name documents built from text go by in messages: a label, never a file read
    /// or written (no such folder exists).
    private static let label = "/no-such-folder/doc.md"

    private func build(_ markdown: String, file: String = label, columnHeight: Double = 700) throws -> BuiltDocument {
        let document = try MarkdownReader.parse(markdown, file: file)
        return try DocumentBuilder(template: template, styles: styles, columnWidth: 450, columnHeight: columnHeight).build(document)
    }

    private var squarePNG: URL { repositoryDirectory.appendingPathComponent("Examples/Documents/images/square.png") }

    /// The paragraphs' texts and styles.
    private func paragraphs(_ built: BuiltDocument) -> [(text: String, style: ParagraphStyle, attributes: TextAttributes)] {
        let s = built.storage
        return (0..<s.paragraphCount).map { i in
            let r = s.paragraphContentRange(at: i)
            return (s.substring(r), s.paragraphStyle(ofParagraph: i), s.attributes(at: r.lowerBound).attributes)
        }
    }

    private func attributes(of needle: String, in built: BuiltDocument) -> TextAttributes? {
        guard let r = built.storage.string.range(of: needle) else { return nil }
        return built.storage.attributes(at: built.storage.string.utf8.distance(from: built.storage.string.startIndex, to: r.lowerBound)).attributes
    }

    func testHeadingsTakeTheirStylesAndIdsAndTheNextParagraphStartsFlush() throws {
        let built = try build("# One\n\nFirst para.\n\nSecond para.\n\n###### Six {#six}\n")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["One", "First para.", "Second para.", "Six"])
        let h1 = try styles.paragraphStyle(named: "heading-1", at: nil)
        XCTAssertEqual(p[0].attributes.font, h1.attributes.font)
        XCTAssertTrue(p[0].style.keepWithNext)
        XCTAssertEqual(p[1].style.firstLineHeadIndent, 0, "body-first after a heading")
        XCTAssertGreaterThan(p[2].style.firstLineHeadIndent, 0, "body indents")
        XCTAssertEqual(built.headings.map(\.id), ["one", "six"])
        XCTAssertEqual(built.headings.map(\.level), [1, 6])
        XCTAssertEqual(built.headings[1].offset, built.storage.paragraphRange(at: 3).lowerBound)
    }

    func testInlineStyles() throws {
        let built = try build("Plain *em* **strong** ~~gone~~ `co de` [link](https://example.com) and [span]{.smallcaps color=#b00}.")
        XCTAssertEqual(attributes(of: "em", in: built)?.font?.style, .italic)
        XCTAssertEqual(attributes(of: "strong", in: built)?.font?.weight, .bold)
        XCTAssertNotNil(attributes(of: "gone", in: built)?.strikethrough)
        XCTAssertEqual(attributes(of: "co\u{00A0}de", in: built)?.font?.families.first, "DejaVu Sans Mono")
        XCTAssertEqual(attributes(of: "link", in: built)?.link, "https://example.com")
        // DejaVu has no small capitals: they are made from capitals at a smaller size.
        let span = attributes(of: "SPAN", in: built)
        XCTAssertEqual(span?.foregroundColor, Color(hex: "#b00"))
        XCTAssertEqual(span?.font?.size ?? 0, 0.78 * (attributes(of: "Plain", in: built)?.font?.size ?? 0), accuracy: 1e-9)
        XCTAssertFalse(span?.font?.features.contains(FontFeature("smcp")) ?? true)
        XCTAssertNil(attributes(of: "Plain", in: built)?.link)
    }

    func testEmphasisInsideItalicTurnsUpright() throws {
        let built = try build("*Italic with *upright* inside.*")
        XCTAssertEqual(attributes(of: "Italic", in: built)?.font?.style, .italic)
        XCTAssertEqual(attributes(of: "upright", in: built)?.font?.style, .normal)
    }

    func testBlockAttributeLinePicksAParagraphStyleAndProperties() throws {
        let built = try build("{.lead}\nA lead paragraph.\n\n{align=center space-before=20pt}\nCentred.")
        let p = paragraphs(built)
        let lead = try styles.paragraphStyle(named: "lead", at: nil)
        XCTAssertEqual(p[0].attributes.font?.size, lead.attributes.font?.size)
        XCTAssertEqual(p[1].style.alignment, .center)
        XCTAssertEqual(p[1].style.paragraphSpacingBefore, 20)
    }

    func testUnknownStyleIsAnErrorAtItsLine() throws {
        XCTAssertThrowsError(try build("Text.\n\n{.nosuch}\nMore.", file: "/no-such-folder/x.md")) { error in
            XCTAssertTrue("\(error)".hasPrefix("/no-such-folder/x.md:3:"), "\(error)")
            XCTAssertTrue("\(error)".contains("unknown style 'nosuch'"), "\(error)")
        }
    }

    func testListsHangTheirMarkersAndNest() throws {
        let built = try build("1. one\n2. two\n   - inner\n3. three\n\n- [x] done\n- [ ] todo\n")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["1.\tone", "2.\ttwo", "–\tinner", "3.\tthree", "☑\tdone", "☐\ttodo"],
                       "the inner list's bullet changes with depth")
        XCTAssertEqual(p[0].style.tabStops.first?.location, p[0].style.headIndent)
        XCTAssertLessThan(p[0].style.firstLineHeadIndent, p[0].style.headIndent, "the number hangs")
        XCTAssertGreaterThan(p[2].style.headIndent, p[1].style.headIndent, "nested lists indent further")
    }

    func testNumbersOfLongListsFitTheirHangingIndent() throws {
        let items = (1...12).map { "\($0). item \($0)" }.joined(separator: "\n")
        let built = try build(items + "\n\nBetween the lists.\n\n98. a\n99. b\n100. c\n")
        var p = paragraphs(built)
        XCTAssertEqual(p.count, 16)
        XCTAssertEqual(p[12].text, "Between the lists.")
        p.remove(at: 12)
        XCTAssertEqual(p[12].text, "98.\ta")
        for (i, paragraph) in p.enumerated() {
            let marker = String(paragraph.text.prefix { $0 != "\t" })
            let width = TextMeasurer.boundingSize(of: TextStorage(marker, attributes: paragraph.attributes), width: 1e6).width
            let hang = paragraph.style.headIndent - paragraph.style.firstLineHeadIndent
            XCTAssertGreaterThan(hang, width, "item \(i): '\(marker)' is \(width) wide, hangs in \(hang)")
            XCTAssertEqual(paragraph.style.tabStops.first?.location, paragraph.style.headIndent)
        }
        XCTAssertEqual(p[0].style.headIndent, p[11].style.headIndent, "one list, one indent")
        XCTAssertGreaterThan(p[12].style.headIndent, p[0].style.headIndent, "three-digit numbers need more room")
    }

    func testDeepNestingStopsIndentingAtHalfTheColumnAndLosesNoText() throws {
        var markdown = ""
        for level in 0..<40 { markdown += String(repeating: "  ", count: level) + "- level \(level)\n" }
        markdown += "\n" + String(repeating: "> ", count: 60) + "deep quote\n"
        let built = try build(markdown)
        let p = paragraphs(built)
        XCTAssertEqual(p.count, 41)
        XCTAssertTrue(p.allSatisfy { $0.style.headIndent <= 225 + 1e-6 }, "\(p.map(\.style.headIndent))")
        // Past 32 levels the nesting itself is flattened (MarkdownNesting), once reported.
        XCTAssertEqual(built.warnings.count, 2, "\(built.warnings)")
        XCTAssertTrue(built.warnings[0].contains("doc.md:1:1: Markdown nested deeper than 32"), built.warnings[0])
        XCTAssertTrue(built.warnings[1].contains("doc.md:") && built.warnings[1].contains("indent no further"), built.warnings[1])
        let manager = LayoutManager(textStorage: built.storage)
        manager.addTextContainer(TextContainer(size: Size(width: 450, height: 1e6)))
        manager.ensureLayout()
        XCTAssertNil(manager.unplacedRange)
        let shown = manager.lineFragments.map { built.storage.substring($0.characterRange) }.joined()
        XCTAssertTrue(shown.contains("level 39"))
        XCTAssertTrue(shown.contains("deep quote"))
    }

    func testInlineHTMLIsSetAsItsMeaningAndCommentsVanish() throws {
        let built = try build("H<sub>2</sub>O, x<sup>2</sup>, <u>under</u>, <kbd>Ctrl</kbd>,<br>next <!-- a note --> <blink>b</blink> <blink>c</blink>\n")
        XCTAssertEqual(built.storage.string, "H2O, x2, under, Ctrl,\u{2028}next  b c")
        XCTAssertEqual(attributes(of: "2O", in: built)?.superscript, -1)
        XCTAssertEqual(attributes(of: "2,", in: built)?.superscript, 1)
        XCTAssertNotNil(attributes(of: "under", in: built)?.underline)
        XCTAssertEqual(attributes(of: "Ctrl", in: built)?.font?.families.first, "DejaVu Sans Mono")
        XCTAssertNil(attributes(of: "next", in: built)?.underline, "tags end where they close")
        XCTAssertEqual(built.warnings.count, 1, "an unknown tag is reported once: \(built.warnings)")
        XCTAssertTrue(built.warnings[0].contains("<blink>"), built.warnings[0])
    }

    func testHTMLBlocksKeepTheirTextAndCommentsAndScriptsVanish() throws {
        let markdown = "Before.\n\n<!-- hidden\nnote -->\n\n<div align=\"center\">\n<b>hi</b> &amp; bye\n<p>second</p>\n</div>\n\n"
            + "<u>\nunderlined text\n</u>\n\n<script>\nalert(1)\n</script>\n\n<img src=\"x.png\">\n\nAfter.\n"
        let built = try build(markdown)
        XCTAssertEqual(paragraphs(built).map(\.text), ["Before.", "hi & bye", "second", "underlined text", "After."])
        XCTAssertEqual(attributes(of: "hi", in: built)?.font?.weight, .bold)
        XCTAssertNil(attributes(of: " & bye", in: built)?.underline)
        XCTAssertNotNil(attributes(of: "underlined", in: built)?.underline)
        XCTAssertEqual(built.warnings.count, 1, "only the tag with no meaning here: \(built.warnings)")
        XCTAssertTrue(built.warnings[0].contains("doc.md:19:1: HTML <img> is not set"), built.warnings[0])
    }

    func testATallInlineImageIsCappedAndItsLineGrowsToHoldIt() throws {
        let dir = try makeTemporaryDirectory("folio-tall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = squarePNG.deletingLastPathComponent().appendingPathComponent("chart.png")
        try FileManager.default.copyItem(at: chart, to: dir.appendingPathComponent("chart.png"))
        let built = try build("Line one of the text.\nText with ![chart](chart.png) inline, then more words after it.\n",
                              file: dir.appendingPathComponent("d.md").path, columnHeight: 100)
        let attachment = (0..<built.storage.length).lazy.compactMap { built.storage.attributes(at: $0).attributes.attachment }.first
        XCTAssertEqual(attachment?.sizing, .shrinkToFit(maximumHeight: 85), "never taller than a figure may be, fitted where it lands")
        var style = built.storage.paragraphStyle(ofParagraph: 0)
        style.minimumLineHeight = 14; style.maximumLineHeight = 14
        built.storage.setParagraphStyle(style, range: built.storage.paragraphRange(at: 0))
        let manager = LayoutManager(textStorage: built.storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 1e6)))
        manager.ensureLayout()
        let lines = manager.lineFragments
        let tall = try XCTUnwrap(lines.firstIndex { $0.glyphRuns.contains { $0.attachment != nil } })
        XCTAssertGreaterThanOrEqual(lines[tall].rect.height, 85)
        let laidOut = try XCTUnwrap(lines[tall].glyphRuns.first { $0.attachment != nil }?.attachmentRect)
        XCTAssertEqual(laidOut.height, 85, accuracy: 0.01, "capped at 85 % of the column height")
        XCTAssertLessThanOrEqual(laidOut.width, 200 + 1e-6, "and within the column")
        for k in 1..<lines.count { XCTAssertGreaterThanOrEqual(lines[k].rect.minY, lines[k - 1].rect.maxY - 1e-6) }
        let run = try XCTUnwrap(lines[tall].glyphRuns.first { $0.attachment != nil })
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(run.attachmentRect).minY, lines[tall].rect.minY - 1e-6, "the picture stays in its line")
        XCTAssertEqual(lines.indices.filter { $0 != tall }.map { lines[$0].rect.height }.max() ?? 0, 14, accuracy: 1e-6, "other lines keep the fixed height")
    }

    func testImageSourcesAreURLsAndWebImagesAreNotFetched() throws {
        let dir = try makeTemporaryDirectory("folio-url")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: squarePNG, to: dir.appendingPathComponent("my pic.png"))
        let file = dir.appendingPathComponent("d.md").path
        XCTAssertEqual(try build("![a](my%20pic.png)\n", file: file).images, [dir.appendingPathComponent("my pic.png").path])
        XCTAssertEqual(try build("![a](<my pic.png>)\n", file: file).images.count, 1)
        try FileManager.default.copyItem(at: squarePNG, to: dir.appendingPathComponent("fig:1.png"))
        XCTAssertEqual(try build("![a](fig:1.png)\n", file: file).images, [dir.appendingPathComponent("fig:1.png").path],
                       "a colon in a file name is no scheme")
        XCTAssertEqual(try build("![a](file:my%20pic.png)\n", file: file).images, [dir.appendingPathComponent("my pic.png").path],
                       "a relative file: URL is relative to the document")
        XCTAssertEqual(try build("![a](file://\(dir.path)/my%20pic.png)\n", file: file).images,
                       [dir.appendingPathComponent("my pic.png").path])
        XCTAssertThrowsError(try build("\n![a](https://example.com/x.png)\n", file: file)) { error in
            XCTAssertTrue("\(error)".contains("d.md:2:1: image 'https://example.com/x.png' is on the web"), "\(error)")
        }
    }

    func testNestedQuotesIndentFurther() throws {
        let built = try build("> outer\n>\n> > inner\n")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["outer", "inner"])
        XCTAssertGreaterThan(p[1].style.headIndent, p[0].style.headIndent)
        XCTAssertGreaterThan(p[0].style.headIndent, 0)
    }

    func testCodeBlocksKeepSpacesAndLinesAndWrapAtLayoutTime() throws {
        let long = String(repeating: "x", count: 200)
        let built = try build("```\n  indented\n\(long)\n```\n")
        let p = paragraphs(built)
        XCTAssertEqual(p.count, 1)
        XCTAssertEqual(p[0].text, "\u{00A0}\u{00A0}indented\u{2028}" + long, "lines kept whole: the layout wraps them")
        XCTAssertEqual(p[0].style.continuationMark, ContinuationMark("↪\u{00A0}", color: Color(red: 0.55, green: 0.55, blue: 0.55)))
        XCTAssertFalse(p[0].style.hyphenation)
        XCTAssertEqual(p[0].attributes.font?.families.first, "DejaVu Sans Mono")
    }

    /// Every space of code, inline or in a block, is a no-break space, whatever the text
    /// around it (Chinese, combining marks, tabs widened to their stops).
    func testCodeSpacesBecomeNoBreakSpacesInAnyScript() throws {
        let inline = paragraphs(try build("见 `let x = 中文;` 与 `a\u{0301} b`。\n"))
        XCTAssertEqual(inline.map(\.text), ["见 let\u{00A0}x\u{00A0}=\u{00A0}中文; 与 a\u{0301}\u{00A0}b。"])
        let block = paragraphs(try build("```\n\t文 字\n  é\n```\n"))
        XCTAssertEqual(block.map(\.text), [String(repeating: "\u{00A0}", count: 4) + "文\u{00A0}字\u{2028}\u{00A0}\u{00A0}é"])
        XCTAssertEqual(paragraphs(try build("`nospace`\n")).map(\.text), ["nospace"])
        // A mark after the space: the space is replaced all the same.
        XCTAssertEqual(paragraphs(try build("`x \u{0301}y`\n")).map { Array($0.text.unicodeScalars) },
                       [Array("x\u{00A0}\u{0301}y".unicodeScalars)])
    }

    func testWrappedCodeFillsEachLineAndMarksTheContinuations() throws {
        // Lines just under, at and over what a line holds: each is set on as few lines as
        // its length needs, none overflows, no line is empty, and only the lines that
        // continue a line of the code start with the mark.
        let lines = (60...200).map { String(repeating: "z", count: $0) }
        let built = try build("```\n" + lines.joined(separator: "\n") + "\n```\n")
        let manager = LayoutManager(textStorage: built.storage)
        manager.addTextContainer(TextContainer(size: Size(width: 450, height: 1e6)))
        manager.ensureLayout()
        let fragments = manager.lineFragments
        let advance = try XCTUnwrap(fragments.first?.glyphRuns.first.map { $0.positions[1].x - $0.positions[0].x })
        let style = built.storage.paragraphStyle(ofParagraph: 0)
        XCTAssertEqual(style.firstLineHeadIndent, style.headIndent)
        let measure = 450 - style.headIndent - max(0, -style.tailIndent)
        let perLine = Int((measure / advance + 1e-9).rounded(.down))
        let perContinuation = Int(((measure - 2 * advance) / advance + 1e-9).rounded(.down))
        var expected = 0
        for line in lines {
            expected += 1
            var rest = line.count - perLine
            while rest > 0 { expected += 1; rest -= perContinuation }
        }
        XCTAssertEqual(fragments.count, expected, "\(perLine) characters a line, \(perContinuation) after the mark")

        let grey = Color(red: 0.55, green: 0.55, blue: 0.55)
        for (k, fragment) in fragments.enumerated() {
            XCTAssertLessThanOrEqual(fragment.usedRect.width, measure + 1e-6)
            let runs = fragment.glyphRuns
            let marked = runs.first?.text == "↪\u{00A0}"
            let startsACodeLine = k == 0 || built.storage.substring(fragments[k - 1].characterRange).hasSuffix("\u{2028}")
            XCTAssertEqual(marked, !startsACodeLine, "line \(k)")
            if marked { XCTAssertEqual(runs[0].attributes.foregroundColor, grey) }
            XCTAssertFalse(runs.dropFirst(marked ? 1 : 0).allSatisfy { $0.glyphs.isEmpty }, "empty line \(k)")
        }
    }

    func testThematicBreakIsTheOrnament() throws {
        let built = try build("Before.\n\n***\n\nAfter.")
        let p = paragraphs(built)
        XCTAssertEqual(p[1].text, template.ornament)
        XCTAssertEqual(p[1].style.alignment, .center)
        XCTAssertEqual(p[2].style.firstLineHeadIndent, 0)
    }

    func testHardBreakIsALineSeparator() throws {
        let built = try build("one  \ntwo\\\nthree")
        XCTAssertEqual(paragraphs(built)[0].text, "one\u{2028}two\u{2028}three")
    }

    func testAnImageAloneIsAFigureScaledToTheColumnWithItsCaption() throws {
        let dir = try makeTemporaryDirectory("folio-fig")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: squarePNG, to: dir.appendingPathComponent("sq.png"))
        // In the flow (`float=none`): the figure and its caption are paragraphs of the text.
        let built = try build("Text with ![icon](sq.png) inline.\n\n{float=none}\n![The caption](sq.png)\n", file: dir.appendingPathComponent("d.md").path)
        let p = paragraphs(built)
        XCTAssertEqual(p.count, 3)
        let figure = built.storage.attributes(at: built.storage.paragraphRange(at: 1).lowerBound).attributes.attachment
        XCTAssertEqual(figure?.sizing, .fillWidth(maximumHeight: 700 * 0.85), "scaled at layout time to the column it lands in")
        XCTAssertEqual(figure?.bounds.size, Size(width: 32, height: 32), "its natural size keeps the aspect ratio")
        let manager = LayoutManager(textStorage: built.storage)
        manager.addTextContainer(TextContainer(size: Size(width: 450, height: 1e6)))
        let figureRun = manager.lineFragments(inContainerAt: 0).flatMap(\.glyphRuns).first { $0.characterRange.lowerBound == built.storage.paragraphRange(at: 1).lowerBound }
        XCTAssertEqual(try XCTUnwrap(figureRun?.attachmentRect).width, 450, accuracy: 0.01, "as wide as the column")
        XCTAssertEqual(p[2].text, "The caption")
        XCTAssertTrue(p[1].style.keepWithNext, "a figure stays with its caption")
        XCTAssertEqual(built.images.count, 1)
        // Floating (the default, `here`): the same two paragraphs, anchored after the one before.
        let floating = try build("Text with ![icon](sq.png) inline.\n\n![The caption](sq.png)\n", file: dir.appendingPathComponent("d.md").path)
        XCTAssertEqual(paragraphs(floating).count, 1)
        let block = try XCTUnwrap(floating.storage.attributeRuns(of: .floatingBlock).compactMap { $0.value?.base as? FloatingBlock }.first)
        XCTAssertEqual(block.placement, .here)
        let inside = TextStorage()
        inside.append(block.text)
        XCTAssertEqual(inside.paragraphCount, 3, "figure, caption (and the end)")
        XCTAssertEqual(inside.substring(inside.paragraphContentRange(at: 1)), "The caption")
        XCTAssertNotNil(inside.attributes(at: 0).attributes.attachment)
        XCTAssertThrowsError(try build("{float=sideways}\n![x](sq.png)", file: dir.appendingPathComponent("d.md").path)) { error in
            XCTAssertTrue("\(error)".contains("float is here, top, bottom, page or none"), "\(error)")
        }
        XCTAssertThrowsError(try build("![x](missing.png)", file: dir.appendingPathComponent("d.md").path)) { error in
            XCTAssertTrue("\(error)".contains("d.md:1:1: image 'missing.png' not found"), "\(error)")
        }
    }

    func testWrapSetsAFigureOrATableBesideTheText() throws {
        let dir = try makeTemporaryDirectory("folio-wrap")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: squarePNG, to: dir.appendingPathComponent("sq.png"))
        let file = dir.appendingPathComponent("d.md").path
        func blocks(_ markdown: String) throws -> [FloatingBlock] {
            try build(markdown, file: file).storage.attributeRuns(of: .floatingBlock).compactMap { $0.value?.base as? FloatingBlock }
        }
        let figure = try XCTUnwrap(blocks("Text before.\n\n{wrap=left}\n![Caption](sq.png)\n\nText after.").first)
        XCTAssertEqual(figure.wrap, FloatingBlock.Wrap(side: .left, width: 0.4))
        let table = try XCTUnwrap(blocks("Text before.\n\n{wrap=right wrap-width=35%}\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.").first)
        XCTAssertEqual(table.wrap?.side, .right)
        XCTAssertEqual(try XCTUnwrap(table.wrap?.width), 0.35, accuracy: 1e-12)
        XCTAssertTrue(try blocks("Text before.\n\n{wrap=none float=none}\n![Caption](sq.png)\n").isEmpty, "wrap=none keeps it in the flow")
        for (markdown, message) in [
            ("Text.\n\n{wrap=middle}\n![x](sq.png)", "d.md:3:2: wrap is left, right or none, not 'middle'"),
            ("Text.\n\n{wrap=left wrap-width=95%}\n![x](sq.png)", "wrap-width is a share of the column from 10% to 90%, such as 40%, not '95%'"),
            ("Text.\n\n{wrap=left wrap-width=40}\n![x](sq.png)", "not '40'"),
            ("Text.\n\n{wrap-width=40%}\n![x](sq.png)", "wrap-width needs wrap=left or wrap=right beside it"),
        ] {
            XCTAssertThrowsError(try build(markdown, file: file), markdown) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    func testFrontMatterGivesTheTitleBlockAndMetadata() throws {
        let built = try build("---\ntitle: The Title\nauthor: Ann Author\nkeywords: [a, b]\nsubject: Things\n---\n\nBody.")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["The Title", "Ann Author", "Body."])
        // The title block is set in the template's title and author styles.
        let title = try styles.paragraphStyle(named: "title", at: nil), author = try styles.paragraphStyle(named: "author", at: nil)
        XCTAssertEqual(p[0].attributes.font, title.attributes.font)
        XCTAssertEqual(p[0].style.alignment, title.paragraph.alignment)
        XCTAssertEqual(p[1].attributes.font, author.attributes.font)
        XCTAssertEqual(p[1].attributes.font?.style, .italic)
        XCTAssertEqual(p[2].attributes.font, try styles.paragraphStyle(named: "body", at: nil).attributes.font)
        XCTAssertEqual(built.metadata.title, "The Title")
        XCTAssertEqual(built.metadata.author, "Ann Author")
        XCTAssertEqual(built.metadata.subject, "Things")
        XCTAssertEqual(built.metadata.keywords, ["a", "b"])
        XCTAssertEqual(built.variables["title"], "The Title")
        XCTAssertEqual(built.variables["author"], "Ann Author")
    }

    func testFrontMatterValuesAreInlineMarkdown() throws {
        let built = try build("---\ntitle: The *Odyssey* Retold\nauthor: \"[Homer]{.smallcaps}\"\nabstract: \"One.\\n\\nTwo with `code`.\"\n---\n\nBody.")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["The Odyssey Retold", "HOMER", "One.", "Two with code.", "Body."], "small capitals made by hand")
        XCTAssertEqual(attributes(of: "Odyssey", in: built)?.font?.style, .italic)
        XCTAssertNotEqual(attributes(of: "The ", in: built)?.font?.style, .italic)
        XCTAssertEqual(built.metadata.title, "The Odyssey Retold", "metadata is plain text")
        XCTAssertEqual(built.variables["title"], "The Odyssey Retold", "so are running heads")
        XCTAssertEqual(built.metadata.author, "Homer")
        let list = try build("---\ntitle: 1. Not a list\n---\n\nBody.")
        XCTAssertEqual(paragraphs(list).first?.text, "1. Not a list", "a value that is no paragraph stays as written")
    }

    func testAnIdGivenTwiceIsReportedAndKeepsItsFirstPlace() throws {
        let built = try build("# One {#x}\n\nText [go](#x).\n\n# Two {#x}\n\nMore [t]{#x}.\n")
        XCTAssertEqual(built.anchors.filter { $0.id == "x" }.count, 1)
        XCTAssertEqual(built.anchors.first { $0.id == "x" }?.offset, 0)
        XCTAssertEqual(built.warnings.count, 2, "\(built.warnings)")
        XCTAssertTrue(built.warnings[0].contains("doc.md:5:1: the id 'x' was already given at line 1"), built.warnings[0])
    }

    func testInternalLinksToUnknownIdsWarn() throws {
        let built = try build("# Here\n\n[ok](#here) and [bad](#nowhere)")
        XCTAssertEqual(built.warnings.count, 1)
        XCTAssertTrue(built.warnings[0].contains("'nowhere'"), built.warnings[0])
        XCTAssertNil(attributes(of: "bad", in: built)?.link, "a link that goes nowhere is dropped")
        XCTAssertEqual(attributes(of: "ok", in: built)?.link, "#here")
    }

    func testStyleRulesApplyOnEditedParagraphsOnly() throws {
        template.styles["alarm"] = StyleDefinition(name: "alarm", kind: .character,
                                                   properties: [StyleProperty(name: "color", value: "#ff0000")])
        template.styles["script"] = StyleDefinition(name: "script", kind: .character,
                                                    properties: [StyleProperty(name: "style", value: "italic")])
        template.rules = [StyleRule(pattern: "\\b[A-Z]{2,}\\b", style: "alarm"),
                          StyleRule(pattern: "~([^~]+)~", style: "script", replacement: "$1")]
        styles = try StyleSheet(template: template)
        let built = try build("Beware the NASA budget.\n\nA ~whispered~ word.\n\nThe NATO summit.")
        XCTAssertEqual(attributes(of: "NASA", in: built)?.foregroundColor, Color(hex: "#ff0000"))
        XCTAssertEqual(attributes(of: "NATO", in: built)?.foregroundColor, Color(hex: "#ff0000"))
        XCTAssertNil(attributes(of: "Beware", in: built)?.foregroundColor)
        XCTAssertEqual(built.storage.substring(built.storage.paragraphContentRange(at: 1)), "A whispered word.")
        XCTAssertEqual(attributes(of: "whispered", in: built)?.font?.style, .italic)
        // Take the rule's colour off NATO behind the rules' back (with the fixers out) …
        let s = built.storage
        let fixers = s.attributeFixers
        XCTAssertFalse(fixers.isEmpty, "the rules are installed in the storage")
        s.attributeFixers = []
        let nato = s.string.utf8.distance(from: s.string.startIndex, to: try XCTUnwrap(s.string.range(of: "NATO")).lowerBound)
        s.setAttributes(try XCTUnwrap(attributes(of: "The", in: built)), range: nato..<(nato + 4))
        XCTAssertNil(attributes(of: "NATO", in: built)?.foregroundColor)
        s.attributeFixers = fixers
        // … then an edit runs the rules again on the paragraph it touches, and on no other.
        s.replaceCharacters(in: s.paragraphContentRange(at: 0).upperBound..<s.paragraphContentRange(at: 0).upperBound, with: " And ESA.")
        XCTAssertEqual(attributes(of: "ESA", in: built)?.foregroundColor, Color(hex: "#ff0000"))
        XCTAssertNil(attributes(of: "NATO", in: built)?.foregroundColor, "an untouched paragraph is left as it is")
    }

    func testColumnsPropertyStartsASection() throws {
        let built = try build("Spanning intro.\n\n{columns=3}\nIn three columns.")
        XCTAssertEqual(built.sections, [SectionMark(offset: built.storage.paragraphRange(at: 1).lowerBound, columns: 3)])
        XCTAssertEqual(built.storage.paragraphStyle(ofParagraph: 1).breakBefore, .container)
    }

    func testPlainTextIsSetInBody() throws {
        let built = try DocumentBuilder(template: template, styles: styles, columnWidth: 450, columnHeight: 700)
            .buildPlainText("One\nparagraph.\n\nTwo.\n", file: "/no-such-folder/p.txt", language: "en-US")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["One paragraph.", "Two."])
        XCTAssertEqual(built.storage.paragraphCount, 2, "no empty paragraph at the end")
        let body = try styles.paragraphStyle(named: "body", at: nil)
        for paragraph in p {
            XCTAssertEqual(paragraph.attributes.font, body.attributes.font, paragraph.text)
            XCTAssertEqual(paragraph.style.alignment, body.paragraph.alignment, paragraph.text)
            XCTAssertEqual(paragraph.style.firstLineHeadIndent, body.paragraph.firstLineHeadIndent, accuracy: 1e-9, paragraph.text)
            XCTAssertEqual(paragraph.attributes.language, "en-US", "the language given, for hyphenation")
        }
    }
}

extension DocumentBuilderTests {
    func testListsInsideQuotesHangTheirMarkersFromTheQuoteIndent() throws {
        let built = try build("> quoted\n>\n> - item\n>   - inner\n")
        let p = paragraphs(built)
        XCTAssertEqual(p.map(\.text), ["quoted", "•\titem", "–\tinner"])
        let quote = p[0].style.headIndent
        XCTAssertGreaterThan(quote, 0)
        XCTAssertEqual(p[1].style.firstLineHeadIndent, quote, accuracy: 1e-9, "the marker hangs at the quote's indent")
        XCTAssertEqual(p[1].style.tabStops.first?.location, p[1].style.headIndent)
        XCTAssertGreaterThan(p[2].style.headIndent, p[1].style.headIndent)
    }

    func testAnItemThatStartsWithCodeKeepsItsMarker() throws {
        let p = paragraphs(try build("- ```\n  code\n  ```\n- item\n"))
        XCTAssertEqual(p.map(\.text), ["•", "code", "•\titem"])
        XCTAssertTrue(p[0].style.keepWithNext)
    }
}

extension DocumentBuilderTests {
    func testARuleIsRelativeToTheTextItMatchesAndAppliesOnce() throws {
        template.styles["big"] = StyleDefinition(name: "big", kind: .character, properties: [StyleProperty(name: "size", value: "1.5em")])
        template.rules = [StyleRule(pattern: "\\bBIG\\b", style: "big")]
        styles = try StyleSheet(template: template)
        let built = try build("# A BIG heading\n\nA BIG word.")
        let heading = try styles.paragraphStyle(named: "heading-1", at: nil).attributes.font!.size
        let body = try styles.paragraphStyle(named: "body", at: nil).attributes.font!.size
        let s = built.storage
        func size(inParagraph i: Int) -> Double {
            let r = s.paragraphContentRange(at: i)
            let at = s.substring(r).utf8.count - s.substring(r).drop(while: { $0 != "B" }).utf8.count + r.lowerBound
            return s.attributes(at: at).attributes.font!.size
        }
        XCTAssertEqual(size(inParagraph: 0), heading * 1.5, accuracy: 1e-9)
        XCTAssertEqual(size(inParagraph: 1), body * 1.5, accuracy: 1e-9)
        // Editing the paragraph runs the rules again: the match keeps its size.
        s.replaceCharacters(in: s.paragraphContentRange(at: 1).upperBound..<s.paragraphContentRange(at: 1).upperBound, with: " More.")
        XCTAssertEqual(size(inParagraph: 1), body * 1.5, accuracy: 1e-9)
    }
}

/// `{.dropcap}` (the standard `dropcap` style) and the `drop-cap` property.
final class DropCapStyleTests: XCTestCase {
    func testTheDropcapClassSetsThreeLinesAndDropCapIsRangeChecked() throws {
        let template = try BuiltinTemplates.template(named: "default")
        let styles = try StyleSheet(template: template)
        func build(_ markdown: String) throws -> BuiltDocument {
            try DocumentBuilder(template: template, styles: styles, columnWidth: 450, columnHeight: 700)
                .build(MarkdownReader.parse(markdown, file: "d.md"))
        }
        let built = try build("Before.\n\n{.dropcap}\nOnce upon a time.\n\n{drop-cap=2}\nAnother.")
        XCTAssertEqual(built.storage.paragraphStyle(ofParagraph: 1).dropCapLines, 3)
        XCTAssertEqual(built.storage.paragraphStyle(ofParagraph: 2).dropCapLines, 2)
        XCTAssertEqual(built.storage.paragraphStyle(ofParagraph: 0).dropCapLines, 0)
        XCTAssertThrowsError(try build("{drop-cap=12}\nText.")) { error in
            XCTAssertTrue("\(error)".contains("drop-cap is a number of lines from 0 (none) to 10, not '12'"), "\(error)")
        }
    }
}
