import FolioPages
import XCTest

final class PageComposerTests: XCTestCase {
    private let prose = String(repeating: "Words set in columns keep flowing from one to the next until the text runs out. ", count: 12)

    private func storage(_ paragraphs: [String], styles: [ParagraphStyle]? = nil) -> TextStorage {
        let s = TextStorage(paragraphs.joined(separator: "\n"),
                            attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10)),
                            paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        for (i, style) in (styles ?? []).enumerated() { s.setParagraphStyle(style, range: s.paragraphRange(at: i)) }
        return s
    }

    private func layout(_ storage: TextStorage, _ composer: PageComposer) -> LayoutManager {
        let manager = LayoutManager(textStorage: storage)
        manager.delegate = composer
        manager.ensureLayout()
        return manager
    }

    func testMirroredMarginsSwapOnLeftHandPages() {
        let template = Template(name: "t", pageSize: Size(width: 400, height: 300),
                                margins: PageMargins(top: 20, bottom: 20, inner: 60, outer: 20), mirrored: true)
        let composer = PageComposer(template: template)
        let manager = layout(storage(Array(repeating: prose, count: 6)), composer)
        XCTAssertGreaterThan(composer.pages.count, 2)
        for page in composer.pages {
            // Right-hand (odd) pages bind on the left, left-hand (even) ones on the right.
            XCTAssertEqual(page.textArea.minX, page.number % 2 == 1 ? 60 : 20, "page \(page.number)")
            XCTAssertEqual(page.textArea.width, 320)
            XCTAssertEqual(page.isLeftHand, page.number % 2 == 0)
        }
        XCTAssertNil(manager.unplacedRange)
    }

    func testChaptersThatOpenOnRightHandPagesGetBlankLeftHandPagesBeforeThem() throws {
        var recto = ParagraphStyle(alignment: .left)
        recto.breakBefore = .rightPage
        // Chapters of different lengths: some end on a right-hand page, some on a left.
        let chapters = [1, 2, 3, 2, 5]
        var paragraphs: [String] = [], styles: [ParagraphStyle] = []
        for (k, length) in chapters.enumerated() {
            paragraphs.append("Chapter \(k + 1)")
            styles.append(recto)
            for _ in 0..<length {
                paragraphs.append(prose)
                styles.append(ParagraphStyle(alignment: .justified, hyphenation: true))
            }
        }
        let template = Template(name: "t", pageSize: Size(width: 400, height: 300), margins: PageMargins(all: 20), mirrored: true)
        let composer = PageComposer(template: template)
        var reported: [Int] = []
        composer.onPageComplete = { reported.append($0.number) }
        let text = storage(paragraphs, styles: styles)
        let manager = layout(text, composer)
        composer.flush()
        XCTAssertNil(manager.unplacedRange)
        assertSameTextOnce(manager, text)
        var blanks = 0
        for (k, _) in chapters.enumerated() {
            let offset = text.string.utf8.count - (text.string.components(separatedBy: "Chapter \(k + 1)").last!.utf8.count) - "Chapter \(k + 1)".utf8.count
            let line = try XCTUnwrap(manager.lineFragments.first { $0.characterRange.contains(offset) })
            let page = try XCTUnwrap(composer.pages.first { $0.columns.contains { $0.containerIndex == line.containerIndex } })
            XCTAssertEqual(page.number % 2, 1, "chapter \(k + 1) opens on a right-hand page (page \(page.number))")
        }
        for page in composer.pages where page.columns.isEmpty {
            blanks += 1
            XCTAssertTrue(page.isLeftHand, "a blank page is a left-hand one")
            XCTAssertTrue(page.frames.isEmpty, "no running head or folio on it")
        }
        XCTAssertGreaterThan(blanks, 0, "some chapter ended on a right-hand page")
        XCTAssertEqual(reported, composer.pages.map(\.number), "every page reported once, in order, blank ones too")
    }

    private func assertSameTextOnce(_ manager: LayoutManager, _ storage: TextStorage, file: StaticString = #filePath, line: UInt = #line) {
        var covered = 0
        for fragment in manager.lineFragments {
            XCTAssertEqual(fragment.characterRange.lowerBound, covered, file: file, line: line)
            covered = fragment.characterRange.upperBound
        }
        XCTAssertEqual(covered, storage.length, file: file, line: line)
    }

    func testMastersArePickedForFirstOpeningLeftAndRightPages() throws {
        let frame = { (text: String) in Frame(rect: Rect(x: 10, y: 5, width: 100, height: 10), text: text) }
        var heading = ParagraphStyle(alignment: .left)
        heading.breakBefore = .page
        let paragraphs = [prose, prose, "Chapter Two", prose, prose, prose]
        let s = storage(paragraphs, styles: [.default, .default, heading, .default, .default, .default])
        let template = Template(name: "t", pageSize: Size(width: 300, height: 300), margins: PageMargins(all: 30),
                                mirrored: true,
                                masters: ["first": PageMaster(frames: []), "opening": PageMaster(frames: [frame("open")]),
                                          "left": PageMaster(frames: [frame("L")]), "right": PageMaster(frames: [frame("R")])])
        let composer = PageComposer(template: template, openings: [s.paragraphRange(at: 2).lowerBound])
        let manager = layout(s, composer)
        let masters = composer.pages.map(\.master)
        XCTAssertEqual(masters.first, "first")
        // The opening master is the page "Chapter Two" starts on, and only that one.
        let chapter = try XCTUnwrap(manager.lineFragments.first { $0.paragraphIndex == 2 }).containerIndex
        let openingPage = try XCTUnwrap(composer.pages.firstIndex { $0.columns.contains { $0.containerIndex == chapter } })
        XCTAssertGreaterThan(openingPage, 0)
        XCTAssertEqual(masters.indices.filter { masters[$0] == "opening" }, [openingPage])
        XCTAssertEqual(composer.pages[openingPage].frames.map(\.text), ["open"])
        // Every other page is left or right by its side, and there are both.
        for (i, page) in composer.pages.enumerated() where i != 0 && i != openingPage {
            XCTAssertEqual(page.master, page.isLeftHand ? "left" : "right", "page \(page.number)")
            XCTAssertEqual(page.frames.map(\.text), [page.isLeftHand ? "L" : "R"], "page \(page.number)")
        }
        XCTAssertTrue(masters.contains("left") && masters.contains("right"), "\(masters)")
        XCTAssertEqual(composer.pages[0].frames.count, 0, "the first page's master has no frames")
        XCTAssertNil(manager.unplacedRange)
    }

    func testSharedFramesMirrorOnLeftHandPagesAndNegativeOffsetsMeasureFromTheFarEdge() {
        let template = Template(name: "t", pageSize: Size(width: 400, height: 300), margins: PageMargins(all: 30), mirrored: true,
                                masters: ["default": PageMaster(frames: [Frame(rect: Rect(x: 20, y: -10, width: 50, height: 12), text: "{page}")])])
        let composer = PageComposer(template: template)
        _ = layout(storage(Array(repeating: prose, count: 4)), composer)
        let right = composer.pages[0].frames[0].rect, left = composer.pages[1].frames[0].rect
        XCTAssertEqual(right.minX, 20)
        XCTAssertEqual(right.maxY, 290, "y -10 puts the frame's bottom 10 pt above the page's")
        XCTAssertEqual(left.maxX, 380, "mirrored: 20 pt from the right edge")
    }

    func testASectionChangesTheColumnCountBelowTheTextSoFar() {
        var breaking = ParagraphStyle(alignment: .justified, hyphenation: true)
        breaking.breakBefore = .container
        let s = storage(["A title spanning the page", String(repeating: prose, count: 3)],
                        styles: [ParagraphStyle(alignment: .center), breaking])
        let template = Template(name: "t", pageSize: Size(width: 500, height: 400), margins: PageMargins(all: 40),
                                columns: 3, gutter: 10, columnRule: ColumnRule(), spanGap: 12)
        let sections = [SectionMark(offset: 0, columns: 1), SectionMark(offset: s.paragraphRange(at: 1).lowerBound, columns: 3)]
        let composer = PageComposer(template: template, sections: sections)
        let manager = layout(s, composer)
        let first = composer.pages[0]
        XCTAssertEqual(first.columnSets.count, 2)
        XCTAssertEqual(first.columnSets[0].rects.count, 1)
        XCTAssertEqual(first.columnSets[0].rects[0].width, 420)
        XCTAssertNil(first.columnSets[0].rule, "a single column has no rule")
        let band = first.columnSets[1]
        XCTAssertEqual(band.columnCount, 3)
        XCTAssertEqual(band.rects.count, 3)
        XCTAssertEqual(band.rects[0].width, (420 - 20) / 3, accuracy: 1e-9)
        let titleBottom = 40 + manager.lineFragments(inContainerAt: 0).last!.rect.maxY
        XCTAssertEqual(band.top, titleBottom + 12, accuracy: 1e-9, "the columns start below the title, after the gap")
        XCTAssertNotNil(band.rule)
        // Later pages are all columns.
        for page in composer.pages.dropFirst() { XCTAssertEqual(page.columnSets.map(\.columnCount), [3]) }
        XCTAssertNil(manager.unplacedRange)
    }

    func testPagesAreReportedCompleteOnceInOrder() {
        let composer = PageComposer(template: Template(name: "t", pageSize: Size(width: 300, height: 200), margins: PageMargins(all: 20), columns: 2, gutter: 10))
        var reported: [Int] = []
        composer.onPageComplete = { reported.append($0.number) }
        _ = layout(storage(Array(repeating: prose, count: 5)), composer)
        composer.flush()
        XCTAssertEqual(reported, Array(1...composer.pages.count))
    }

    /// Pages forgotten as they are written (a long document) leave the later pages
    /// numbered, sided and reported as before.
    func testForgottenPagesLeaveTheLaterOnesAsTheyWere() {
        func compose(forgetting: Bool) -> (pages: [(Int, Bool, String)], count: Int, held: Int) {
            let template = Template(name: "t", pageSize: Size(width: 300, height: 200),
                                    margins: PageMargins(top: 20, bottom: 20, inner: 40, outer: 20), mirrored: true, columns: 2, gutter: 10)
            let composer = PageComposer(template: template)
            var reported: [(Int, Bool, String)] = []
            var held = 0
            composer.onPageComplete = { [unowned composer] page in
                reported.append((page.number, page.isLeftHand, page.master))
                if forgetting { composer.forgetPages(before: page.number - 2) }
                held = max(held, composer.pages.count)
            }
            _ = layout(storage(Array(repeating: prose, count: 40)), composer)
            composer.flush()
            return (reported, composer.pageCount, held)
        }
        let whole = compose(forgetting: false), forgetting = compose(forgetting: true)
        XCTAssertGreaterThan(whole.count, 20)
        XCTAssertEqual(forgetting.count, whole.count)
        XCTAssertEqual(forgetting.pages.map(\.0), whole.pages.map(\.0))
        XCTAssertEqual(forgetting.pages.map(\.1), whole.pages.map(\.1))
        XCTAssertEqual(forgetting.pages.map(\.2), whole.pages.map(\.2))
        XCTAssertLessThanOrEqual(forgetting.held, 4, "the pages in flight, not the document")
    }

    func testFieldsAndFolios() throws {
        XCTAssertEqual(PageFields.folio(14, .roman), "xiv")
        XCTAssertEqual(PageFields.folio(1994, .upperRoman), "MCMXCIV")
        XCTAssertEqual(PageFields.folio(7, .arabic), "7")
        XCTAssertEqual(try PageFields.substitute("Page {page} of {pages} {{x}}", ["page": "3", "pages": "9"], location: nil), "Page 3 of 9 {x}")
        let location = SourceLocation(file: "t/template.yaml", line: 12, column: 7)
        XCTAssertThrowsError(try PageFields.substitute("{chapter}", ["page": "1"], location: location)) { error in
            XCTAssertEqual("\(error)", "t/template.yaml:12:7: unknown field {chapter}; fields here are {page}")
        }
    }

    func testFieldFunctionsAndAlternatives() throws {
        let values = ["sender": "ACME Ltd\n  1 Main St \n\nSpringfield\n", "return": "", "to": "Ann\nLee"]
        XCTAssertEqual(try PageFields.substitute("{oneline(sender)}", values, location: nil), "ACME Ltd · 1 Main St · Springfield")
        XCTAssertEqual(try PageFields.substitute("{firstline(to)}, {firstline( sender )}", values, location: nil), "Ann, ACME Ltd")
        XCTAssertEqual(try PageFields.substitute("{sender}", values, location: nil), values["sender"], "lines kept as they are")
        XCTAssertEqual(try PageFields.substitute("{oneline(return|sender)}", values, location: nil), "ACME Ltd · 1 Main St · Springfield",
                       "the first value that is not empty")
        XCTAssertEqual(try PageFields.substitute("{to|sender}", values, location: nil), "Ann\nLee")
        let location = SourceLocation(file: "t/template.yaml", line: 3, column: 9)
        XCTAssertThrowsError(try PageFields.substitute("{shout(to)}", values, location: location)) {
            XCTAssertEqual("\($0)", "t/template.yaml:3:9: unknown function 'shout' in {shout(to)}; functions are firstline, oneline")
        }
        XCTAssertThrowsError(try PageFields.substitute("{oneline(return|sendr)}", values, location: location)) {
            XCTAssertEqual("\($0)", "t/template.yaml:3:9: unknown field {sendr}; fields here are {return}, {sender}, {to}")
        }
    }
}

