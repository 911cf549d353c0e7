import FolioTestSupport
import Foundation
import XCTest

/// Contents with page numbers, Markdown to PDF: each entry shows the page its heading is
/// on (after the numbers themselves have moved the text), each entry is a link, `{page}`
/// references agree, and the output is the same every run.
final class ContentsRenderTests: XCTestCase {
    private func document() -> String {
        let words = "it was the best of times it was the worst of times it was the age of wisdom".split(separator: " ")
        var lines = ["---", "title: Contents Test", "toc: true", "---", ""]
        for chapter in 1...12 {
            lines += ["## Chapter\(chapter) heading {#ch\(chapter)}", ""]
            for p in 0..<(3 + chapter * 5 % 11) {
                lines.append((0..<(60 + p * 13 % 50)).map { String(words[($0 + p + chapter) % words.count]) }.joined(separator: " ") + ".")
                lines.append("")
            }
        }
        lines.append("Chapter seven starts on page [](#ch7){page}; chapter twelve on [twelve](#ch12){page}.")
        return lines.joined(separator: "\n") + "\n"
    }

    func testEveryEntryShowsThePageItsHeadingIsOn() throws {
        for template in ["book", "default"] {
            let dir = try makeTemporaryDirectory()
            let doc = try write(document(), "contents.md", in: dir)
            let pdf = dir.appendingPathComponent("contents.pdf").path
            let result = try folio(["render", doc, "--template", template, "-o", pdf], environment: fixedEpoch)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try qpdfCheck(pdf).status, 0)
            let pages = try pdfPageCount(pdf)
            // Where each heading is set: the page whose text has "ChapterN heading" (not the contents' page).
            var headingPage: [Int: Int] = [:]
            var contentsNumbers: [Int: String] = [:]
            for page in 1...pages {
                let lines = try pdfText(pdf, first: page, last: page, layout: true).split(separator: "\n").map(String.init)
                let isContents = lines.contains { $0.trimmingCharacters(in: .whitespaces) == "Contents" }
                for line in lines {
                    let fields = line.split(separator: " ").map(String.init)
                    guard let i = fields.firstIndex(where: { $0.hasPrefix("Chapter") && Int($0.dropFirst(7)) != nil }),
                          i + 1 < fields.count, fields[i + 1].hasPrefix("heading") else { continue }
                    let n = Int(fields[i].dropFirst(7))!
                    // An entry ends in its number; the heading itself does not.
                    if isContents, let last = fields.last, Int(last) != nil || last == "??" {
                        contentsNumbers[n] = last
                    } else if headingPage[n] == nil {
                        headingPage[n] = page
                    }
                }
            }
            XCTAssertEqual(contentsNumbers.count, 12, "\(template): an entry per chapter")
            XCTAssertEqual(headingPage.count, 12, "\(template)")
            // Page numbers as printed: the book's first page is 1, and so is the default's.
            for n in 1...12 {
                XCTAssertEqual(contentsNumbers[n], headingPage[n].map(String.init), "\(template): chapter \(n)")
            }
            let text = try pdfFlatText(pdf)
            XCTAssertTrue(text.contains("Chapter seven starts on page \(headingPage[7]!); chapter twelve on \(headingPage[12]!)."), "\(template)")
            // The entries are links inside the document.
            let raw = try qpdfUncompressed(pdf)
            XCTAssertGreaterThanOrEqual(raw.components(separatedBy: "/Subtype /Link").count - 1, 14, "\(template)")
            // Same bytes every run.
            let again = dir.appendingPathComponent("again.pdf").path
            XCTAssertEqual(try folio(["render", doc, "--template", template, "-o", again], environment: fixedEpoch).status, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: again)))
        }
    }
}
