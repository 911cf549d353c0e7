import FolioTestSupport
import Foundation
import XCTest

/// Chinese from Markdown to PDF: the faces of its region and style, the text in order,
/// a valid PDF and the same bytes every run, and no crash with two threads shaping.
final class ChineseRenderTests: XCTestCase {
    private var example: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Documents/chinese.md").standardized.path
    }

    func testTheChineseExampleTakesSimplifiedChineseFacesMatchingItsStyles() throws {
        try requireCJKFonts()
        let dir = try makeTemporaryDirectory()
        let pdf = dir.appendingPathComponent("zh.pdf").path
        let result = try folio(["render", example, "-t", "two-column", "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("hyphenation dictionary"), "Chinese asks for no dictionary: \(result.stderr)")
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        let fonts = try pdfFontNames(pdf)
        XCTAssertTrue(fonts.contains { $0.hasSuffix("NotoSerifCJKsc-Regular") }, "serif body → Noto Serif CJK SC: \(fonts)")
        XCTAssertTrue(fonts.contains { $0.hasSuffix("NotoSansCJKsc-Bold") }, "sans headings → Noto Sans CJK SC: \(fonts)")
        XCTAssertFalse(fonts.contains { $0.contains("jp") || $0.contains("JP") }, "no Japanese forms for zh-Hans: \(fonts)")
        let text = try pdfFlatText(pdf)
        for phrase in ["用Swift写成", "标点挤压", "思源宋体"] {
            XCTAssertTrue(text.replacingOccurrences(of: " ", with: "").contains(phrase), "\(phrase) in order")
        }
        let again = dir.appendingPathComponent("again.pdf").path
        XCTAssertEqual(try folio(["render", example, "-t", "two-column", "-o", again], environment: fixedEpoch).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    /// A book-length Chinese text used to abort inside cairo in about half of the runs
    /// when two threads made CJK fonts (cairo closed a face under the thread drawing with
    /// it). It is now shaped on two threads and drawn with faces cairo cannot close
    /// (`DrawingFonts`): it renders every time, to the same bytes.
    func testAChineseBookRendersEveryTime() throws {
        try requireCJKFonts()
        let book = try requireCorpus("rust-book-zh.md")
        let dir = try makeTemporaryDirectory()
        var first: Data?
        for run in 1...5 {
            let pdf = dir.appendingPathComponent("book\(run).pdf").path
            let result = try folio(["render", book.path, "-t", "two-column", "-o", pdf, "-q"], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, "run \(run): \(result.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
            if let first { XCTAssertEqual(bytes, first, "run \(run) wrote other bytes") } else { first = bytes }
        }
    }
}

extension ChineseRenderTests {
    /// The report template's footer and the date speak the document's language.
    func testFootersAndDatesFollowTheDocumentsLanguage() throws {
        let dir = try makeTemporaryDirectory()
        for (language, footer, title) in [("zh-Hans", "第 1 页，共 1 页", "报告"), ("zh-Hant", "第 1 頁，共 1 頁", "報告"),
                                          ("ja", "1 / 1 ページ", "報告"), ("en-GB", "Page 1 of 1", "Report")] {
            let doc = try write("---\ntitle: \(title)\nlang: \(language)\n---\n\n\(title)。\n", "\(language).md", in: dir)
            let pdf = dir.appendingPathComponent("\(language).pdf").path
            let result = try folio(["render", doc, "-t", "report", "-o", pdf], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = try pdfText(pdf)
            XCTAssertTrue(text.contains(footer), "\(language): \(text)")
        }
    }
}

extension ChineseRenderTests {
    /// The `vertical` template's example: characters run down each line and the lines
    /// follow one another right to left, in the text's order.
    func testVerticalTextReadsTopToBottomRightToLeft() throws {
        try requireCJKFonts()
        let doc = URL(fileURLWithPath: example).deletingLastPathComponent().appendingPathComponent("vertical.md").path
        let dir = try makeTemporaryDirectory()
        let pdf = dir.appendingPathComponent("vertical.pdf").path
        let result = try folio(["render", doc, "-t", "vertical", "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        let words = try pdfWords(pdf, first: 1, last: 1).filter { w in
            w.text.count == 1 && w.text.unicodeScalars.allSatisfy { $0.value >= 0x3000 } && w.yMin > 45   // below the running head
        }
        XCTAssertGreaterThan(words.count, 100)
        // Reading order: columns right to left, each top to bottom.
        let ordered = words.sorted { (-($0.xMin * 2).rounded(), $0.yMin) < (-($1.xMin * 2).rounded(), $1.yMin) }
        let text = ordered.map(\.text).joined()
        for phrase in ["吾輩は猫である。名前はまだ無い。", "どこで生れたかとんと見当がつかぬ。"] {
            XCTAssertTrue(text.contains(phrase), "\(phrase) in \(text.prefix(80))…")
        }
        // Within a line, each character is an em (10 pt) or a little more below the one before.
        let first = try XCTUnwrap(words.first { $0.text == "名" })   // the first paragraph's line
        let column = words.filter { abs($0.xMin - first.xMin) < 0.5 }.sorted { $0.yMin < $1.yMin }
        XCTAssertGreaterThan(column.count, 15)
        for (a, b) in zip(column, column.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.yMin - a.yMin, 9.9)
            XCTAssertLessThan(b.yMin - a.yMin, 13)
        }
        // The em of the last character of a full line ends at the bottom margin.
        let bottom = 595.28 - 20 * 72 / 25.4
        let all = try pdfWords(pdf, first: 1, last: 1)
        let next = all.filter { abs($0.xMin - (first.xMin - 17.5)) < 3 && $0.yMin > 45 }
        // Upright characters only (the folio sits below; a turned ー has a turned box).
        let end = next.filter { $0.text.count == 1 && $0.text.unicodeScalars.first!.value >= 0x3000 && $0.text != "ー" }
            .map { $0.yMin + 10 }.max() ?? 0
        XCTAssertEqual(end, bottom, accuracy: 5.5, "the next line runs to the bottom margin (a closing mark's half may hang): \(next.map(\.text))")
        XCTAssertTrue(words.allSatisfy { $0.yMin + 10 <= bottom + 5.01 }, "nothing below the bottom margin")
    }
}

extension ChineseRenderTests {
    /// Columns of vertical text are tiers (段), one above the other, read top tier first.
    func testVerticalColumnsAreTiersReadTopFirst() throws {
        try requireCJKFonts()
        let dir = try makeTemporaryDirectory()
        var text = "---\ntitle: 段組\nlang: ja\n---\n\n"
        for n in 1...6 { text += "第\(n)段落。" + String(repeating: "吾輩は猫である。名前はまだ無い。", count: 8) + "\n\n" }
        let doc = try write(text, "tiers.md", in: dir)
        let pdf = dir.appendingPathComponent("tiers.pdf").path
        let result = try folio(["render", doc, "-t", "vertical", "--columns", "2", "--gutter", "8mm", "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let words = try pdfWords(pdf, first: 1, last: 1).filter { $0.yMin > 45 && $0.yMax < 560 }
        let middle = 595.28 / 2
        let top = words.filter { $0.yMax < middle }, bottom = words.filter { $0.yMin > middle }
        XCTAssertGreaterThan(top.count, 50)
        XCTAssertGreaterThan(bottom.count, 50, "the text goes on in the lower tier")
        XCTAssertFalse(words.contains { $0.yMin < middle && $0.yMax > middle + 12 }, "nothing crosses the gutter")
        // The lower tier starts where the upper one ends: at the right, after its last (leftmost) line.
        let lastTop = try XCTUnwrap(top.min { $0.xMin < $1.xMin }), firstBottom = try XCTUnwrap(bottom.max { $0.xMin < $1.xMin })
        XCTAssertGreaterThan(firstBottom.xMin, lastTop.xMin)
    }
}