extension PageComposerTests {
    func testColumnsBalanceWhenASpanningSectionFollowsOnTheSamePage() {
        var breaking = ParagraphStyle(alignment: .justified, hyphenation: true)
        breaking.breakBefore = .container
        let body = String(repeating: "Balanced columns share the text of a short section evenly. ", count: 14)
        let s = storage(["Title across the page", body, "A closing line across the page"],
                        styles: [ParagraphStyle(alignment: .center), breaking, breaking])
        let template = Template(name: "t", pageSize: Size(width: 500, height: 700), margins: PageMargins(all: 40),
                                columns: 2, gutter: 12, spanGap: 10)
        let sections = [SectionMark(offset: 0, columns: 1), SectionMark(offset: s.paragraphRange(at: 1).lowerBound, columns: 2),
                        SectionMark(offset: s.paragraphRange(at: 2).lowerBound, columns: 1)]
        let composer = PageComposer(template: template, sections: sections)
        let manager = LayoutManager(textStorage: s)
        manager.delegate = composer
        manager.ensureLayout()
        XCTAssertEqual(composer.pages.count, 1, "all on one page")
        let sets = composer.pages[0].columnSets
        XCTAssertEqual(sets.map(\.columnCount), [1, 2, 1])
        let band = sets[1]
        XCTAssertNotNil(band.height)
        let left = manager.lineFragments(inContainerAt: band.containerIndexes[0]).count
        let right = manager.lineFragments(inContainerAt: band.containerIndexes[1]).count
        XCTAssertLessThanOrEqual(abs(left - right), 1, "balanced: \(left) and \(right) lines")
        XCTAssertGreaterThan(sets[2].top, band.top)
        XCTAssertLessThan(sets[2].top, 400, "the closing section follows right below the columns")
        XCTAssertNil(manager.unplacedRange)
    }

