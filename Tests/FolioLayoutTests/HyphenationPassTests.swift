import FolioLayout
import Foundation
import XCTest

/// TeX's first pass (`\pretolerance`): a paragraph that sets within it without hyphens gets
/// none; and a third hyphenated line in a row (a ladder) only where nothing else fits.
final class HyphenationPassTests: XCTestCase {
    /// Hyphenated lines and runs of three in a row, over many widths and lengths.
    private func measure(_ typesetting: TypesettingParameters) -> (hyphens: Int, ladders: Int, lines: Int) {
        let words = prose.split(separator: " ")
        var hyphens = 0, ladders = 0, lines = 0
        for length in stride(from: 20, through: words.count, by: 11) {
            let storage = makeStorage(words.prefix(length).joined(separator: " "))
            for width in stride(from: 220.0, through: 400, by: 15) {
                let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
                manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
                manager.ensureLayout()
                var run = 0
                for line in manager.lineFragments {
                    lines += 1
                    run = line.isHyphenated ? run + 1 : 0
                    if line.isHyphenated { hyphens += 1 }
                    if run == 3 { ladders += 1 }
                }
                storage.removeObserver(manager)
            }
        }
        return (hyphens, ladders, lines)
    }

    func testAPassWithoutHyphensComesFirst() {
        var eager = TypesettingParameters.standard
        eager.pretolerance = -1
        let always = measure(eager), first = measure(.standard)
        XCTAssertGreaterThan(always.hyphens, 0)
        // Fewer hyphens (on a novel, some 40 % fewer: README, "How fast, how well").
        XCTAssertLessThan(first.hyphens, always.hyphens, "\(first.hyphens) vs \(always.hyphens) of \(first.lines) lines")
        print("hyphenated lines: \(always.hyphens) hyphenating from the start → \(first.hyphens) with a first pass, of \(first.lines)")
    }

    func testAParagraphThatFitsWithoutHyphensGetsNone() {
        // At some widths the whole paragraph sets within the pretolerance unhyphenated,
        // while hyphenating from the start would have broken words.
        let storage = makeStorage(prose)
        var eager = TypesettingParameters.standard
        eager.pretolerance = -1
        var spared = 0
        for width in stride(from: 220.0, through: 400, by: 5) {
            func hyphens(_ t: TypesettingParameters) -> Int {
                let manager = LayoutManager(textStorage: storage, typesetting: t)
                manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
                manager.ensureLayout()
                defer { storage.removeObserver(manager) }
                return manager.lineFragments.filter(\.isHyphenated).count
            }
            if hyphens(.standard) == 0, hyphens(eager) > 0 { spared += 1 }
        }
        XCTAssertGreaterThan(spared, 3)
    }

    func testNoLaddersOfThreeWhereAnotherSettingExists() {
        XCTAssertEqual(measure(.standard).ladders, 0)
    }

    func testPretoleranceIsRangeChecked() {
        var t = TypesettingParameters.standard
        t.pretolerance = -2
        XCTAssertEqual(t.problem, "pretolerance must be between -1 and 10000 (got -2)")
    }

    func testTextWithoutLinguisticContentIsNeverHyphenated() {
        // Inline code is marked `zxx`: its words never break at a hyphen, while the prose
        // around them still does.
        let storage = TextStorage()
        let prose = TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))
        var code = prose
        code.language = "zxx"
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.tabStops = []
        for k in 0..<30 {
            storage.append(k == 0 ? "" : " ", attributes: prose, paragraphStyle: style)
            storage.append("the", attributes: code, paragraphStyle: style)
            storage.append(" extraordinarily unconventional ", attributes: prose, paragraphStyle: style)
            storage.append("representationalism", attributes: code, paragraphStyle: style)
            storage.append(" accommodations", attributes: prose, paragraphStyle: style)
        }
        var proseHyphens = 0
        for width in stride(from: 90.0, through: 180, by: 10) {
            let manager = LayoutManager(textStorage: storage)
            manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
            manager.ensureLayout()
            for line in manager.lineFragments where line.isHyphenated {
                let last = line.characterRange.upperBound - 1
                let language = storage.attributes(at: last).attributes.language
                XCTAssertNotEqual(language, "zxx", "width \(width): code hyphenated in “\(storage.substring(line.characterRange))”")
                proseHyphens += 1
            }
            storage.removeObserver(manager)
        }
        XCTAssertGreaterThan(proseHyphens, 0, "the prose is hyphenated")
    }

    func testAColumnsLastLineRarelyEndsInAHyphen() {
        // Many paragraphs through many short columns: count the columns whose last line ends
        // in a hyphen with the word going on in the next column.
        func turns(_ penalty: Double, width: Double) -> (turns: Int, columns: Int) {
            var typesetting = TypesettingParameters.standard
            typesetting.brokenPenalty = penalty
            let words = prose.split(separator: " ")
            let text = (0..<40).map { k in (0..<(30 + k * 7 % 40)).map { String(words[($0 + k) % words.count]) }.joined(separator: " ") }
            let storage = makeStorage(text.joined(separator: "\n"))
            let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
            for _ in 0..<80 { manager.addTextContainer(TextContainer(size: Size(width: width, height: 12 * 9))) }
            manager.ensureLayout()
            assertCoversEveryCharacterOnce(manager)
            var count = 0, used = 0
            for c in 0..<manager.textContainers.count {
                let lines = manager.lineFragments(inContainerAt: c)
                guard let last = lines.last else { continue }
                used += 1
                if last.isHyphenated, !last.isLastLineOfParagraph { count += 1 }
            }
            return (count, used)
        }
        var free = 0, dear = 0, columns = 0
        for width in [150.0, 180, 220, 260] {
            let a = turns(0, width: width), b = turns(TypesettingParameters.standard.brokenPenalty, width: width)
            free += a.turns; dear += b.turns; columns += b.columns
        }
        XCTAssertGreaterThan(free, 6, "the text must give hyphens at column ends to avoid")
        XCTAssertLessThan(Double(dear), 0.7 * Double(free), "\(dear) of \(columns) columns, from \(free)")
        print("columns ending in a hyphen: \(free) → \(dear) of \(columns)")
    }
}
