import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// `ReadRoot`: which paths a document or template may read (issue 12's confinement).
final class ReadRootTests: XCTestCase {
    private func folders() throws -> (root: URL, outside: URL) {
        let dir = try makeTemporaryDirectory()
        let root = dir.appendingPathComponent("doc"), outside = dir.appendingPathComponent("outside")
        for folder in [root, outside, root.appendingPathComponent("images")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("x".utf8).write(to: root.appendingPathComponent("images/a.png"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.png"))
        return (root, outside)
    }

    func testPathsInsideAreAbsoluteAndPathsOutsideAreRefused() throws {
        let (root, outside) = try folders()
        let r = ReadRoot(root.path, role: "the document's folder")
        XCTAssertEqual(r.confine("images/a.png"), root.appendingPathComponent("images/a.png").standardizedFileURL.path)
        XCTAssertEqual(r.confine("images/../images/a.png"), r.confine("images/a.png"))
        XCTAssertNotNil(r.confine("images/missing.png"), "a missing file inside is for the caller to report")
        XCTAssertNil(r.confine("../outside/secret.png"))
        XCTAssertNil(r.confine(outside.appendingPathComponent("secret.png").path))
        XCTAssertNil(r.confine("/etc/passwd"))
        XCTAssertNil(r.confine("images/../../outside/secret.png"))
        XCTAssertNil(r.confine("../doc-other/a.png"), "a sibling whose name starts with the root's is outside")
        XCTAssertEqual(ReadRoot("/", role: "--root").confine("/etc/hostname"), "/etc/hostname")
    }

    func testALinkInsideThatLeadsOutIsRefusedWhetherItsTargetExistsOrNot() throws {
        let (root, outside) = try folders()
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("leak.png").path, withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("dangling.png").path, withDestinationPath: outside.appendingPathComponent("none.png").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("inside.png").path, withDestinationPath: "images/a.png")
        let r = ReadRoot(root.path, role: "the document's folder")
        XCTAssertNil(r.confine("out/secret.png"))
        XCTAssertNil(r.confine("out/none.png"))
        XCTAssertNil(r.confine("leak.png"))
        XCTAssertNil(r.confine("dangling.png"))
        XCTAssertNotNil(r.confine("inside.png"), "a link that stays inside is fine")
    }

    func testARootGivenThroughALinkStillHoldsItsOwnFiles() throws {
        let (root, _) = try folders()
        let alias = root.deletingLastPathComponent().appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: root.path)
        XCTAssertNotNil(ReadRoot(alias.path, role: "--root").confine("images/a.png"))
    }
}
