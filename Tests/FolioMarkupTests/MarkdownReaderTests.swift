import FolioTestSupport
import Foundation
import XCTest
@testable import FolioMarkup

final class MarkdownReaderTests: XCTestCase {
    private func blocks(_ text: String) throws -> [Block] {
        try MarkdownReader.parse(text, file: "doc.md").blocks
    }

    private func inlines(_ text: String) throws -> [Inline] {
        let result = try blocks(text)
        guard result.count == 1, case .paragraph(let content) = result[0].kind else {
            XCTFail("expected one paragraph, got \(result)"); return []
        }
        return content
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            _ = try MarkdownReader.parse(text, file: "doc.md")
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as DocumentError {
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    private func loc(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "doc.md", line: line, column: column)
    }

    // MARK: Headings and paragraphs

    func testLoneCarriageReturnsEndLinesAsCmarkCountsThem() throws {
        // A table whose rows end in lone CRs once trapped (fuzzing found it).
        let found = try blocks("Para\r\r| a | b |\r|---|---|\r| 1 | 2 |\r\r# Heading\r")
        XCTAssertEqual(found.count, 3)
        guard case .table = found[1].kind else { return XCTFail("\(found[1].kind)") }
        XCTAssertEqual(found[1].location.line, 3)
        XCTAssertEqual(found[2].location.line, 7)
        XCTAssertEqual(try blocks("a\r\nb\r\n\r\nc").count, 2, "CRLF is left alone")
    }

    func testATXHeadingsAllLevels() throws {
        let result = try blocks((1...6).map { String(repeating: "#", count: $0) + " Level \($0)" }.joined(separator: "\n"))
        XCTAssertEqual(result.count, 6)
        for (i, block) in result.enumerated() {
            XCTAssertEqual(block.kind, .heading(level: i + 1, content: [.text("Level \(i + 1)")], id: "level-\(i + 1)"))
            XCTAssertEqual(block.location, loc(i + 1, 1))
        }
    }

    func testSetextHeadings() throws {
        let result = try blocks("Title\n=====\n\nSub *part*\n---\n")
        XCTAssertEqual(result.map(\.kind), [
            .heading(level: 1, content: [.text("Title")], id: "title"),
            .heading(level: 2, content: [.text("Sub "), .emphasis([.text("part")])], id: "sub-part"),
        ])
    }

    func testParagraphsAndSoftBreak() throws {
        let result = try blocks("One\ntwo\n\nThree")
        XCTAssertEqual(result.map(\.kind), [
            .paragraph([.text("One"), .softBreak, .text("two")]),
            .paragraph([.text("Three")]),
        ])
        XCTAssertEqual(result.map(\.location), [loc(1, 1), loc(4, 1)])
    }

    func testHardLineBreaks() throws {
        XCTAssertEqual(try inlines("a  \nb\\\nc"), [.text("a"), .lineBreak, .text("b"), .lineBreak, .text("c")])
    }

    // MARK: Inline markup

    func testEmphasisStrongStrikethroughCode() throws {
        XCTAssertEqual(try inlines("*em* **strong** ~~gone~~ `x < y` _u_ ~one~"), [
            .emphasis([.text("em")]), .text(" "), .strong([.text("strong")]), .text(" "),
            .strikethrough([.text("gone")]), .text(" "), .code("x < y"), .text(" "), .emphasis([.text("u")]),
            // One tilde is text (kept for style rules); strikethrough takes two.
            .text(" ~one~"),
        ])
        XCTAssertEqual(try inlines("***both***"), [.emphasis([.strong([.text("both")])])])
    }

    func testSmartPunctuation() throws {
        XCTAssertEqual(try inlines("\"Quoted\" and 'single' -- en --- em... it's"),
                       [.text("“Quoted” and ‘single’ – en — em… it’s")])
        // Not inside code.
        XCTAssertEqual(try inlines("`\"a\" -- b`"), [.code("\"a\" -- b")])
    }

    func testEntitiesAndRawHTML() throws {
        XCTAssertEqual(try inlines("&amp; &copy; &#65; a <b>bold</b>"),
                       [.text("& © A a "), .html("<b>"), .text("bold"), .html("</b>")])
        let result = try blocks("<div class=\"x\">\n  raw\n</div>\n\nafter")
        XCTAssertEqual(result.map(\.kind), [.html("<div class=\"x\">\n  raw\n</div>"), .paragraph([.text("after")])])
    }

    func testLinks() throws {
        XCTAssertEqual(try inlines("[inline](http://a.example/x \"T\") and [ref][r]\n\n[r]: /target 'Ref title'"), [
            .link(destination: "http://a.example/x", title: "T", content: [.text("inline")]),
            .text(" and "),
            .link(destination: "/target", title: "Ref title", content: [.text("ref")]),
        ])
        XCTAssertEqual(try inlines("see www.example.com and <http://x.example/a?b=c>"), [
            .text("see "),
            .link(destination: "http://www.example.com", title: "", content: [.text("www.example.com")]),
            .text(" and "),
            .link(destination: "http://x.example/a?b=c", title: "", content: [.text("http://x.example/a?b=c")]),
        ])
    }

    func testImages() throws {
        let content = try inlines("Text ![An *old* map](img/map.png \"The map\") here")
        XCTAssertEqual(content, [
            .text("Text "),
            .image(source: "img/map.png", alt: "An old map", title: "The map", location: loc(1, 6)),
            .text(" here"),
        ])
        XCTAssertEqual(try inlines("![alone](a.jpg)"), [.image(source: "a.jpg", alt: "alone", title: "", location: loc(1, 1))])
    }

    func testImageLocationOnContinuationLines() throws {
        // cmark-gfm reports later lines' columns as if indented like the first; they are fixed.
        let result = try blocks("> first line\n>   ![x](y.png)\n\n- item\n  ![z](w.png)")
        guard case .blockQuote(let quoted) = result[0].kind, case .paragraph(let a) = quoted[0].kind,
              case .list(_, _, let items) = result[1].kind, case .paragraph(let b) = items[0].blocks[0].kind else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(a.last, .image(source: "y.png", alt: "x", title: "", location: loc(2, 5)))
        XCTAssertEqual(b.last, .image(source: "w.png", alt: "z", title: "", location: loc(5, 3)))
    }

    func testLocationColumnsCountCharacters() throws {
        let content = try inlines("Ünïcödé ![x](y.png)")
        XCTAssertEqual(content.last, .image(source: "y.png", alt: "x", title: "", location: loc(1, 9)))
    }

    // MARK: Code, quotes, lists, breaks

    func testCodeBlocks() throws {
        let result = try blocks("```swift title=x\nlet a = 1\n\nlet b = 2\n```\n\n    indented\n      more\n\n~~~\nplain\n~~~")
        XCTAssertEqual(result.map(\.kind), [
            .codeBlock(info: "swift title=x", text: "let a = 1\n\nlet b = 2"),
            .codeBlock(info: nil, text: "indented\n  more"),
            .codeBlock(info: nil, text: "plain"),
        ])
        XCTAssertEqual(result.map(\.location), [loc(1, 1), loc(7, 5), loc(10, 1)])
    }

    func testNestedBlockQuotes() throws {
        let result = try blocks("> outer\n>\n> > inner\n>\n> back")
        guard case .blockQuote(let outer) = result[0].kind else { return XCTFail("\(result)") }
        XCTAssertEqual(outer.count, 3)
        XCTAssertEqual(outer[0].kind, .paragraph([.text("outer")]))
        guard case .blockQuote(let inner) = outer[1].kind else { return XCTFail("\(outer)") }
        XCTAssertEqual(inner.map(\.kind), [.paragraph([.text("inner")])])
        XCTAssertEqual(inner[0].location, loc(3, 5))
        XCTAssertEqual(outer[1].location, loc(3, 3))
        XCTAssertEqual(outer[2].kind, .paragraph([.text("back")]))
    }

    func testNestedListsStartTightLoose() throws {
        let result = try blocks("3. three\n4. four\n   - a\n   - b\n\n     b2\n\n10) ten")
        XCTAssertEqual(result.count, 2)
        guard case .list(let kind, let tight, let items) = result[0].kind else { return XCTFail("\(result)") }
        XCTAssertEqual(kind, .ordered(start: 3, delimiter: "."))
        XCTAssertTrue(tight)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[1].location, loc(2, 1))
        XCTAssertEqual(items[0].blocks.map(\.kind), [.paragraph([.text("three")])])
        guard case .list(let innerKind, let innerTight, let inner) = items[1].blocks[1].kind else { return XCTFail("\(items)") }
        XCTAssertEqual(innerKind, .bullet)
        XCTAssertFalse(innerTight)
        XCTAssertEqual(inner[1].blocks.map(\.kind), [.paragraph([.text("b")]), .paragraph([.text("b2")])])
        XCTAssertEqual(inner[1].location, loc(4, 4))
        guard case .list(let second, _, _) = result[1].kind else { return XCTFail("\(result)") }
        XCTAssertEqual(second, .ordered(start: 10, delimiter: ")"))
    }

