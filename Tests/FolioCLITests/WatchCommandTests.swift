import FolioTestSupport
import Foundation
import XCTest

/// `folio render --watch`, driven by what the watcher reports — each render's "N page"
/// line on standard output, each "watching" note on standard error — never by sleeps.
final class WatchCommandTests: XCTestCase {
    /// Starts `folio render input -o output --watch`; stopped when the test ends.
    private func watch(_ input: String, _ output: String) throws -> ChildProcess {
        let child = try launchFolio(["render", input, "-o", output, "--watch"], environment: fixedEpoch)
        addTeardownBlock { child.stop() }
        return child
    }

    /// Waits for the watcher's `renders`-th render and its `watching` note after it
    /// (the sources are stamped by then, so a change made now is one it must see); throws
    /// when either does not come within a minute.
    private func waitForRender(_ child: ChildProcess, _ output: String, _ renders: Int) throws {
        guard child.waitForStdout("\(output): 1 page", count: renders) else {
            throw WatchTimeout(description: "render \(renders) never came; stderr: \(child.stderr)")
        }
        guard child.waitForStderr("watching", count: renders) else {
            throw WatchTimeout(description: "no watching note after render \(renders): \(child.stderr)")
        }
    }

    func testWatchRendersAgainWhenTheDocumentChanges() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("First version.\n", "w.md", in: dir)
        let out = dir.appendingPathComponent("w.pdf").path
        let child = try watch(input, out)
        try waitForRender(child, out, 1)
        XCTAssertTrue(try pdfText(out).contains("First version."))
        try "Second version.\n".write(toFile: input, atomically: true, encoding: .utf8)
        try waitForRender(child, out, 2)
        XCTAssertTrue(child.stderr.contains("\(input) changed; rendering again"), child.stderr)
        XCTAssertTrue(try pdfText(out).contains("Second version."), "not rendered again")
    }

    /// A first render that fails on a missing image is rendered again when the image
    /// appears: the document's folder is watched too.
    func testWatchRendersAgainWhenAMissingImageAppears() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Before the figure.\n\n![A chart](chart.png)\n", "w.md", in: dir)
        let out = dir.appendingPathComponent("w.pdf").path
        let child = try watch(input, out)
        XCTAssertTrue(child.waitForStderr("watching"), child.stderr)
        XCTAssertTrue(child.stderr.contains("error:") && child.stderr.contains("chart.png"), child.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "the image is missing: nothing to write yet")
        let chart = repositoryDirectory.appendingPathComponent("Examples/Documents/images/chart.png").path
        try FileManager.default.copyItem(atPath: chart, toPath: dir.appendingPathComponent("chart.png").path)
        XCTAssertTrue(child.waitForStdout("\(out): 1 page"), "not rendered once the image was there: \(child.stderr)")
        XCTAssertTrue(try pdfText(out).contains("Before the figure."))
    }

    /// A change within one tick of the file system's clock leaves the modification time as
    /// it was; the watcher still sees it by the size (rewritten in place) or by the inode
    /// (a same-size file renamed over it). The modification time is put back exactly, so
    /// the test does not depend on how coarse the clock is.
    func testWatchSeesAChangeWithinOneClockTick() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Short.\n", "w.md", in: dir)
        let out = dir.appendingPathComponent("w.pdf").path
        let child = try watch(input, out)
        try waitForRender(child, out, 1)
        let before = try fileStatus(input)

        // In place, a different size, the same modification time and inode.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: input))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("A longer second version.\n".utf8))
        try handle.close()
        try setModificationTime(input, before.st_mtim)
        let rewritten = try fileStatus(input)
        XCTAssertEqual(rewritten.st_ino, before.st_ino)
        XCTAssertEqual(rewritten.st_mtim.tv_sec, before.st_mtim.tv_sec)
        XCTAssertEqual(rewritten.st_mtim.tv_nsec, before.st_mtim.tv_nsec)
        try waitForRender(child, out, 2)
        XCTAssertTrue(try pdfText(out).contains("A longer second version."), "the same-tick rewrite was not rendered")

        // The same size and modification time, a new inode: an editor's save by rename.
        let temporary = dir.appendingPathComponent("w.md.new").path
        try "A longer SECOND version.\n".write(toFile: temporary, atomically: false, encoding: .utf8)
        try setModificationTime(temporary, before.st_mtim)
        XCTAssertEqual(rename(temporary, input), 0)
        let renamed = try fileStatus(input)
        XCTAssertEqual(renamed.st_size, rewritten.st_size)
        XCTAssertNotEqual(renamed.st_ino, rewritten.st_ino)
        try waitForRender(child, out, 3)
        XCTAssertTrue(try pdfText(out).contains("A longer SECOND version."), "the renamed same-size file was not rendered")
    }

    /// What the watcher cannot do is refused at once, with nothing written (a timeout
    /// fails a watcher that would wait instead).
    func testWatchRefusesWhatItCannotWatch() throws {
        let dir = try makeTemporaryDirectory()
        let input = try write("Words.\n", "r.md", in: dir)
        let out = dir.appendingPathComponent("r.pdf").path
        let cases: [(arguments: [String], input: Data?, message: String)] = [
            (["render", input, "-o", "-", "--watch"], nil, "--watch writes a file each time: give -o a file name, not -"),
            (["render", "-", "-o", out, "--watch"], Data("Piped.\n".utf8), "--watch needs a document file to watch, not a pipe (-)"),
            (["render", "/dev/stdin", "-o", out, "--watch"], Data("Piped.\n".utf8), "--watch needs a document file to watch, not a pipe (/dev/stdin)"),
            (["render", "-", "--watch"], Data("Piped.\n".utf8), "reading the document from a pipe (-): give the PDF's name with -o"),
        ]
        for c in cases {
            let result = try folio(c.arguments, input: c.input, timeout: 60)
            XCTAssertEqual(result.status, 1, "\(c.arguments)")
            XCTAssertTrue(result.stderr.contains("folio: error: " + c.message), "\(c.arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(c.arguments): no PDF on standard output")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(c.arguments)")
        }
    }
}

private struct WatchTimeout: Error, CustomStringConvertible { var description: String }

private func fileStatus(_ path: String) throws -> stat {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
    return info
}

/// Sets the file's access and modification times to `time`, to the nanosecond.
private func setModificationTime(_ path: String, _ time: timespec) throws {
    var times = [time, time]
    guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
}
