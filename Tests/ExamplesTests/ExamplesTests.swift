@testable import FolioExamples
import FolioTestSupport
import Foundation
import XCTest

/// Every example runs, writes a valid PDF, and shows what it claims to: its text whole
/// and in order, its page count, and the feature it demonstrates measured in the PDF.
final class ExamplesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory("folio-examples") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Runs the example; its PDF (checked by qpdf, with `pages` pages if given) and its text in one line.
    private func run(_ name: String, pages: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> (path: String, text: String) {
        let example = try XCTUnwrap(Example.all.first { $0.name == name })
        let path = try example.run(directory.path)
        let check = try qpdfCheck(path)
        XCTAssertEqual(check.status, 0, check.output, file: file, line: line)
        if let pages { XCTAssertEqual(try pdfPageCount(path), pages, name, file: file, line: line) }
        return (path, try pdfFlatText(path))
    }

    /// Paragraphs as one line of text, the way `pdfFlatText` gives a PDF's.
    private func flat(_ paragraphs: [String]) -> String {
        paragraphs.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Lines of words sharing a top (to 0.1 pt), top to bottom.
    private func rows(_ words: [PDFWord]) -> [[PDFWord]] {
        Dictionary(grouping: words) { ($0.yMin * 10).rounded() }.sorted { $0.key < $1.key }.map { $0.value.sorted { $0.xMin < $1.xMin } }
    }

    private func spread(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }

    func testEveryExampleIsListed() {
        XCTAssertEqual(Example.all.prefix(18).map(\.name.first!), Array("abcdefghijklmnopqr"))
        XCTAssertEqual(Example.all.dropFirst(18).map(\.name),
                       ["default", "book", "two-column", "newspaper", "report", "large-print", "letter"].map { "template-\($0)" })
    }

    /// Two containers side by side (x 40…200 and 220…380): every word in one of them, the
    /// text whole and in order, the last paragraph (the first again) ending in the second.
    func testTwoColumnsContinueTheText() throws {
        let (path, text) = try run("a-two-columns", pages: 1)
        XCTAssertEqual(text, flat(sampleParagraphs + [sampleParagraphs[0]]))
        let words = try pdfWords(path)
        // Punctuation ending a justified line hangs a little past its container's edge.
        let first = words.filter { $0.xMin >= 39.5 && $0.xMax <= 200.5 + (hangsAtEnd($0.text) ? hangingAllowance : 0) }
        let second = words.filter { $0.xMin >= 219.5 && $0.xMax <= 380.5 + (hangsAtEnd($0.text) ? hangingAllowance : 0) }
        XCTAssertEqual(first.count + second.count, words.count, "a word outside both containers")
        XCTAssertFalse(first.isEmpty || second.isEmpty)
        XCTAssertEqual(first.map(\.yMin).min()!, second.map(\.yMin).min()!, accuracy: 0.01, "both start at the top")
        XCTAssertEqual(words.last?.text, "crowd.")
        XCTAssertGreaterThanOrEqual(words.last!.xMin, 219.5, "the text ends in the second container")
        XCTAssertEqual(first.map(\.text).joined(separator: " ") + " " + second.map(\.text).joined(separator: " "),
                       words.map(\.text).joined(separator: " "), "the first container is read before the second")
    }

    /// One storage, two layout managers: page 1 one wide container, page 2 three narrow
    /// ones; both set the edited text whole, the edit in red.
    func testBothLayoutManagersShowTheEdit() throws {
        let (path, _) = try run("b-two-layout-managers", pages: 2)
        var edited = sampleParagraphs
        edited[0] = edited[0].replacingOccurrences(of: "Typography", with: "Typesetting, edited after layout,")
        for page in [1, 2] {
            let text = try pdfText(path, first: page).replacingOccurrences(of: "-\n", with: "")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertEqual(text, flat(edited), "page \(page)")
        }
        XCTAssertGreaterThan(try pdfWords(path, first: 1).map(\.xMax).max()!, 300, "page 1: one wide container")
        // The text needs two of the three 100 pt containers.
        let narrow = try pdfWords(path, first: 2)
        for (index, x) in [40.0, 155].enumerated() {
            XCTAssertTrue(narrow.contains { $0.xMin >= x - 0.5 && $0.xMax <= x + 100.5 }, "page 2: container \(index + 1) is empty")
        }
        XCTAssertTrue(narrow.allSatisfy { w in
            [40.0, 155, 270].contains { w.xMin >= $0 - 0.5 && w.xMax <= $0 + 100.5 + (hangsAtEnd(w.text) ? hangingAllowance : 0) }
        })
        XCTAssertTrue(try qpdfUncompressed(path).contains("0.7 0 0 rg"), "the edit is not red")
    }

    /// Text flows around a rectangle at the column's right edge and an ellipse in its
    /// middle: no word overlaps either, lines beside the ellipse have words on both sides.
    func testExclusionsKeepTextOutOfBothShapes() throws {
        let (path, text) = try run("c-exclusions", pages: 1)
        XCTAssertEqual(text, flat(sampleParagraphs + sampleParagraphs))
        let words = try pdfWords(path)
        // Page coordinates: the container is drawn at (40, 50).
        for w in words where w.midY > 70 && w.midY < 160 {
            XCTAssertLessThanOrEqual(w.xMax, 280.5, "\(w.text) runs into the rectangle")
        }
        func inEllipse(_ x: Double, _ y: Double) -> Bool { pow((x - 210) / 60, 2) + pow((y - 305) / 55, 2) < 1 }
        for w in words {
            for x in stride(from: w.xMin + 0.5, through: w.xMax - 0.5, by: 1) {
                XCTAssertFalse(inEllipse(x, w.midY), "\(w.text) runs into the ellipse")
            }
        }
        let beside = rows(words).filter { row in row.contains { $0.xMax < 150 } && row.contains { $0.xMin > 270 } && abs(row[0].midY - 305) < 50 }
        XCTAssertGreaterThan(beside.count, 3, "lines beside the ellipse use both sides")
        XCTAssertTrue(rows(words).contains { row in abs(row[0].midY - 115) < 40 && row.last!.xMax > 260 }, "lines beside the rectangle fill up to it")
    }

    /// A circular container: every word inside the circle, every line centred on it, the
    /// lines longest at the middle.
    func testCircleSetsCentredLinesInsideTheCircle() throws {
        let (path, text) = try run("d-circle", pages: 1)
        XCTAssertEqual(text, flat(sampleParagraphs), "all the text, in order")
        let words = try pdfWords(path)
        // The circle: centre (50 + 160, 120 + 160), radius 160.
        for w in words {
            for x in [w.xMin, w.xMax] {
                XCTAssertLessThanOrEqual(hypot(x - 210, w.midY - 280), 160.5, "\(w.text) outside the circle")
            }
        }
        let lines = rows(words)
        XCTAssertGreaterThan(lines.count, 10)
        for line in lines { XCTAssertEqual((line.first!.xMin + line.last!.xMax) / 2, 210, accuracy: 1, line.map(\.text).joined(separator: " ")) }
        let widths = lines.map { $0.last!.xMax - $0.first!.xMin }
        XCTAssertGreaterThan(widths[lines.count / 2], 2 * widths[0], "lines widen towards the middle")
    }

    /// The middle paragraph is centred between 40 pt indents with 18 pt above it; its word
    /// OUTLINED is 16 pt bold with a red stroke.
    func testCentredParagraphBetweenIndentsWithAnOutlinedWord() throws {
        let (path, text) = try run("e-centered-indents", pages: 1)
        XCTAssertTrue(text.contains("One word is OUTLINED in red."))
        let lines = try pdfLines(path)
        let start = try XCTUnwrap(lines.firstIndex { $0.words.first?.text == "This" })
        let end = try XCTUnwrap(lines.firstIndex { $0.words.last?.text == "red." })
        XCTAssertGreaterThan(end, start + 1)
        for line in lines[start...end] {
            XCTAssertEqual(line.midX, 210, accuracy: 0.5, "centred: \(line.text)")
            XCTAssertGreaterThanOrEqual(line.xMin, 79.5, "head indent")
            XCTAssertLessThanOrEqual(line.xMax, 340.5, "tail indent")
        }
        for line in lines[..<start] + lines[(end + 1)...] {
            XCTAssertEqual(line.xMin, 40, accuracy: 0.05, "the justified paragraphs are not indented")
        }
        let normalGap = lines[start - 1].yMin - lines[start - 2].yMin
        XCTAssertEqual(lines[start].yMin - lines[start - 1].yMin, normalGap + 18, accuracy: 0.5, "18 pt before")
        let words = lines.flatMap(\.words)
        let outlined = try XCTUnwrap(words.first { $0.text == "OUTLINED" })
        let body = median(words.filter { $0.text == "the" }.map(\.height))
        XCTAssertEqual(outlined.height / body, 16.0 / 11, accuracy: 0.03)
        let content = try qpdfUncompressed(path)
        XCTAssertTrue(content.contains("0.85 0 0 RG"), "no red stroke")
    }

    /// The first letter is set at 34 pt, dark red, 3 pt of negative tracking pulling the
    /// rest of the word under it.
    func testFirstLetterIsLargeRedAndTight() throws {
        let (path, text) = try run("f-initial", pages: 1)
        XCTAssertEqual(text, "T " + flat([sampleParagraphs[0]]).dropFirst(), "the initial is a word of its own to pdftotext")
        let words = try pdfWords(path)
        let initial = words[0], rest = words[1]
        XCTAssertEqual(initial.text, "T")
        XCTAssertEqual(rest.text, "ypography")
        let body = median(words.filter { $0.text == "the" }.map(\.height))
        XCTAssertEqual(initial.height / body, 34.0 / 11, accuracy: 0.05)
        XCTAssertEqual(rest.xMin - initial.xMax, -3, accuracy: 0.3, "tracking -3 pt")
        XCTAssertTrue(try qpdfUncompressed(path).contains("0.55 0.1 0.1 rg"), "not dark red")
    }

    /// Justified and hyphenated, lines 1.2 times the natural height apart: every line but a
    /// paragraph's last fills the 200 pt measure, some end in a hyphen.
    func testJustifiedHyphenatedWithLineHeightMultiple() throws {
        let (path, text) = try run("g-justified", pages: 1)
        XCTAssertEqual(text, flat(sampleParagraphs))
        let lines = try pdfLines(path)
        let lastLines = Set(sampleParagraphs.map { $0.split(separator: " ").last.map(String.init)! })
        for line in lines {
            if lastLines.contains(line.words.last!.text) {
                XCTAssertLessThan(line.xMax, 300, "a paragraph's last line is not stretched: \(line.text)")
            } else if hangsAtEnd(line.words.last!.text) {
                // Punctuation and hyphens hang into the margin; the letters before them end at it.
                XCTAssertGreaterThan(line.xMax, 310.1, "nothing hangs: \(line.text)")
                XCTAssertLessThanOrEqual(line.xMax, 310 + hangingAllowance, "not justified: \(line.text)")
            } else {
                XCTAssertEqual(line.xMax, 310, accuracy: 0.5, "not justified: \(line.text)")
            }
        }
        let firstWords = Set(sampleParagraphs.map { $0.split(separator: " ").first.map(String.init)! })
        for line in lines {
            XCTAssertEqual(line.xMin, firstWords.contains(line.words[0].text) ? 124 : 110, accuracy: 0.05, line.text)
        }
        XCTAssertTrue(lines.contains { $0.words.last!.text.hasSuffix("-") }, "nothing hyphenated")
        // The same font and size without the multiple (example a): 1.2 times its spacing.
        let plainGap = median(lineGapsOf(try pdfWords(try run("a-two-columns").path).filter { $0.xMax < 210 }))
        let gap = median(lineGapsOf(try pdfWords(path)))
        XCTAssertEqual(gap / plainGap, 1.2, accuracy: 0.005)
    }

    private func lineGapsOf(_ words: [PDFWord]) -> [Double] {
        let tops = rows(words).map { $0[0].yMin }
        return zip(tops, tops.dropFirst()).map { $1 - $0 }
    }

    /// Prices aligned on the decimal point at the tab stop (x = 60 + 200). The digits and
    /// "$" of DejaVu Serif share one width and "." is half of it, so the point's x follows
    /// from each word's box.
    func testDecimalTabsLineUpTheDecimalPoints() throws {
        let (path, _) = try run("h-decimal-tabs", pages: 1)
        let lines = rows(try pdfWords(path))
        XCTAssertEqual(lines.map { $0.map(\.text).joined(separator: " ") },
                       ["Onions $2.34", "Saffron, one gram $12.5", "Potatoes, a sack $120.00", "Salt $0.9", "Olive oil $1234.567"])
        var points: [Double] = []
        for word in lines.flatMap({ $0 }) where word.text.hasPrefix("$") {
            let before = word.text.prefix { $0 != "." }.count
            let digit = word.width / (Double(word.text.count - 1) + 0.5)
            points.append(word.xMin + Double(before) * digit)
        }
        XCTAssertEqual(points.count, 5)
        for p in points { XCTAssertEqual(p, 260, accuracy: 0.15) }
        XCTAssertGreaterThan(spread(lines.map { $0.last!.xMin }), 20, "the prices start at different places")
    }

    /// Three images inline: 10×10, 24×24 and a 24×16 JPEG kept as JPEG; the tall one makes
    /// its line taller.
    func testImagesAreEmbeddedAtTheirSizesAndTheTallOneOpensItsLine() throws {
        let (path, text) = try run("i-inline-images", pages: 1)
        XCTAssertTrue(text.hasPrefix("Images sit on the baseline like glyphs: here is one"), text)
        XCTAssertTrue(text.hasSuffix("not decoded and compressed again."), text)
        let images = try tool("pdfimages", ["-list", path]).stdout
        let rows = images.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        XCTAssertEqual(rows.count, 3, images)
        XCTAssertTrue(rows.contains { $0[8] == "jpeg" }, "the JPEG is embedded as JPEG: \(images)")
        // Points from pixels and pixels per inch (columns width, height, x-ppi, y-ppi).
        let sizes = rows.map { r in [Double(r[3])! * 72 / Double(r[12])!, Double(r[4])! * 72 / Double(r[13])!].map { ($0 * 10).rounded() / 10 } }
        XCTAssertEqual(Set(sizes), [[10, 10], [24, 24], [24, 16]], images)
        let gaps = lineGapsOf(try pdfWords(path))
        XCTAssertGreaterThan(gaps.max()! - gaps.min()!, 5, "the 24 pt image's line is no taller: \(gaps)")
    }

    func testCustomAttributeRangesAreReplacedAndColoured() throws {
        let (path, text) = try run("j-custom-attribute", pages: 1)
        XCTAssertEqual(text, "Dear Ada Lovelace, your order of three books has shipped and will arrive on Thursday.")
        XCTAssertTrue(try qpdfUncompressed(path).contains("0 0.3 0.7 rg"), "the replacements are not blue")
    }

    /// The container is exactly as tall as measured and holds the whole paragraph.
    func testMeasuredHeightHoldsTheText() throws {
        let (_, text) = try run("k-measure", pages: 1)
        XCTAssertEqual(text, flat([sampleParagraphs[1]]))
    }

    // MARK: TextKit recipes

    /// Typed one character at a time, the asterisked words are bold and the tags blue; the
    /// asterisk left open while typing ends bold once its partner came.
    func testHighlightingFollowsTheTyping() throws {
        let (path, text) = try run("n-highlighting", pages: 1)
        XCTAssertTrue(text.hasPrefix("Typing *bold* words and #tags:"), text)
        let fonts = try pdfFontNames(path)
        XCTAssertTrue(fonts.contains { $0.hasSuffix("DejaVuSerif-Bold") }, "\(fonts)")
        let content = try qpdfUncompressed(path)
        XCTAssertTrue(content.contains("0.1 0.4 0.75 rg"), "the tags are blue")
        let words = try pdfWords(path)
        let bold = words.filter { $0.text.contains("partner*") || $0.text == "*bold*" }
        XCTAssertEqual(bold.count, 2)
    }

    /// Three pages, one layout manager: the text grows with the content size, and the body
    /// takes more lines at each.
    func testDynamicTypeReflowsAtEachContentSize() throws {
        let (path, _) = try run("o-dynamic-type", pages: 3)
        var lineCounts: [Int] = [], heights: [Double] = []
        for page in 1...3 {
            let lines = try pdfLines(path, first: page, last: page)
            XCTAssertEqual(lines.first?.text, "Preferred sizes", "page \(page)")
            lineCounts.append(lines.count)
            heights.append(lines.first.map { $0.yMax - $0.yMin } ?? 0)
        }
        XCTAssertEqual(lineCounts, lineCounts.sorted(), "more lines at larger sizes: \(lineCounts)")
        XCTAssertLessThan(lineCounts[0], lineCounts[2])
        XCTAssertLessThan(heights[0], heights[1]); XCTAssertLessThan(heights[1], heights[2])
    }

    /// The letterpress title copies as text, in vector layers over the panel.
    func testLetterpressTitleIsTextOverVectorLayers() throws {
        let (path, text) = try run("p-letterpress", pages: 1)
        XCTAssertEqual(text, "Letterpress pressed into the page")
        let content = try qpdfUncompressed(path)
        XCTAssertFalse(content.contains("/Subtype /Image"))
        XCTAssertTrue(content.contains("0.93 0.89 0.82 rg"), "the panel")
        XCTAssertGreaterThanOrEqual(content.components(separatedBy: " f\n").count - 1, 6, "shadow, edge and face fills for each line")
    }

    /// The marked words have their rounded highlight behind them and every line its rule.
    func testCustomDrawingMarksWordsAndRulesLines() throws {
        let (path, text) = try run("q-custom-drawing", pages: 1)
        XCTAssertEqual(text, flat([sampleParagraphs[2]]))
        // At one pixel a point: yellow behind the marked words, none behind the others.
        let prefix = directory.appendingPathComponent("q").path
        XCTAssertEqual(try tool("pdftoppm", ["-r", "72", "-singlefile", path, prefix]).status, 0)
        let page = try XCTUnwrap(PPMImage(path: prefix + ".ppm"))
        func isYellow(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 230 && (190...235).contains(p.g) && p.b < 140 }
        func yellowPixels(behind word: PDFWord) -> Int {
            var n = 0
            for y in Int(word.yMin)...Int(word.yMax) { for x in Int(word.xMin)...Int(word.xMax) where isYellow(page.pixel(x, y)) { n += 1 } }
            return n
        }
        let words = try pdfWords(path)
        for marked in ["Rivers", "loose", "best"] {
            XCTAssertGreaterThan(yellowPixels(behind: try XCTUnwrap(words.first { $0.text == marked })), 10, marked)
        }
        for plain in ["faults", "reader", "breaker"] {
            XCTAssertEqual(yellowPixels(behind: try XCTUnwrap(words.first { $0.text == plain })), 0, plain)
        }
        let content = try qpdfUncompressed(path)
        XCTAssertTrue(content.contains("0.6 0.75 0.9 RG"), "the rules' colour")
        let lines = try pdfLines(path)
        // A rule under every line: a blue-grey pixel row between each line and the next.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let height = line.yMax - line.yMin
            let rows = Int(line.yMin + 0.6 * height)...Int(next.yMin + 0.4 * height)
            let columns = Array(stride(from: Int(line.xMin) + 2, to: Int(line.xMax) - 2, by: 7))
            let ruled = columns.filter { x in rows.contains { y in let p = page.pixel(x, y); return p.b > p.r + 20 } }
            XCTAssertGreaterThan(ruled.count, columns.count * 8 / 10, "a rule under \(line.text)")
        }
    }

    /// The short label as set; the longer one smaller and whole; the longest at 60 %,
    /// tightened, and cut with an ellipsis.
    func testLabelsShrinkThenTruncate() throws {
        let (path, _) = try run("r-shrink-to-fit", pages: 1)
        let lines = try pdfLines(path)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0].text, "Short label")
        XCTAssertEqual(lines[1].text, "A label a little too long for its box")
        XCTAssertTrue(lines[2].text.hasSuffix("\u{2026}"), lines[2].text)
        for line in lines { XCTAssertLessThanOrEqual(line.xMax, 320.5, "inside the 220 pt box: \(line.text)") }
        let heights = lines.map { $0.yMax - $0.yMin }
        XCTAssertGreaterThan(heights[0], heights[1] * 1.1, "the second is set smaller")
        XCTAssertGreaterThan(heights[1], heights[2] * 0.99, "the third smallest")
    }

    func testThreeLinesEndInAnEllipsis() throws {
        let (path, text) = try run("l-three-lines", pages: 1)
        let lines = try pdfLines(path)
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(text.hasSuffix("\u{2026}"))
        XCTAssertTrue(flat([sampleParagraphs[2]]).hasPrefix(String(text.dropLast()).trimmingCharacters(in: .whitespaces)), text)
        XCTAssertTrue(lines.allSatisfy { $0.xMin >= 89.5 && $0.xMax <= 330.5 }, "within the 240 pt container")
    }

    /// The table's rows keep clear of the oval (x 90…200, y 290…370 on the page), its 16
    /// rows come whole and in order, and the wider container gets wider columns.
    func testTableFlowsPastTheObstacleIntoTheWiderColumn() throws {
        let (path, text) = try run("m-table-obstacle", pages: 1)
        let words = try pdfWords(path)
        let inOval = words.filter { $0.xMax > 90 && $0.xMin < 200 && $0.yMax > 290 && $0.yMin < 370 }
        XCTAssertEqual(inOval.map(\.text), [], "words under the obstacle")
        var at = text.startIndex
        for face in ["Garamond", "Caslon", "Baskerville", "Bodoni", "Didot", "Helvetica", "Minion"] {
            let r = try XCTUnwrap(text.range(of: face, range: at..<text.endIndex), "\(face) after the faces before it")
            at = r.upperBound
        }
        XCTAssertTrue(text.contains("Fonts (continued)"))
        // In the 275 pt container (from x 280) the columns are shared out again: its rows
        // reach past where the 220 pt table of the first container would end.
        XCTAssertGreaterThan(words.filter { $0.xMin > 270 }.map(\.xMax).max() ?? 0, 280 + 220 + 20, "columns shared out for the wider container")
        // No word is cut for want of room: each face's name is whole.
        for face in ["Baskerville", "Clarendon", "Univers", "Palatino"] {
            XCTAssertTrue(words.contains { $0.text == face }, face)
        }
    }

    /// Every built-in template sets its example document: valid, with its title and its
    /// last words, in order, and the template's own mark.
    func testTemplateExamplesSetTheirDocuments() throws {
        let expectations: [(String, String, String)] = [
            ("default", "Folio’s Default Template", "its alt text the caption"),
            ("book", "The Lighthouse Keeper’s Almanac", "come safely home."),
            ("two-column", "Total-Fit Line Breaking in Practice", "faster than TeX sets it."),
            ("newspaper", "Town Library Opens Its Doors", "under the clock."),
            ("report", "Quarterly Operations Report", "to the board in October."),
            ("large-print", "Notes for Visitors", "on the back of your ticket."),
            ("letter", "Your calibration appointment on 8 December 2026", "Head of Calibration Service"),
        ]
        var bodyHeights: [String: Double] = [:]
        for (name, first, last) in expectations {
            let (path, text) = try run("template-\(name)")
            let a = try XCTUnwrap(text.range(of: first), "\(name): \(first)")
            let b = try XCTUnwrap(text.range(of: last), "\(name): \(last)")
            XCTAssertLessThan(a.lowerBound, b.lowerBound, name)
            let pages = try pdfPageCount(path)
            let words = try pdfWords(path)
            bodyHeights[name] = median(words.filter { $0.text == "the" }.map(\.height))
            switch name {
            case "two-column", "newspaper":
                // Side by side: words of one line of body text in every column.
                let columns = name == "newspaper" ? 4 : 2
                let pageWidth = name == "newspaper" ? 792.0 : 595.28
                let lastPage = words.filter { $0.page == pages }
                let occupied = Set(words.filter { $0.page == 1 || $0.page == pages && lastPage.count > 200 }
                    .map { Int($0.midX / (pageWidth / Double(columns))) })
                XCTAssertEqual(occupied.count, columns, "\(name): \(columns) columns in use")
            case "report":
                for page in 1...pages { XCTAssertTrue(try pdfText(path, first: page).contains("Page \(page) of \(pages)"), "report page \(page)") }
            case "book":
                XCTAssertGreaterThan(pages, 1)
            case "letter":
                // Three records: a letter of two pages, two of one.
                XCTAssertEqual(pages, 4)
                XCTAssertEqual(text.components(separatedBy: "Kind regards,").count - 1, 3)
            default: break
            }
        }
        XCTAssertGreaterThan(try XCTUnwrap(bodyHeights["large-print"]), 1.3 * (try XCTUnwrap(bodyHeights["default"])), "large print is larger")
    }
}

/// A binary PPM (P6) as pdftoppm writes it: each pixel's red, green and blue.
private struct PPMImage {
    let width: Int, height: Int
    private let bytes: [UInt8], start: Int

    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        bytes = [UInt8](data)
        // "P6", width, height, maximum, each after white space; one more before the pixels.
        var fields: [Int] = [], i = 2
        while fields.count < 3 {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            var n = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { n = n * 10 + Int(bytes[i] - 0x30); i += 1 }
            fields.append(n)
        }
        guard bytes.starts(with: Array("P6".utf8)), fields[2] == 255 else { return nil }
        width = fields[0]; height = fields[1]; start = i + 1
        guard bytes.count >= start + width * height * 3 else { return nil }
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let at = start + (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3
        return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]))
    }
}
