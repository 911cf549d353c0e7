@testable import FolioLayout
import FolioTestSupport
import XCTest

/// `BreakItems.letterCore` reads scalars from the bytes in place and answers ASCII and
/// General Punctuation without a property lookup: it must trim and refuse exactly as
/// Unicode's properties say.
final class LetterCoreTests: XCTestCase {
    /// The rule with nothing but `Unicode.Scalar.Properties`, scalar by scalar.
    private func reference(_ word: String, minimum: Int) -> Range<Int>? {
        let scalars = Array(word.unicodeScalars)
        var lead = 0, trail = 0, i = 0, j = scalars.count
        while i < j, !scalars[i].properties.isAlphabetic { lead += String(scalars[i]).utf8.count; i += 1 }
        while j > i, !scalars[j - 1].properties.isAlphabetic { trail += String(scalars[j - 1]).utf8.count; j -= 1 }
        guard i < j, scalars[i..<j].allSatisfy({ $0.properties.isAlphabetic || $0.properties.isGraphemeExtend }),
              j - i >= minimum else { return nil }
        return lead..<(word.utf8.count - trail)
    }

    private func core(_ word: String, minimum: Int) -> Range<Int>? {
        let bytes = Array(word.utf8)
        return bytes.withUnsafeBufferPointer { BreakItems.letterCore($0, 0..<bytes.count, minimum: minimum) }
    }

    func testThePunctuationTakenWithoutALookupIsNeitherAlphabeticNorExtending() {
        for v in UInt32(0x2000)...0x206F where BreakItems.isPunctuation(v) {
            let s = Unicode.Scalar(v)!
            XCTAssertFalse(s.properties.isAlphabetic, "U+\(String(v, radix: 16))")
            XCTAssertFalse(s.properties.isGraphemeExtend, "U+\(String(v, radix: 16))")
        }
    }

    func testWordsAreTrimmedAsUnicodeSays() {
        let cases = ["“Education,”", "don’t", "Übersetzung.", "(naïve)", "cafe\u{301}", "e\u{301}tude", "x²", "Straße",
                     "—Amy—", "‘tis", "1868", "re-enter", "ΜΟΥΣΑ", "Москва»", "日本語", "ab", "\u{200D}word", "word\u{200C}",
                     "", "…", "A", "naïvely’", "ſhall", "ǅemal"]
        for word in cases {
            for minimum in [1, 3, 5] {
                XCTAssertEqual(core(word, minimum: minimum), reference(word, minimum: minimum), "\(word) (\(minimum))")
            }
        }
    }

    func testRandomWordsAreTrimmedAsUnicodeSays() {
        // Letters of several scripts, marks, digits, ASCII and General Punctuation, joiners.
        let pool: [Unicode.Scalar] = ["a", "Z", "q", "é", "ß", "ø", "α", "Ж", "ש", "ع", "中", "ー", "\u{301}", "\u{308}",
                                      "\u{200C}", "\u{200D}", "\u{FE0F}", "1", "9", ".", ",", "'", "-", "“", "”", "‘", "’",
                                      "—", "–", "…", "†", "‹", "›", "⁂", "(", ")", "«", "»", "²", "ⁿ", "ʼ", "ª", "\u{2060}"]
        var rng = SplitMix64(seed: 0x5EED_F011)
        for _ in 0..<20_000 {
            var word = ""
            for _ in 0..<Int.random(in: 0...9, using: &rng) { word.unicodeScalars.append(pool.randomElement(using: &rng)!) }
            let minimum = Int.random(in: 1...5, using: &rng)
            XCTAssertEqual(core(word, minimum: minimum), reference(word, minimum: minimum), "\(word.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testARangeInsideLongerTextReadsOnlyItsBytes() {
        // The word between other bytes: a letter just outside the range is not taken in,
        // and a sequence the range cuts is no letter.
        let text = Array("ab“Education,”cd".utf8)
        let start = 2, end = text.count - 2
        text.withUnsafeBufferPointer { t in
            XCTAssertEqual(BreakItems.letterCore(t, start..<end, minimum: 3), (start + 3)..<(start + 3 + 9))
            XCTAssertEqual(BreakItems.letterCore(t, 0..<2, minimum: 3), nil, "too short")
            // “ is three bytes: a range ending after its first byte holds no letter there.
            XCTAssertEqual(BreakItems.letterCore(t, 0..<3, minimum: 2), 0..<2)
        }
    }

    func testAWordLookedUpAgainGetsTheSamePoints() throws {
        let h = try XCTUnwrap(Hyphenator.forLanguage("en-US"))
        let first = h.hyphenationPoints(in: "extraordinarily")
        XCTAssertFalse(first.isEmpty)
        for _ in 0..<3 { XCTAssertEqual(h.hyphenationPoints(in: "extraordinarily"), first) }
        XCTAssertEqual(h.hyphenationPoints(in: "EXTRAORDINARILY"), first, "case does not matter")
        // Words of the same length do not share a memo entry.
        XCTAssertNotEqual(h.hyphenationPoints(in: "unconventional"), h.hyphenationPoints(in: "extraordinaril"))
        XCTAssertEqual(h.hyphenationPoints(in: ""), [])
    }
}