    func testBalancedColumnsNeverLeaveAHeadingAtTheFootOfAColumn() {
        var heading = ParagraphStyle(alignment: .left)
        heading.keepWithNext = true
        let five = String(repeating: "Text that runs over a handful of lines in a column. ", count: 6)
        let template = Template(name: "t", pageSize: Size(width: 500, height: 700), margins: PageMargins(all: 40),
                                columns: 2, gutter: 12, spanGap: 10)
        for paragraphs in [["Intro", "Body text."], [five, "A heading", five], [five, "A heading", "Second heading", five]] {
            let styles = paragraphs.map { $0.count < 20 && $0 != "Body text." ? heading : ParagraphStyle(alignment: .justified) }
            let s = storage(paragraphs, styles: styles)
            let composer = PageComposer(template: template, sections: [SectionMark(offset: 0, columns: 2)])
            let manager = layout(s, composer)
            XCTAssertEqual(composer.pages.count, 1)
            XCTAssertNil(manager.unplacedRange)
            let fragments = manager.lineFragments
            for (i, style) in styles.enumerated() where style.keepWithNext {
                let own = fragments.last { $0.paragraphIndex == i }!
                let next = fragments.first { $0.paragraphIndex == i + 1 }!
                XCTAssertEqual(own.containerIndex, next.containerIndex, "'\(paragraphs[i])' is kept with what follows it")
            }
        }
    }

