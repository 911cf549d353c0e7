import FolioDocument
import Foundation
import XCTest

final class PDFDocumentTests: RenderTestCase {
    func testTextComesOutInReadingOrderAcrossContainers() throws {
        let words = (1...120).map { "w\($0)" }.joined(separator: " ")
        let path = try write(layout(words), to: "order.pdf")
        try assertValidPDF(path)
        let numbers = try text(of: path).matches(of: /w(\d+)/).map { Int($0.1)! }
        XCTAssertEqual(numbers, Array(1...120))
    }

    func testSameInputSameBytesWithSourceDateEpoch() throws {
        guard try runsInChildProcess(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) else { return }
        // Everything that adds objects: links (structure tree), images, shadows, two pages.
        func document() -> LayoutManager {
            let manager = layout(prose + " A picture \u{FFFC} and \u{FFFC}.")
            let s = manager.textStorage
            s.addAttributes(TextAttributes(link: "https://example.org/a"), range: 4..<9)
            s.addAttributes(TextAttributes(shadow: TextShadow(blurRadius: 2)), range: 10..<15)
            let offsets = objectReplacementOffsets(s.string)
            s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("square.png"), size: Size(width: 12, height: 12))),
                            range: offsets[0]..<(offsets[0] + 3))
            s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("sun.jpg"), size: Size(width: 18, height: 12))),
                            range: offsets[1]..<(offsets[1] + 3))
            manager.ensureLayout()
            return manager
        }
        let a = try write(document(), to: "a.pdf", pages: 2), b = try write(document(), to: "b.pdf", pages: 2)
        let bytesA = try XCTUnwrap(FileManager.default.contents(atPath: a))
        XCTAssertEqual(bytesA, FileManager.default.contents(atPath: b))
        let info = try run("pdfinfo", ["-isodates", a]).output
        XCTAssertTrue(info.contains("2023-11-14T22:13:20"), "creation date from SOURCE_DATE_EPOCH: \(info)")
        XCTAssertFalse(String(decoding: bytesA, as: UTF8.self).contains(dir.lastPathComponent), "no path in the file")
    }

    func testExplicitCreationDateWins() throws {
        guard try runsInChildProcess(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) else { return }
        let path = try write(layout(prose), to: "dated.pdf", metadata: PDFMetadata(creationDate: Date(timeIntervalSince1970: 1_000_000_000)))
        XCTAssertTrue(try run("pdfinfo", ["-isodates", path]).output.contains("2001-09-09T01:46:40"))
    }

    func testMetadataAndEmbeddedSubsetFonts() throws {
        let path = try write(layout(prose), to: "meta.pdf",
                             metadata: PDFMetadata(title: "A Title – Ünïcode", author: "An Author", subject: "A Subject", keywords: ["one", "two"]))
        try assertValidPDF(path)
        let info = try run("pdfinfo", [path]).output
        XCTAssertTrue(info.contains("A Title – Ünïcode"), info)
        XCTAssertTrue(info.contains("An Author"))
        XCTAssertTrue(info.contains("A Subject"))
        XCTAssertTrue(info.contains("one, two"))
        XCTAssertTrue(info.contains("Creator:         Folio"), info)
        let fonts = try run("pdffonts", [path]).output
        XCTAssertTrue(fonts.contains("DejaVuSerif"), fonts)
        XCTAssertTrue(fonts.split(separator: "\n").dropFirst(2).allSatisfy { $0.contains(" yes yes yes ") },
                      "fonts embedded as subsets, with a Unicode map: \(fonts)")
    }

    func testPagesKeepTheirOwnSizes() throws {
        let pdf = try PDFDocument(path: path("sizes.pdf"))
        for size in [Size(width: 200, height: 300), Size(width: 842, height: 595)] {
            pdf.beginPage(size: size)
            pdf.endPage()
        }
        XCTAssertEqual(pdf.pageCount, 2)
        try pdf.finish()
        let info = try run("pdfinfo", ["-f", "1", "-l", "2", path("sizes.pdf")]).output
        XCTAssertTrue(info.contains("Page    1 size:  200 x 300 pts"), info)
        XCTAssertTrue(info.contains("Page    2 size:  842 x 595 pts"), info)
    }

    func testFinishReplacesAnExistingFileAndLeavesNoTemporaryFile() throws {
        let path = path("out.pdf")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        try write(layout(prose), to: "out.pdf")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: Data("%PDF-".utf8)))
        XCTAssertEqual(try filesInDir(), ["out.pdf"])
    }

    func testWhileWritingTheTargetIsUntouched() throws {
        let path = path("keep.pdf")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let pdf = try PDFDocument(path: path)
        pdf.beginPage(size: Size(width: 100, height: 100))
        pdf.draw(layout(prose), containerAt: 0, at: Point(x: 0, y: 0))
        pdf.endPage()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try filesInDir().count, 2, "the PDF goes to a temporary file beside the target")
        pdf.cancel()
    }

    func testCancelLeavesAnExistingFileUntouched() throws {
        let path = path("keep.pdf")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let pdf = try PDFDocument(path: path)
        pdf.beginPage(size: Size(width: 100, height: 100))
        pdf.endPage()
        pdf.cancel()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try filesInDir(), ["keep.pdf"])
    }

    func testAbandonedDocumentCleansUpWhenReleased() throws {
        let path = path("abandoned.pdf")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            let pdf = try PDFDocument(path: path)
            pdf.beginPage(size: Size(width: 100, height: 100))
            // Neither finished nor cancelled: released here.
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try filesInDir(), ["abandoned.pdf"])
    }

    func testUnwritableTargetsFailUpFront() throws {
        XCTAssertThrowsError(try PDFDocument(path: path("missing/out.pdf"))) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
        try FileManager.default.createDirectory(atPath: path("folder.pdf"), withIntermediateDirectories: false)
        XCTAssertThrowsError(try PDFDocument(path: path("folder.pdf"))) { error in
            XCTAssertTrue("\(error)".contains("folder"), "\(error)")
        }
        XCTAssertEqual(try filesInDir(), ["folder.pdf"])
    }

    func testTwoDocumentsForOnePathDoNotShareATemporaryFile() throws {
        let target = path("same.pdf")
        let first = try PDFDocument(path: target), second = try PDFDocument(path: target)
        first.beginPage(size: Size(width: 100, height: 100)); first.endPage()
        second.beginPage(size: Size(width: 300, height: 100)); second.endPage()
        second.cancel()
        try first.finish()
        try assertValidPDF(target)
        XCTAssertTrue(try run("pdfinfo", [target]).output.contains("100 x 100 pts"))
    }
}
