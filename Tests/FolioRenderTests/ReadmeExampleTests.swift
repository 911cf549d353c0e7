import FolioDocument
import Foundation
import XCTest

/// The code shown in the README, kept compiling and working.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(getpid()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
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
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-job-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Notes\n\nSome text.\n".write(to: dir.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(dir.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        // --- README ---
        var job = RenderJob(input: "notes.md")
        job.templateName = "two-column"
        let prepared = try job.prepare()          // read, find the template, style the storage
        let report = try job.render(prepared, to: "notes.pdf")
        // --- end ---
        XCTAssertEqual(report.pages, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("notes.pdf").path))
    }
}