    func testTaskList() throws {
        let result = try blocks("- [x] done\n- [ ] todo\n- plain")
        guard case .list(.bullet, true, let items) = result[0].kind else { return XCTFail("\(result)") }
        XCTAssertEqual(items.map(\.checked), [true, false, nil])
        XCTAssertEqual(items.map { $0.blocks.map(\.kind) }, [
            [.paragraph([.text("done")])], [.paragraph([.text("todo")])], [.paragraph([.text("plain")])],
        ])
    }

    func testTaskListInBlockQuote() throws {
        let result = try blocks("> - [ ] open\n> - [X] *done*\n> - [y] no")
        guard case .blockQuote(let quoted) = result[0].kind, case .list(_, _, let items) = quoted[0].kind else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(items.map(\.checked), [false, true, nil])
        XCTAssertEqual(items.map { $0.blocks.map(\.kind) }, [
            [.paragraph([.text("open")])], [.paragraph([.emphasis([.text("done")])])], [.paragraph([.text("[y] no")])],
        ])
    }

    func testThematicBreak() throws {
        XCTAssertEqual(try blocks("a\n\n***\n\nb").map(\.kind), [.paragraph([.text("a")]), .thematicBreak, .paragraph([.text("b")])])
    }

    func testPipeTablesAreReadWithAlignmentsAndTheirRowsPlaces() throws {
        let result = try blocks("Text.\n\n| a | *b* |\n|:--|--:|\n| 1 | 2 |\n| 3 |\n\nAfter.")
        XCTAssertEqual(result.count, 3)
        guard case .table(let t) = result[1].kind else { return XCTFail("\(result)") }
        XCTAssertEqual(t.alignments, [.left, .right])
        XCTAssertEqual(t.rows.map { $0.map(\.content) }, [[[.text("a")], [.emphasis([.text("b")])]], [[.text("1")], [.text("2")]],
                                                       [[.text("3")], []]], "a short row is filled out")
        XCTAssertEqual(t.rowLocations.map(\.line), [3, 5, 6])
        XCTAssertEqual(result[1].location.line, 3)
    }