    func testBalancedColumnsKeepWidowsAndOrphans() {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.orphans = 2
        style.widows = 2
        let template = Template(name: "t", pageSize: Size(width: 500, height: 700), margins: PageMargins(all: 40),
                                columns: 2, gutter: 12, spanGap: 10)
        let sentence = "Text that runs over a handful of lines in a column. "
        // Every mix of short and long paragraphs whose balanced columns split one of them.
        for counts in [[6, 3], [2, 6, 3], [5, 2], [3, 3, 3], [7, 1, 4], [1, 2, 3, 4]] {
            let paragraphs = counts.map { String(repeating: sentence, count: $0) }
            let s = storage(paragraphs, styles: Array(repeating: style, count: paragraphs.count))
            let composer = PageComposer(template: template, sections: [SectionMark(offset: 0, columns: 2)])
            let manager = layout(s, composer)
            XCTAssertEqual(composer.pages.count, 1, "\(counts)")
            XCTAssertNil(manager.unplacedRange)
            for (i, _) in paragraphs.enumerated() {
                let containers = manager.lineFragments.filter { $0.paragraphIndex == i }.map(\.containerIndex)
                guard containers.first != containers.last else { continue }
                XCTAssertGreaterThanOrEqual(containers.filter { $0 == containers.first }.count, 2, "\(counts): an orphan")
                XCTAssertGreaterThanOrEqual(containers.filter { $0 == containers.last }.count, 2, "\(counts): a widow")
            }
        }
    }

