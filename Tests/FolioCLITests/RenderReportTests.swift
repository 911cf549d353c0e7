import FolioDocument
import FolioTestSupport
import Foundation
import XCTest
@testable import folio

/// What `folio render` leaves behind: `-o -` goes through a private temporary file it
/// removes.
final class RenderReportTests: XCTestCase {
    // MARK: -o - (standard output)

    /// The folder is made by mkdtemp: a fresh name each time, inside the folder given,
    /// open to this user only (0700), so no one can plant a file or link where the PDF
    /// is written or read it there.
    func testThePrivateFolderIsFreshAndClosedToOthers() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let a = try Render.makePrivateFolder(in: parent.path), b = try Render.makePrivateFolder(in: parent.path)
        XCTAssertNotEqual(a, b)
        for folder in [a, b] {
            XCTAssertEqual(URL(fileURLWithPath: folder).deletingLastPathComponent().path, parent.path)
            XCTAssertFalse(folder.contains("\(getpid())"), "no name made from the process id: \(folder)")
            var info = stat()
            XCTAssertEqual(stat(folder, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
            XCTAssertEqual(info.st_mode & 0o777, 0o700, folder)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        }
        XCTAssertThrowsError(try Render.makePrivateFolder(in: parent.appendingPathComponent("missing").path)) {
            XCTAssertTrue("\($0)".hasPrefix("cannot create a temporary folder in \(parent.path)/missing: "), "\($0)")
        }
    }

    /// `-o -` writes the same bytes `-o FILE` does, and leaves nothing in the temporary
    /// folder (TMPDIR), after a render or after a failed one.
    func testStandardOutputGetsThePDFAndNothingIsLeftBehind() throws {
        let dir = try makeTemporaryDirectory(), tmp = try makeTemporaryDirectory("folio-tmpdir")
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: tmp) }
        let input = try write("# Piped\n\nText for a pipe.\n", "p.md", in: dir)
        let file = dir.appendingPathComponent("p.pdf").path
        let environment = fixedEpoch.merging(["TMPDIR": tmp.path]) { $1 }
        XCTAssertEqual(try folio(["render", input, "-o", file], environment: environment).status, 0)
        let bytes = try pdfBytesOnStandardOutput(["render", input, "-o", "-"], environment: environment)
        XCTAssertEqual(bytes, FileManager.default.contents(atPath: file), "the same PDF as -o FILE, byte for byte")
        // The built-in template is kept in the temporary folder between runs; nothing else is.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { !$0.hasPrefix("folio-templates-") }
        }
        XCTAssertEqual(try leftovers(), [], "temporary files left behind")
        let bad = try write("Text.\n\n{.nosuch}\nMore.\n", "bad.md", in: dir)
        let failed = try folio(["render", bad, "-o", "-"], environment: environment)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertTrue(failed.stderr.contains("bad.md:3:"), failed.stderr)
        XCTAssertEqual(try leftovers(), [], "temporary files left behind by a failed render")
    }

    /// The exact bytes `folio arguments` writes to standard output (the process runner
    /// reads text; a PDF is binary).
    private func pdfBytesOnStandardOutput(_ arguments: [String], environment: [String: String]) throws -> Data {
        let process = Process()
        process.executableURL = try folioExecutable()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data
    }
}