    // MARK: Spans

    func testSpanWithNestedEmphasis() throws {
        let spec = StyleSpec(classes: ["smallcaps"], properties: [StyleProperty(name: "color", value: "#b00", location: loc(1, 37))])
        XCTAssertEqual(try inlines("A [text with *emphasis*]{.smallcaps color=#b00} end."), [
            .text("A "), .span(spec, [.text("text with "), .emphasis([.text("emphasis")])]), .text(" end."),
        ])
    }

    func testNestedSpansAndLiteralBrackets() throws {
        let content = try inlines("[a [b]{.x} [1] c]{.y} [not] a span]")
        XCTAssertEqual(content, [
            .span(StyleSpec(classes: ["y"]), [.text("a "), .span(StyleSpec(classes: ["x"]), [.text("b")]), .text(" [1] c")]),
            .text(" [not] a span]"),
        ])
        XCTAssertEqual(try inlines("an [open bracket"), [.text("an [open bracket")])
        XCTAssertEqual(try inlines("[sic]{not attributes}"), [.text("[sic]{not attributes}")])
    }

    func testSpanQuotedValuesSurviveSmartPunctuation() throws {
        guard case .span(let spec, let content)? = try inlines("[x]{title=\"Hello -- world\" note='it' .a}").first else {
            return XCTFail()
        }
        XCTAssertEqual(content, [.text("x")])
        XCTAssertEqual(spec.classes, ["a"])
        XCTAssertEqual(spec.properties.map(\.value), ["Hello -- world", "it"])
        XCTAssertEqual(spec.properties.map(\.location), [loc(1, 5), loc(1, 28)])
    }

