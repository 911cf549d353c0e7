import FolioTestSupport
import Foundation
import XCTest

/// Tables from Markdown to PDF: the header on every page, each row once and in order,
/// decimal columns lined up, a valid PDF and the same bytes every run.
final class TableRenderTests: XCTestCase {
    private func table(rows: Int) -> String {
        var lines = ["# Ledger", "", "{decimal=3 footer=2}", "| Entry | Note | Amount |", "|---|---|--:|"]
        for i in 1...rows { lines.append("| Row \(i) | note \(i) | \(i * 7).\(i % 10)5 |") }
        lines.append("| Page | < | {page-total} |")
        lines.append("| Total | < | {column-total} |")
        return lines.joined(separator: "\n") + "\n"
    }

    func testALongTableRepeatsItsHeaderOnEveryPageAndSetsEachRowOnce() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write(table(rows: 150), "ledger.md", in: dir)
        let pdf = dir.appendingPathComponent("ledger.pdf").path
        let result = try folio(["render", doc, "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        let pages = try pdfPageCount(pdf)
        XCTAssertGreaterThan(pages, 2)
        var seen: [Int] = []
        for p in 1...pages {
            let words = try pdfWords(pdf, first: p)
            let texts = words.map(\.text)
            let header = try XCTUnwrap(texts.firstIndex(of: "Entry"), "page \(p) has the header")
            let headerLine = words.filter { abs($0.yMin - words[header].yMin) < 1 }.map(\.text)
            XCTAssertEqual(headerLine, ["Entry", "Note", "Amount"], "page \(p)")
            if p > 1 { XCTAssertEqual(texts.first, "(continued)", "page \(p)") }
            var onPage: [Int] = []
            for (i, w) in words.enumerated() where w.text == "Row" && i + 1 < words.count {
                if let n = Int(words[i + 1].text) { onPage.append(n) }
            }
            seen += onPage
            // The footer closing the page shows the total of its own rows, then of the rows set so far.
            let pageRow = try XCTUnwrap(words.firstIndex { $0.text == "Page" }, "page \(p) has the page total")
            let pageSum = onPage.reduce(0) { $0 + $1 * 700 + ($1 % 10) * 10 + 5 }
            XCTAssertEqual(words[(pageRow + 1)...].first { Double($0.text) != nil }?.text,
                           "\(pageSum / 100).\(String(format: "%02d", pageSum % 100))", "page \(p)")
            let total = try XCTUnwrap(words.firstIndex { $0.text == "Total" }, "page \(p) ends with the footer")
            let sum = seen.reduce(0) { $0 + $1 * 700 + ($1 % 10) * 10 + 5 }
            let expected = "\(sum / 100).\(String(format: "%02d", sum % 100))"
            XCTAssertEqual(words[(total + 1)...].first { Double($0.text) != nil }?.text, expected, "page \(p)")
            // Rows sit below the header on their page.
            let headerY = words[header].yMin
            XCTAssertTrue(words.filter { $0.text == "Row" }.allSatisfy { $0.yMin > headerY }, "page \(p)")
        }
        XCTAssertEqual(seen, Array(1...150), "every row once, in order")
        // Decimal column: every amount's point at one x on the first page.
        let words = try pdfWords(pdf, first: 1).filter { $0.text.contains(".") && Double($0.text) != nil }
        XCTAssertGreaterThan(words.count, 10)
        let points = words.map { w -> Double in
            let before = w.text.prefix { $0 != "." }.count, all = w.text.count
            return w.xMin + (w.xMax - w.xMin) * Double(before) / Double(all)
        }
        XCTAssertLessThan(points.max()! - points.min()!, 6, "points within a glyph of each other (tabular figures)")
        // Same input, same bytes.
        let again = dir.appendingPathComponent("again.pdf").path
        XCTAssertEqual(try folio(["render", doc, "-o", again], environment: fixedEpoch).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    func testATableWiderThanAColumnCanSpanThePage() throws {
        let dir = try makeTemporaryDirectory()
        let text = (1...8).map { "Paragraph \($0) of running text that fills the columns of the page before and after the table." }
            .joined(separator: "\n\n")
        let doc = try write(text + "\n\n{span=all width=full}\n| A | B | C | D |\n|---|---|---|---|\n| one | two | three | four |\n\n" + text,
                            "wide.md", in: dir)
        let pdf = dir.appendingPathComponent("wide.pdf").path
        XCTAssertEqual(try folio(["render", doc, "-t", "two-column", "-o", pdf], environment: fixedEpoch).status, 0)
        let words = try pdfWords(pdf, first: 1)
        let a = try XCTUnwrap(words.first { $0.text == "A" }), d = try XCTUnwrap(words.first { $0.text == "D" })
        let paragraph = try XCTUnwrap(words.first { $0.text == "Paragraph" })
        XCTAssertGreaterThan(d.xMin - a.xMin, 250, "the table runs across both columns")
        XCTAssertLessThan(abs(a.xMin - paragraph.xMin), 15, "and starts at the text's left edge")
    }
}
