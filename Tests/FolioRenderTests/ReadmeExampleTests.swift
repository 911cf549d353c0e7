import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// The code shown in the README, kept compiling and working.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() throws {
        let dir = try makeTemporaryDirectory("folio-readme")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("example.pdf").path
        // --- README ---
        let storage = TextStorage()
        let body = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 11))
        storage.appendParagraph("A heading", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Sans"], size: 16, weight: .bold)))
        storage.appendParagraph("Body text, justified and hyphenated, flowing through two columns.",
                                attributes: body, paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))

        let manager = LayoutManager(textStorage: storage)
        let columns = PageGeometry(pageSize: PaperSize.named["a5"]!, margins: EdgeInsets(all: 40), columns: 2, gutter: 14)
        let paginator = Paginator(geometry: columns)   // adds pages as the text needs them
        manager.delegate = paginator
        manager.ensureLayout()

        let pdf = try PDFDocument(path: path, metadata: PDFMetadata(title: "Example"))
        for page in paginator.pages {
            pdf.beginPage(size: page.size)
            for column in page.columns { pdf.draw(manager, containerAt: column.containerIndex, at: column.origin) }
            pdf.endPage()
        }
        try pdf.finish()
        // --- end ---
        XCTAssertEqual(paginator.pages.count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testReadmeRenderJobExample() throws {
        // The README's paths are relative: the example runs in a child process whose
        // working directory is a fresh folder (this process's never changes).
        if ProcessInfo.processInfo.environment["FOLIO_TEST_CHILD"] != "1" {
            let dir = try makeTemporaryDirectory("folio-readme-job")
            defer { try? FileManager.default.removeItem(at: dir) }
            try "# Notes\n\nSome text.\n".write(to: dir.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
            _ = try runsInChildProcess(environment: [:], directory: dir)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("notes.pdf").path), "the example wrote notes.pdf")
            return
        }
        // --- README ---
        var job = RenderJob(input: "notes.md")
        job.templateName = "two-column"
        let prepared = try job.prepare()          // read, find the template, style the storage
        let report = try job.render(prepared, to: "notes.pdf")
        // --- end ---
        XCTAssertEqual(report.pages, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "notes.pdf"))
    }
}