    func testEscapedBracketsAreNotSpans() throws {
        XCTAssertEqual(try inlines("\\[x]{.y} and [x\\]{.y} and [x]\\{.y}"), [.text("[x]{.y} and [x]{.y} and [x]{.y}")])
        // Inside code the backslash stays.
        XCTAssertEqual(try inlines("`\\[x]` \\\\[y]{.z}"), [
            .code("\\[x]"), .text(" \\"), .span(StyleSpec(classes: ["z"]), [.text("y")]),
        ])
        XCTAssertEqual(try blocks("    \\[code]\\{x}").map(\.kind), [.codeBlock(info: nil, text: "\\[code]\\{x}")])
    }

    func testSpanWithAutolinkedValue() throws {
        let content = try inlines("[site]{title=\"see www.example.com now\"} after")
        guard case .span(let spec, _)? = content.first else { return XCTFail("\(content)") }
        XCTAssertEqual(spec.value(of: "title"), "see www.example.com now")
        XCTAssertEqual(content.last, .text(" after"))
    }

    func testSpanErrorsPointAtTheCharacter() throws {
        let e1 = error("Some text [x]{.a title=\"open}")
        XCTAssertEqual(e1?.line, 1)
        XCTAssertEqual(e1?.column, 24)
        XCTAssertTrue(e1?.reason.contains("unterminated") ?? false, e1?.description ?? "")
        let e2 = error("First line\n> quote [x]{.a !b}")
        XCTAssertEqual(e2.map { [$0.line, $0.column] }, [2, 16])
        let e3 = error("“Fancy” — [x]{.a")
        XCTAssertEqual(e3.map { [$0.line, $0.column] }, [1, 17])
        XCTAssertTrue(e3?.reason.contains("missing '}'") ?? false)
    }

    // MARK: Block attributes