    /// The last page opens with the end of a paragraph, fewer of its lines than its widows: the
    /// flow carries more of them over, and the balanced columns hold them together instead of
    /// setting them side by side.
    func testBalancedColumnsOfALastPageHoldTheLinesAWidowBringsOver() throws {
        let template = Template(name: "t", pageSize: Size(width: 400, height: 300), margins: PageMargins(all: 30),
                                columns: 2, gutter: 12, spanGap: 10)
        let words = String(repeating: "Text that runs over a handful of lines in a column. ", count: 40).split(separator: " ")
        func layOut(_ count: Int, widows: Int) -> (PageComposer, LayoutManager) {
            var style = ParagraphStyle(alignment: .justified, hyphenation: true)
            style.orphans = 2
            style.widows = widows
            let composer = PageComposer(template: template, sections: [SectionMark(offset: 0, columns: 2)])
            return (composer, layout(storage([words.prefix(count).joined(separator: " ")], styles: [style]), composer))
        }
        // A number of words whose last line alone goes over to a second page.
        let found = stride(from: 150, through: 300, by: 2).first { count in
            let (composer, manager) = layOut(count, widows: 1)
            guard composer.pages.count == 2, let set = composer.pages[1].columnSets.first else { return false }
            return set.containerIndexes.map { manager.lineFragments(inContainerAt: $0).count }.reduce(0, +) == 1
        }
        let count = try XCTUnwrap(found, "no length leaves one line for the last page")
        let (composer, manager) = layOut(count, widows: 2)
        XCTAssertEqual(composer.pages.count, 2)
        let last = try XCTUnwrap(composer.pages.last?.columnSets.first)
        let lines = last.containerIndexes.map { manager.lineFragments(inContainerAt: $0).count }
        XCTAssertEqual(lines.first, 2, "two lines carried over, in the first column: \(lines)")
        XCTAssertEqual(lines.dropFirst().reduce(0, +), 0, "\(lines)")
        XCTAssertNil(manager.unplacedRange)
    }

    /// The last page is balanced for the text from where the flow first asked for it; when
    /// the flow then brings a paragraph's first line over (an orphan), the balance allows for
    /// it, and nothing spills onto a page of its own.
    func testBalancedColumnsOfALastPageHoldTheParagraphAnOrphanBringsOver() throws {
        let template = Template(name: "t", pageSize: Size(width: 400, height: 300), margins: PageMargins(all: 30),
                                columns: 2, gutter: 12, spanGap: 10)
        let words = String(repeating: "Text that runs over a handful of lines in a column. ", count: 40).split(separator: " ")
        let last = String(repeating: "The closing paragraph runs over five lines. ", count: 5)
        func layOut(_ count: Int, orphans: Int) -> (PageComposer, LayoutManager) {
            var style = ParagraphStyle(alignment: .justified, hyphenation: true)
            style.orphans = orphans
            style.widows = 2
            let composer = PageComposer(template: template, sections: [SectionMark(offset: 0, columns: 2)])
            let text = [words.prefix(count).joined(separator: " "), last]
            return (composer, layout(storage(text, styles: [style, style]), composer))
        }
        func split(_ manager: LayoutManager, _ composer: PageComposer) -> [Int] {
            composer.pages.map { page in
                page.columns.map { manager.lineFragments(inContainerAt: $0.containerIndex).filter { $0.paragraphIndex == 1 }.count }.reduce(0, +)
            }
        }
        // A length of the first paragraph that leaves the last one's first line alone at the
        // foot of the first page.
        let found = stride(from: 120, through: 300, by: 1).first { count in
            let (composer, manager) = layOut(count, orphans: 1)
            let lines = split(manager, composer)
            return lines.count == 2 && lines[0] == 1 && lines[1] >= 3
        }
        let count = try XCTUnwrap(found, "no length leaves an orphan")
        let (composer, manager) = layOut(count, orphans: 2)
        XCTAssertEqual(composer.pages.count, 2, "nothing spills onto a third page: \(split(manager, composer))")
        XCTAssertEqual(split(manager, composer).first, 0, "the paragraph goes over whole")
        XCTAssertNil(manager.unplacedRange)
    }
}
