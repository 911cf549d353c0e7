import FolioTestSupport
import Foundation
import XCTest

/// Every seed of the fuzzing corpus (Tests/FuzzCorpus), and every reproducer kept there
/// after a fix, goes through its fuzz target on each test run: `folio-fuzz` built plainly
/// replays files. A crash, a trap or a hang fails here, not only under scripts/fuzz.sh.
final class FuzzCorpusTests: XCTestCase {
    private let targets = [("markdown", "markdown"), ("markdown-file", "markdown"), ("frontmatter", "frontmatter"), ("style", "style"),
                           ("template", "template"), ("data", "data"), ("request", "request"), ("render", "markdown")]

    func testEverySeedRunsThroughItsTarget() throws {
        let fuzz = productsDirectory.appendingPathComponent("folio-fuzz")
        guard FileManager.default.isExecutableFile(atPath: fuzz.path) else {
            throw skipOrFail("no folio-fuzz at \(fuzz.path): run `swift build --build-tests` first")
        }
        for (target, seeds) in targets {
            let folder = repositoryDirectory.appendingPathComponent("Tests/FuzzCorpus/\(seeds)")
            let count = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
            XCTAssertGreaterThan(count, 0, seeds)
            let result = try runProcess(fuzz, [target, folder.path], timeout: 600)
            XCTAssertEqual(result.status, 0, "\(target): \(result.stderr.suffix(2000))")
            XCTAssertTrue(result.stdout.contains("folio-fuzz \(target): \(count) inputs replayed"), "\(target): \(result.stdout)")
        }
    }
}
