import FolioDocument
import Foundation
import XCTest

final class PDFDocumentTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func layout(_ text: String, attributes: TextAttributes = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 11))) -> LayoutManager {
        let storage = TextStorage(text, attributes: attributes, paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 300)))
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 300)))
        manager.ensureLayout()
        return manager
    }

    private func write(_ manager: LayoutManager, to name: String, metadata: PDFMetadata = PDFMetadata()) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let pdf = try PDFDocument(path: path, metadata: metadata)
        pdf.beginPage(size: Size(width: 500, height: 400))
        pdf.draw(manager, containerAt: 0, at: Point(x: 40, y: 50))
        pdf.draw(manager, containerAt: 1, at: Point(x: 260, y: 50))
        pdf.endPage()
        try pdf.finish()
        return path
    }

    private func run(_ tool: String, _ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe; p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTextComesOutInReadingOrderAcrossContainers() throws {
        let words = (1...120).map { "w\($0)" }.joined(separator: " ")
        let path = try write(layout(words), to: "order.pdf")
        XCTAssertEqual(try run("qpdf", ["--check", path]).0, 0)
        let text = try run("pdftotext", [path, "-"]).1
        let numbers = text.matches(of: /w(\d+)/).map { Int($0.1)! }
        XCTAssertEqual(numbers, Array(1...120))
    }

    func testSameInputSameBytesWithSourceDateEpoch() throws {
        setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
        defer { unsetenv("SOURCE_DATE_EPOCH") }
        let a = try write(layout(prose), to: "a.pdf"), b = try write(layout(prose), to: "b.pdf")
        XCTAssertEqual(FileManager.default.contents(atPath: a), FileManager.default.contents(atPath: b))
        XCTAssertTrue(try run("pdfinfo", [a]).1.contains("2023"), "creation date from SOURCE_DATE_EPOCH")
    }

    func testMetadataAndEmbeddedSubsetFonts() throws {
        let path = try write(layout(prose), to: "meta.pdf",
                             metadata: PDFMetadata(title: "A Title", author: "An Author", subject: "A Subject", keywords: ["one", "two"]))
        let info = try run("pdfinfo", [path]).1
        XCTAssertTrue(info.contains("A Title"))
        XCTAssertTrue(info.contains("An Author"))
        XCTAssertTrue(info.contains("A Subject"))
        XCTAssertTrue(info.contains("one, two"))
        XCTAssertTrue(info.contains("Folio"))
        let fonts = try run("pdffonts", [path]).1
        XCTAssertTrue(fonts.contains("DejaVuSerif"), fonts)
        XCTAssertTrue(fonts.split(separator: "\n").dropFirst(2).allSatisfy { $0.contains(" yes ") }, "fonts embedded as subsets: \(fonts)")
    }

    func testLinksBecomeAnnotations() throws {
        let manager = layout("Visit the project page for more.")
        manager.textStorage.addAttributes(TextAttributes(link: "https://example.org/folio"), range: 10..<22)
        let path = try write(manager, to: "link.pdf")
        let qdf = dir.appendingPathComponent("link-qdf.pdf").path
        _ = try run("qpdf", ["--qdf", "--object-streams=disable", path, qdf])
        let raw = String(decoding: FileManager.default.contents(atPath: qdf) ?? Data(), as: UTF8.self)
        XCTAssertTrue(raw.contains("/URI (https://example.org/folio)"), "no link annotation")
        XCTAssertTrue(raw.contains("/Subtype /Link"))
    }

    func testCancelLeavesAnExistingFileUntouched() throws {
        let path = dir.appendingPathComponent("keep.pdf").path
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let pdf = try PDFDocument(path: path)
        pdf.beginPage(size: Size(width: 100, height: 100))
        pdf.endPage()
        pdf.cancel()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["keep.pdf"])
    }

    func testPNGPreviewHasInk() throws {
        let manager = layout(prose)
        let path = dir.appendingPathComponent("page.png").path
        try PNGRenderer.renderPage(size: Size(width: 300, height: 200), to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: Point(x: 10, y: 10))
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertGreaterThan(data.count, 2000, "a page of text compresses to more than a blank page")
    }

    func testDecorationsDrawWithoutLosingText() throws {
        let manager = layout("Underlined struck outlined shadowed highlighted.")
        let s = manager.textStorage
        s.addAttributes(TextAttributes(underline: TextLine(.double, color: .red)), range: 0..<10)
        s.addAttributes(TextAttributes(strikethrough: TextLine(.thick)), range: 11..<17)
        s.addAttributes(TextAttributes(stroke: TextStroke(width: 0.5, color: .blue)), range: 18..<26)
        s.addAttributes(TextAttributes(shadow: TextShadow(offset: Point(x: 1, y: 1), blurRadius: 2)), range: 27..<35)
        s.addAttributes(TextAttributes(backgroundColor: Color(hex: "#ffee00")!, obliqueness: 0.2), range: 36..<47)
        let path = try write(manager, to: "deco.pdf")
        XCTAssertEqual(try run("qpdf", ["--check", path]).0, 0)
        let text = try run("pdftotext", [path, "-"]).1
        for word in ["Underlined", "struck", "outlined", "shadowed", "highlighted"] {
            XCTAssertTrue(text.contains(word), "\(word) missing from \(text)")
        }
    }
}

private let prose = """
The quick brown fox jumps over the lazy dog while the compositor sets the type, line \
after line, in two columns that carry the text from the first container into the second.
"""