    func testStyleLineOpeningAParagraph() throws {
        let result = try blocks("{.lead #opening}\nThe first paragraph.\n\nSecond.")
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0].kind, .paragraph([.text("The first paragraph.")]))
        XCTAssertEqual(result[0].spec, StyleSpec(classes: ["lead"], id: "opening"))
        XCTAssertNil(result[1].spec)
    }

    func testStyleParagraphAppliesToNextBlock() throws {
        let result = try blocks("{.tight}\n\n- a\n- b\n\n{.aside}\n\n> quoted\n\n{.listing}\n\n```\ncode\n```\n\n{.part}\n\n# Part {#p1 .big}")
        XCTAssertEqual(result.count, 4)
        XCTAssertEqual(result.map(\.spec?.classes), [["tight"], ["aside"], ["listing"], ["part", "big"]])
        guard case .list = result[0].kind, case .blockQuote = result[1].kind, case .codeBlock = result[2].kind else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(result[3].kind, .heading(level: 1, content: [.text("Part")], id: "p1"))
    }

    func testProseInBracesIsText() throws {
        XCTAssertEqual(try inlines("{ESTELLE VALNOR, \"Witnesses\": {"), [.text("{ESTELLE VALNOR, “Witnesses”: {")])
        XCTAssertEqual(try inlines("{.x} and more"), [.text("{.x} and more")])
    }

    func testDanglingStyleLineIsAnError() {
        let e = error("Text\n\n{.orphan}\n")
        XCTAssertEqual(e.map { [$0.line, $0.column] }, [3, 1])
    }

    func testBadStyleLineIsAnError() {
        let e = error("{.lead key=}\nText")
        XCTAssertEqual(e.map { [$0.line, $0.column] }, [1, 12])
    }

    // MARK: Heading ids

    func testHeadingIds() throws {
        let result = try blocks("""
            # Hello, World!
            ## Hello, world
            ## Hello World
            # Über *alles* -- now
            # Custom {#custom-id .chapter}
            # custom-id
            # [Span]{.x} heading
            # !!!
            """)
        let ids = result.compactMap { block -> String? in
            if case .heading(_, _, let id) = block.kind { return id }
            return nil
        }
        XCTAssertEqual(ids, ["hello-world", "hello-world-1", "hello-world-2", "über-alles--now", "custom-id", "custom-id-1",
                             "span-heading", "section"])
        XCTAssertEqual(result[4].kind, .heading(level: 1, content: [.text("Custom")], id: "custom-id"))
        XCTAssertEqual(result[4].spec, StyleSpec(classes: ["chapter"], id: "custom-id"))
        guard case .heading(_, let content, _) = result[6].kind, case .span = content.first else { return XCTFail() }
    }

    func testHeadingAttributesWithQuotedValues() throws {
        let result = try blocks("## Notes -- \"quoted\" {.small title=\"A -- B\"}\n\n# {#empty}")
        XCTAssertEqual(result[0].kind, .heading(level: 2, content: [.text("Notes – “quoted”")], id: "notes--quoted"))
        XCTAssertEqual(result[0].spec?.value(of: "title"), "A -- B")
        XCTAssertEqual(result[1].kind, .heading(level: 1, content: [], id: "empty"))
        let e = error("# Title {.a title=\"x}")
        XCTAssertEqual(e.map { [$0.line, $0.column] }, [1, 19])
    }

    func testSlugGenerator() {
        var slugs = SlugGenerator()
        XCTAssertEqual(slugs.slug(for: "A_b c-d?"), "a_b-c-d")
        XCTAssertEqual(slugs.slug(for: "A_b c-d"), "a_b-c-d-1")
        slugs.reserve("intro")
        XCTAssertEqual(slugs.slug(for: "Intro"), "intro-1")
        XCTAssertEqual(slugs.slug(for: "日本語 テキスト"), "日本語-テキスト")
    }

    // MARK: Plain text

    func testPlainText() {
        let content: [Inline] = [
            .text("a "), .emphasis([.strong([.text("b")])]), .softBreak, .code("c"), .lineBreak,
            .image(source: "x", alt: "alt", title: "", location: loc(1, 1)), .span(StyleSpec(), [.text("s")]),
            .link(destination: "u", title: "", content: [.text("l")]), .strikethrough([.text("z")]),
        ]
        XCTAssertEqual(content.plainText, "a b c altslz")
    }

    // MARK: Files

    func testReadReportsFileErrors() throws {
        let dir = try makeTemporaryDirectory("folio-md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("doc.md").path
        try Data([0x23, 0x20, 0x41, 0x0A, 0x62, 0xFF]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try MarkdownReader.read(path: path)) { error in
            XCTAssertEqual((error as? DocumentError).map { [$0.line, $0.column] }, [2, 2])
            XCTAssertTrue("\(error)".hasPrefix("\(path):2:2: invalid UTF-8"), "\(error)")
        }
        try Data("---\ntitle: T\n---\n# A\n".utf8).write(to: URL(fileURLWithPath: path))
        let document = try MarkdownReader.read(path: path)
        XCTAssertEqual(document.file, path)
        XCTAssertEqual(document.frontMatter.title, "T")
        XCTAssertEqual(document.blocks.first?.location, SourceLocation(file: path, line: 4, column: 1))
        XCTAssertThrowsError(try MarkdownReader.read(path: path + ".missing")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path).missing: "), "the file named: \(error)")
        }
    }

    func testConcurrentParses() {
        // cmark-gfm's extension state is process-wide; parses take turns.
        let results = Mutexed<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let blocks = (try? MarkdownReader.parse("a ~~b~~ [c]{.d} \(i)", file: "doc.md").blocks) ?? []
            if let first = blocks.first, case .paragraph(let inlines) = first.kind, inlines.count == 5 {
                results.withLock { $0.append(i) }
            }
        }
        XCTAssertEqual(results.withLock { $0.count }, 16)
    }

    // MARK: Corpus

    /// Whole novels parse completely and in place: every top-level block starts on a line
    /// that opens a blank-line-separated chunk of the source, each `## ` line is a level-2
    /// heading, and no chunk is lost. (How fast is the benchmark's business, not a test's.)
    func testCorpusParsesCompletely() throws {
        for name in ["pride-and-prejudice.md", "little-women.md"] {
            let path = try requireCorpus(name).path
            let text = try PlainTextReader.read(path: path)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let headingLines = lines.indices.filter { lines[$0].hasPrefix("## ") }.map { $0 + 1 }
            let chunkStarts = lines.indices.filter {
                !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty
                    && ($0 == 0 || lines[$0 - 1].trimmingCharacters(in: .whitespaces).isEmpty)
            }.map { $0 + 1 }
            let document = try MarkdownReader.parse(text, file: path)
            let headings = document.blocks.filter {
                if case .heading(2, _, _) = $0.kind { return true }
                return false
            }
            XCTAssertEqual(headings.map(\.location.line), headingLines, name)
            XCTAssertGreaterThan(document.blocks.count, 1000, name)
            XCTAssertEqual(document.blocks.map(\.location.line), chunkStarts, "\(name): a block lost, split or misplaced")
        }
    }
}

/// A value shared between threads in a test.
private final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&value)
    }
}
