import FolioLayout
import Foundation
import XCTest

/// Korean as Korean is set: its own faces, words kept whole and separated by their spaces
/// (which take the justification), and no extra space between Hangul and Latin letters
/// (`cjk-latin-spacing: auto` adds none in Korean).
extension EastAsianLayoutTests {
    static let korean = "타이포그래피는 글자를 배열하여 읽기 쉽고 아름답게 만드는 기술이다 좋은 조판은 독자가 글자를 의식하지 않고 내용에 집중하게 한다 "
        + "한국어 문장은 띄어쓰기로 낱말을 나누므로 줄은 낱말 사이에서 바뀐다"

    func testKoreanTakesItsOwnFacesAndNoSpaceBetweenHangulAndLatin() throws {
        let manager = try layOut("한국어Swift코드", width: 400, language: "ko", style: ParagraphStyle(alignment: .left))
        let c = placedClusters(manager.lineFragments[0])
        let eo = c.first { $0.text == "어" }!, s = c.first { $0.text == "S" }!
        XCTAssertEqual(eo.run.font.familyName, "Noto Serif CJK KR")
        // Noto's Hangul is 0.966 em wide.
        XCTAssertEqual(s.x - eo.x, 9.66, accuracy: 0.01, "Hangul then Latin, set solid")
        let t = c.first { $0.text == "t" && $0.x > s.x }!, ko = c.first { $0.text == "코" }!
        XCTAssertLessThan(ko.x - t.x, 10, "Latin then Hangul, set solid")
    }

    func testKoreanLinesBreakBetweenWordsAndJustifyInTheirSpaces() throws {
        let manager = try layOut(Self.korean + " " + Self.korean, width: 150, language: "ko")
        let lines = Array(manager.lineFragments)
        XCTAssertGreaterThan(lines.count, 6)
        var offset = 0
        let scalars = Array((Self.korean + " " + Self.korean).unicodeScalars)
        for line in lines.dropLast() {
            let clusters = placedClusters(line)
            // The line ends at a word's end: what follows it in the text is a space.
            let end = line.characterRange.upperBound
            let prefix = String(decoding: Array((Self.korean + " " + Self.korean).utf8)[..<end], as: UTF8.self)
            let next = scalars.count > prefix.unicodeScalars.count ? scalars[prefix.unicodeScalars.count] : " "
            let last = prefix.unicodeScalars.last!
            XCTAssertTrue(last == " " || next == " ", "the line ends between words, not inside one: …\(prefix.suffix(6))|")
            // Justified: the last syllable (0.966 em wide in Noto) ends at the margin.
            let lastGlyph = clusters.filter { $0.text != " " }.last!
            XCTAssertEqual(lastGlyph.x + 9.66, 150, accuracy: 0.05, "flush right")
            // The stretch went into the spaces first: in this narrow (15 em) column a
            // word's syllables open by a quarter em at most, its spaces by more.
            let inWord = zip(clusters, clusters.dropFirst()).filter { $0.0.text != " " && $0.1.text != " " }.map { $0.1.x - $0.0.x }
            let spaces = zip(clusters, clusters.dropFirst()).filter { $0.0.text == " " }.map { $0.1.x - $0.0.x }
            XCTAssertGreaterThanOrEqual(inWord.min()!, 9.66 - 0.01)
            XCTAssertLessThanOrEqual(inWord.max()!, 9.66 + 2.5)
            XCTAssertGreaterThan(spaces.min()!, inWord.max()! - 9.66, "spaces open more than syllables")
            offset = end
        }
        XCTAssertGreaterThan(offset, 0)
    }
}
