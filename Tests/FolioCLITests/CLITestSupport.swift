import FolioTestSupport
import Foundation
import XCTest

// The process runner, temporary folders and the poppler/qpdf wrappers are in
// FolioTestSupport; what is here is particular to the CLI's tests.

/// Writes `text` to the file `name` in `dir` and returns its path.
@discardableResult
func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// A fixed date for the PDF's metadata: the same input gives the same bytes.
let fixedEpoch = ["SOURCE_DATE_EPOCH": "1700000000"]

/// Skips (or fails, where tests must not skip) unless the Noto CJK fonts are installed.
func requireCJKFonts() throws {
    let list = try tool("fc-list", [":lang=zh-cn", "family"])
    guard list.stdout.contains("Noto Serif CJK SC") else { throw skipOrFail("fonts-noto-cjk (Noto CJK fonts) is not installed") }
}
