import FolioLayout
import Foundation
import XCTest

/// A line never starts with an em dash that follows a word (`word—word`): lines break after
/// the dash, as TeX breaks them (issue 13 counted 71 such line starts per 100 pages).
final class DashBreakTests: XCTestCase {
    /// The text of each line of `text` set `width` wide (every character set once).
    private func lines(of text: String, width: Double) -> [String] {
        let storage = makeStorage(text)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        return manager.lineFragments.map { storage.substring($0.characterRange) }
    }

    func testNoLineStartsWithADashThatFollowsAWord() {
        let text = (0..<60).map { i in ["nothing—nothing", "said “yes”—and", "it’s—", "end—then"][i % 4] + " words go on here" }
            .joined(separator: " ")
        for width in stride(from: 80.0, through: 200, by: 7) {
            let starts = lines(of: text, width: width).filter { $0.hasPrefix("—") }
            XCTAssertTrue(starts.isEmpty, "width \(width): \(starts.prefix(3))")
        }
    }

    func testNoLineEndsWithADashThatOpensAnAside() {
        // `said —indeed— that`: the opening dash stays with its word.
        let text = (0..<60).map { i in ["he said —indeed— that", "—Quite so, she said", "and so —perhaps— not"][i % 3] + " words go on here" }
            .joined(separator: " ")
        var broke = 0
        for width in stride(from: 80.0, through: 200, by: 7) {
            let lines = lines(of: text, width: width).map { $0.trimmingCharacters(in: .whitespaces) }
            let hanging = lines.filter { $0.hasSuffix(" —") || $0 == "—" }
            XCTAssertTrue(hanging.isEmpty, "width \(width): \(hanging.prefix(3))")
            broke += lines.filter { $0.hasSuffix("—") }.count
        }
        XCTAssertGreaterThan(broke, 0, "closing dashes still end lines")
    }
}
