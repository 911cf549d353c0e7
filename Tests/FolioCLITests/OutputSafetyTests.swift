import FolioTestSupport
import Foundation
import XCTest

/// `-o` never replaces what is not a regular file, follows symlinks, never writes through
/// a planted temporary, and leaves no temporary file behind.
final class OutputSafetyTests: XCTestCase {
    private func document(in dir: URL) throws -> String {
        try write("# Title\n\nSome text.\n", "doc.md", in: dir)
    }

    func testAFIFOIsWrittenToAndStaysAFIFO() throws {
        let dir = try makeTemporaryDirectory()
        let fifo = dir.appendingPathComponent("out.pdf").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let copy = dir.appendingPathComponent("copy.pdf").path
        let reader = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat '\(fifo)' > '\(copy)'"])
        let result = try folio(["render", try document(in: dir), "-o", fifo, "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        reader.waitUntilExit()
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertEqual(try qpdfCheck(copy).status, 0, "the reader got the whole PDF")
    }

    func testDevNullStaysADevice() throws {
        let dir = try makeTemporaryDirectory()
        let result = try folio(["render", try document(in: dir), "-o", "/dev/null", "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still a character device")
    }

    func testDevStdoutInAPipeIsWrittenTo() throws {
        let dir = try makeTemporaryDirectory()
        let result = try folio(["render", try document(in: dir), "-o", "/dev/stdout", "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("%PDF-"), "the PDF came down the pipe")
    }

    func testASymlinkIsFollowedAndADanglingOneRefused() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try document(in: dir)
        let link = dir.appendingPathComponent("link.pdf").path, target = dir.appendingPathComponent("target.pdf").path
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.pdf")
        let result = try folio(["render", doc, "-o", link, "-q"], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.pdf", "the link stays a link")
        XCTAssertEqual(try qpdfCheck(target).status, 0, "its target got the PDF")

        try FileManager.default.removeItem(atPath: target)
        let dangling = try folio(["render", doc, "-o", link, "-q"], environment: fixedEpoch)
        XCTAssertNotEqual(dangling.status, 0)
        XCTAssertTrue(dangling.stderr.contains("\(link): is a symbolic link to nothing (target.pdf)"), dangling.stderr)
        XCTAssertFalse(dangling.stderr.contains("\(link): \(link)"), "the path is named once")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    }

    func testNoTemporaryFileIsLeftAndTheModeIsANewFilesOrTheOldOnes() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try document(in: dir)
        let out = dir.appendingPathComponent("out.pdf").path
        XCTAssertEqual(try folio(["render", doc, "-o", out, "-q"], environment: fixedEpoch).status, 0)
        var info = stat()
        XCTAssertEqual(stat(out, &info), 0)
        XCTAssertEqual(info.st_mode & 0o077 != 0, true, "not the 0600 of a temporary file")
        XCTAssertEqual(chmod(out, 0o640), 0)
        XCTAssertEqual(try folio(["render", doc, "-o", out, "-q"], environment: fixedEpoch).status, 0)
        XCTAssertEqual(stat(out, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640, "a replaced file keeps its mode")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(left, [])
    }

    func testAnInterruptedRenderLeavesNoTemporaryFile() throws {
        let dir = try makeTemporaryDirectory()
        var text = "# Long\n\n"
        for _ in 0..<4000 { text += "A paragraph of some length, set again and again so the render takes a while.\n\n" }
        let doc = try write(text, "long.md", in: dir)
        let child = try launchFolio(["render", doc, "-o", dir.appendingPathComponent("long.pdf").path, "-q"], environment: fixedEpoch)
        // Wait for the temporary file, then interrupt.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try FileManager.default.contentsOfDirectory(atPath: dir.path)).allSatisfy({ !$0.contains(".tmp-") }) {
            usleep(20_000)
        }
        child.interrupt()
        child.waitUntilExit()
        XCTAssertNotEqual(child.terminationStatus, 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(left, [], "the temporary file went with the interrupted render")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("long.pdf").path))
    }

    func testAPagePreviewNeverReplacesAnInput() throws {
        let dir = try makeTemporaryDirectory()
        // The document's own image is called page-1.png, in the folder the previews go to.
        let image = repositoryDirectory.appendingPathComponent("Examples/Documents/images/chart.png").path
        let own = dir.appendingPathComponent("page-1.png").path
        try FileManager.default.copyItem(atPath: image, toPath: own)
        let before = try Data(contentsOf: URL(fileURLWithPath: own))
        let doc = try write("# T\n\n![a chart](page-1.png)\n\nText.\n", "doc.md", in: dir)
        let pdf = dir.appendingPathComponent("out.pdf").path
        let result = try folio(["render", doc, "-o", pdf, "--png", dir.path, "-q"], environment: fixedEpoch)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("would replace one of the document's inputs"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: own)), before, "the image is untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf), "no PDF from a failed render")
    }

    /// A noncharacter (U+FFFE) in the text failed the whole render ("out.pdf: page 1 could
    /// not be drawn: input string not valid UTF-8"): it is drawn as a missing glyph.
    func testANoncharacterInTheTextStillRenders() throws {
        let dir = try makeTemporaryDirectory()
        let doc = try write("# T\n\nA \u{FFFE} noncharacter and text.\n", "doc.md", in: dir)
        let pdf = dir.appendingPathComponent("out.pdf").path
        let result = try folio(["render", doc, "-o", pdf], environment: fixedEpoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        XCTAssertTrue(try pdfText(pdf).contains("noncharacter and text"))
    }
}

