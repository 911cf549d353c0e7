import FolioLayout
import Foundation
import XCTest

/// Warming up in the background changes nothing but when things load: layout started
/// while the warm-up runs (from many threads at once) sets the same lines.
final class LayoutWarmUpTests: XCTestCase {
    private static func lines(_ text: String) -> [Range<Int>] {
        let storage = TextStorage(text, attributes: TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 10)),
                                  paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        let manager = LayoutManager(textStorage: storage, shaping: nil)
        manager.addTextContainer(TextContainer(size: Size(width: 140, height: 1000)))
        manager.ensureLayout()
        return manager.lineFragments.map(\.characterRange)
    }

    func testLayoutDuringTheWarmUpSetsTheSameLines() {
        let text = String(repeating: "Hyphenation dictionaries and font configuration load concurrently with everything else. ", count: 6)
        let expected = Self.lines(text)
        XCTAssertTrue(expected.count > 5)
        let results = NSLock()
        nonisolated(unsafe) var seen: [[Range<Int>]] = []
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            LayoutWarmUp.loadFontConfiguration()
            LayoutWarmUp.loadHyphenation(for: i % 2 == 0 ? "en-US" : "de")
            let got = LayoutWarmUpTests.lines(text)
            results.lock(); seen.append(got); results.unlock()
        }
        XCTAssertEqual(seen.count, 8)
        for got in seen { XCTAssertEqual(got, expected) }
        XCTAssertNotNil(Hyphenator.forLanguage("en-US"))
    }
}
