import FolioDocument
import FolioTestSupport
import Foundation
import XCTest
@testable import folio

/// `--align` and `--hyphenate` are read into typed overrides where the command line is
/// parsed, once; bad values are refused there with argument-parser's message.
final class OverrideFlagTests: XCTestCase {
    func testFlagsBecomeTypedOverrides() throws {
        let job = try Render.parse(["in.md", "--align", "center", "--hyphenate", "NONE"]).makeJob()
        XCTAssertEqual(job.overrides.alignment, .center)
        XCTAssertEqual(job.overrides.hyphenation, .off)
        for (flag, alignment) in [("justify", TextAlignment.justified), ("left", .left), ("right", .right)] {
            XCTAssertEqual(try Render.parse(["in.md", "--align", flag]).makeJob().overrides.alignment, alignment)
        }
        let plain = try Render.parse(["in.md"]).makeJob()
        XCTAssertNil(plain.overrides.alignment)
        XCTAssertNil(plain.overrides.hyphenation)
        let english = try Render.parse(["in.md", "--hyphenate", "en-US"]).makeJob()
        XCTAssertEqual(english.overrides.hyphenation, .language("en-US"))
    }

    func testBadValuesAreRefusedWhereTheyAreRead() {
        XCTAssertThrowsError(try Render.parse(["in.md", "--align", "sideways"])) { error in
            let message = Render.message(for: error)
            XCTAssertTrue(message.contains("'sideways'") && message.contains("--align"), message)
            XCTAssertTrue(message.contains("justify"), "the choices are listed: \(message)")
        }
        XCTAssertThrowsError(try Render.parse(["in.md", "--hyphenate", ""])) { error in
            XCTAssertTrue(Render.message(for: error).contains("--hyphenate"), Render.message(for: error))
        }
    }

    func testAMissingDictionaryIsRefusedWithItsMessage() throws {
        let never = try makeTemporaryDirectory("folio-flags").appendingPathComponent("never.pdf").path
        // Not a language tag: refused as a value before any dictionary is looked for.
        let dash = try folio(["render", "/dev/null", "-o", never, "--hyphenate", "-"])
        XCTAssertEqual(dash.status, 64, dash.stderr)
        XCTAssertTrue(dash.stderr.contains("The value '-' is invalid for '--hyphenate"), dash.stderr)
        for (value, package) in [("xx-YY", "hyphen-xx")] {
            let result = try folio(["render", "/dev/null", "-o", never, "--hyphenate", value])
            XCTAssertEqual(result.status, 1, "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("folio: error: no hyphenation dictionary for '\(value)'"), result.stderr)
            XCTAssertTrue(result.stderr.contains("install Debian's \(package) package or pass --hyphenate none"), result.stderr)
        }
        let empty = try folio(["render", "/dev/null", "-o", never, "--hyphenate", ""])
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.stderr.contains("--hyphenate"), empty.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: never))
    }
}
