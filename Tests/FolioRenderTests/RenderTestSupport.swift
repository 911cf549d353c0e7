import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// A test case with a fresh temporary folder and helpers to lay out text, write PDFs and
/// run the poppler/qpdf tools on them.
class RenderTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("folio-render")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Files in the test folder, hidden ones (temporary files) included.
    func filesInDir() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    func layout(_ text: String, family: String = "DejaVu Serif", size: Double = 11, width: Double = 200,
                containers: Int = 2, alignment: TextAlignment = .justified) -> LayoutManager {
        let storage = TextStorage(text, attributes: TextAttributes(font: FontDescriptor(families: [family], size: size)),
                                  paragraphStyle: ParagraphStyle(alignment: alignment, hyphenation: alignment == .justified))
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<containers { manager.addTextContainer(TextContainer(size: Size(width: width, height: 300))) }
        manager.ensureLayout()
        return manager
    }

    /// Writes the first two containers side by side on each of `pages` pages.
    @discardableResult
    func write(_ manager: LayoutManager, to name: String, metadata: PDFMetadata = PDFMetadata(), pages: Int = 1) throws -> String {
        let path = path(name)
        let pdf = try PDFDocument(path: path, metadata: metadata)
        for _ in 0..<pages {
            pdf.beginPage(size: Size(width: 500, height: 400))
            pdf.draw(manager, containerAt: 0, at: Point(x: 40, y: 50))
            if manager.textContainers.count > 1 { pdf.draw(manager, containerAt: 1, at: Point(x: 260, y: 50)) }
            pdf.endPage()
        }
        try pdf.finish()
        return path
    }

    /// Runs the system tool `tool`; its exit status and its output and errors together.
    /// Skipped when the tool is not installed, failed under CI (FolioTestSupport).
    func run(_ tool: String, _ args: [String]) throws -> (status: Int32, output: String) {
        let result = try FolioTestSupport.tool(tool, args)
        return (result.status, result.output)
    }

    /// `qpdf --check` passes with neither errors nor warnings.
    func assertValidPDF(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, output) = try run("qpdf", ["--check", path])
        XCTAssertEqual(status, 0, output, file: file, line: line)
        XCTAssertFalse(output.contains("WARNING"), output, file: file, line: line)
    }

    /// The PDF's text as pdftotext extracts it, bidi marks removed.
    func text(of path: String) throws -> String {
        try run("pdftotext", [path, "-"]).output.filter { !"\u{202A}\u{202B}\u{202C}\u{200E}\u{200F}".contains($0) }
    }

    /// The PDF rewritten by qpdf with streams uncompressed and no object streams, so its
    /// objects can be searched as text.
    func uncompressed(_ path: String) throws -> String {
        let out = path + ".qdf"
        _ = try run("qpdf", ["--qdf", "--object-streams=disable", path, out])
        return String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
    }

    /// Word boxes from `pdftotext -bbox`: (word, xMin, yMin, xMax, yMax), top-left origin.
    func wordBoxes(_ path: String) throws -> [(word: String, box: Rect)] {
        let html = try run("pdftotext", ["-bbox", path, "-"]).output
        return html.matches(of: /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/).map { m in
            let x0 = Double(m.1)!, y0 = Double(m.2)!, x1 = Double(m.3)!, y1 = Double(m.4)!
            return (String(m.5), Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }

    /// A file in the repository's Examples/Documents/images folder.
    func asset(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Documents/images/\(name)").path
    }

    /// Byte offsets of every U+FFFC in `text`: where attachments go.
    func objectReplacementOffsets(_ text: String) -> [Int] {
        var offsets: [Int] = [], offset = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{FFFC}" { offsets.append(offset) }
            offset += String(scalar).utf8.count
        }
        return offsets
    }
}

let prose = """
The quick brown fox jumps over the lazy dog while the compositor sets the type, line \
after line, in two columns that carry the text from the first container into the second.
"""

extension XCTestCase {
    /// For a test that needs the process environment or working directory changed: changing
    /// them in this process would change them under every test running alongside, so the
    /// test runs again in a child process of this test bundle that has them.
    ///
    /// Returns true in the child, which then does the work; in this process it runs the
    /// child, fails with the child's output if the child failed (skips if it skipped), and
    /// returns false.
    func runsInChildProcess(environment: [String: String], directory: URL? = nil, test: String = #function,
                            file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        if ProcessInfo.processInfo.environment["FOLIO_TEST_CHILD"] == "1" { return true }
        let method = test.hasSuffix("()") ? String(test.dropLast(2)) : test
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        p.arguments = ["FolioRenderTests.\(type(of: self))/\(method)"]
        p.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["FOLIO_TEST_CHILD": "1"]) { $1 }) { $1 }
        if let directory { p.currentDirectoryURL = directory }
        let pipe = Pipe()
        p.standardOutput = pipe; p.standardError = pipe
        try p.run()
        // Closed here: Foundation's `Process` may keep its pipes past the run.
        defer { try? pipe.fileHandleForReading.close() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if output.contains("with 1 test skipped") || output.contains("skipped (") {
            throw XCTSkip("skipped in the child process: \(output.split(separator: "\n").filter { $0.contains("skipped") }.joined(separator: "; "))")
        }
        if p.terminationStatus != 0 {
            XCTFail("the child process failed:\n\(output)", file: file, line: line)
        } else {
            XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), "the child ran no test:\n\(output)", file: file, line: line)
        }
        return false
    }
}
