import FolioLayout
import XCTest

private final class SizedSupplier: LayoutManagerDelegate {
    var sizes: [Size]
    var made = 0
    init(_ sizes: [Size]) { self.sizes = sizes }
    func layoutManager(_ lm: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        guard made < sizes.count else { return nil }
        made += 1
        return TextContainer(size: sizes[made - 1])
    }
}

/// Regressions found in review: each of these once lost text, overflowed, hung or drew blank.
final class LayoutRegressionTests: XCTestCase {
    // 1. line 0 of a paragraph moved into a narrower container supplied by the delegate
    func testAFirstLineLandingInANarrowerContainerIsBrokenAgain() {
        let storage = makeStorage(prose + "\n" + prose, style: ParagraphStyle(alignment: .left))
        let lm = LayoutManager(textStorage: storage)
        // First container: measure how tall paragraph 0 is in width 200.
        let probe = LayoutManager(textStorage: makeStorage(prose, style: ParagraphStyle(alignment: .left)))
        probe.addTextContainer(TextContainer(size: Size(width: 200, height: 5000)))
        probe.ensureLayout()
        let h = probe.lineFragments.last!.rect.maxY
        lm.addTextContainer(TextContainer(size: Size(width: 200, height: h + 1)))
        let s = SizedSupplier([Size(width: 80, height: 5000)])
        lm.delegate = s
        lm.ensureLayout()
        for f in lm.lineFragments where f.usedRect.maxX > f.rect.maxX + 0.5 {
            XCTFail("overflow: container \(f.containerIndex) rect \(f.rect.width) used \(f.usedRect.width) \(f.characterRange)")
        }
        assertCoversEveryCharacterOnce(lm)
    }

    // 2. greedy-cut word, then restart in a container of other width
    func testBreakingAgainInsideACutWordKeepsEveryCharacter() {
        let word = String(repeating: "abcdefghij", count: 6)
        let storage = makeStorage("x " + word + " tail of the paragraph here and more words to follow", style: ParagraphStyle(alignment: .left))
        let lm = LayoutManager(textStorage: storage)
        lm.addTextContainer(TextContainer(size: Size(width: 60, height: 30)))
        let sup = SizedSupplier([Size(width: 100, height: 5000)]); lm.delegate = sup
        lm.ensureLayout()
        for f in lm.lineFragments { print("R2", f.containerIndex, f.characterRange, f.glyphRuns.map(\.text)) }
        assertCoversEveryCharacterOnce(lm)
        let shown = lm.lineFragments.flatMap { $0.glyphRuns.map(\.text) }.joined()
        XCTAssertEqual(shown.filter { !$0.isWhitespace }.count, storage.string.filter { !$0.isWhitespace }.count)
    }

    // 3. discarded glyphs survive an edit via the tail splice
    func testAnEditNeverSplicesBackDiscardedGlyphs() {
        let storage = makeStorage(Array(repeating: prose, count: 6).joined(separator: "\n"))
        let lm = LayoutManager(textStorage: storage)
        let sup = SizedSupplier(Array(repeating: Size(width: 150, height: 200), count: 50)); lm.delegate = sup
        lm.ensureLayout()
        let n = lm.textContainers.count
        for i in 0..<n { lm.discardGlyphs(inContainerAt: i) }
        storage.addAttributes(TextAttributes(foregroundColor: .black), range: 0..<5)
        lm.ensureLayout()
        let empty = (0..<n).filter { i in lm.lineFragments(inContainerAt: i).allSatisfy { $0.glyphRuns.isEmpty } }
        XCTAssertTrue(empty.isEmpty)
    }

    // 4. trailing space in big font at paragraph end
    func testALineThatJustFitsBeforeALineSeparatorTakesItAlong() {
        // Character-wrapped text (code): a line that fills the width exactly must not
        // leave its line separator to make an empty line of its own.
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakMode = .charWrap
        let storage = TextStorage(String(repeating: "0", count: 40) + "\u{2028}" + String(repeating: "1", count: 40) + "\u{2028}end",
                                  attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Sans Mono"], size: 10)),
                                  paragraphStyle: style)
        let width = TextMeasurer.boundingSize(of: TextStorage(String(repeating: "0", count: 40),
                                                              attributes: storage.attributes(at: 0).attributes), width: 1e6).width
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 1000)))
        manager.ensureLayout()
        XCTAssertEqual(manager.lineFragments.map { storage.substring($0.characterRange).first }, ["0", "1", "e"])
        assertCoversEveryCharacterOnce(manager)
    }

    func testSpacesAtAParagraphsEndDoNotMakeItsLineTaller() {
        let storage = makeStorage("Hello \nWorld", style: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 40)), range: 5..<6)
        let lm = LayoutManager(textStorage: storage)
        lm.addTextContainer(TextContainer(size: Size(width: 300, height: 500)))
        lm.ensureLayout()
        let f = lm.lineFragments
        XCTAssertLessThanOrEqual(f[0].rect.maxY, f[1].rect.minY + 1e-6)
    }
}

/// Supplies containers as pages do, `widths` repeating along the chain (the width depends
/// only on the container's place, so every manager gets the same chain).
private final class LikePages: LayoutManagerDelegate {
    let widths: [Double]
    private(set) var supplied = 0
    init(widths: [Double]) { self.widths = widths }
    func layoutManager(_ lm: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        let i = lm.textContainers.count
        guard i < 400 else { return nil }
        supplied += 1
        return container(i)
    }
    func container(_ i: Int) -> TextContainer { TextContainer(size: Size(width: widths[i % widths.count], height: 150)) }
}

private struct LCG { var s: UInt64; mutating func next(_ n: Int) -> Int { s = s &* 6364136223846793005 &+ 1442695040888963407; return Int((s >> 33) % UInt64(n)) } }

extension LayoutRegressionTests {
    func signature(_ lm: LayoutManager) -> [String] {
        lm.lineFragments.map { "\($0.containerIndex) \($0.characterRange) \($0.paragraphIndex) \($0.rect) \($0.glyphRuns.map(\.text).joined())|\($0.glyphRuns.map(\.characterRange))" }
    }
    /// Pages added as the text needs them.
    func testRandomEditsGiveTheLayoutAFreshManagerGives() {
        let pages = LikePages(widths: [160])
        let lm = randomEdits { $0.delegate = pages }
        XCTAssertGreaterThan(pages.supplied, 10)
        XCTAssertEqual(lm.map(widthsUsed), [160])
    }

    /// A chain whose widths vary (160, 120, 200, 160, …): paragraphs crossing from one
    /// container into the next are broken for both widths. The chain is there from the
    /// start, as long as the text will ever need (the delegate is never asked).
    func testRandomEditsInContainersOfDifferentWidthsGiveTheLayoutAFreshManagerGives() {
        let pages = LikePages(widths: [160, 120, 200])
        let lm = randomEdits { manager in
            for i in 0..<40 { manager.addTextContainer(pages.container(i)) }
            manager.delegate = pages
        }
        XCTAssertEqual(pages.supplied, 0, "the chain was long enough")
        // Lines were set in every width, and paragraphs crossed from one width into another.
        XCTAssertEqual(lm.map(widthsUsed), [120, 160, 200])
        let crossing = lm.map { lm in
            Set(lm.lineFragments.map(\.paragraphIndex)).filter { p in
                Set(lm.lineFragments.filter { $0.paragraphIndex == p }.map { lm.textContainers[$0.containerIndex].size.width }).count > 1
            }
        }
        XCTAssertFalse(crossing?.isEmpty ?? true, "some paragraph is set in two widths")
    }

    @discardableResult
    private func randomEdits(file: StaticString = #filePath, line: UInt = #line, prepare: (LayoutManager) -> Void) -> LayoutManager? {
        var rng = LCG(s: 42)
        let words = ["alpha", "beta", "gamma ", "delta\n", "\n", " ", "épée ", "שלום ", "e\u{301}", "supercalifragilistic", "x"]
        let text = (0..<12).map { _ in prose.prefix(80 + rng.next(300)) }.joined(separator: "\n")
        let storage = makeStorage(String(text))
        let lm = LayoutManager(textStorage: storage); prepare(lm)
        let lm2 = LayoutManager(textStorage: storage); prepare(lm2)
        lm.ensureLayout(); lm2.ensureLayout(forContainerAt: 1)
        for step in 0..<80 {
            let len = storage.length
            // choose boundary-safe offsets
            var a = rng.next(len + 1), b = min(len, a + rng.next(12))
            let str = storage.string
            let utf8 = Array(str.utf8)
            while a < len && utf8[a] & 0xC0 == 0x80 { a += 1 }
            while b < len && utf8[b] & 0xC0 == 0x80 { b += 1 }
            if b < a { b = a }
            let kind = rng.next(4)
            if kind == 0 && b > a {
                storage.addAttributes(TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: Double(8 + rng.next(10)))), range: a..<b)
            } else if kind == 1 {
                storage.beginEditing()
                storage.replaceCharacters(in: a..<b, with: words[rng.next(words.count)])
                let l2 = storage.length; var c = rng.next(l2 + 1); let u = Array(storage.string.utf8)
                while c < l2 && u[c] & 0xC0 == 0x80 { c += 1 }
                storage.replaceCharacters(in: c..<c, with: words[rng.next(words.count)])
                storage.endEditing()
            } else {
                storage.replaceCharacters(in: a..<b, with: words[rng.next(words.count)])
            }
            if rng.next(3) == 0 { lm2.ensureLayout(forContainerAt: rng.next(3)) }
            lm.ensureLayout()
            let fresh = LayoutManager(textStorage: storage); prepare(fresh)
            fresh.ensureLayout()
            let s1 = signature(lm), s2 = signature(fresh)
            if s1 != s2 {
                let i = (0..<min(s1.count, s2.count)).first { s1[$0] != s2[$0] } ?? min(s1.count, s2.count)
                XCTFail("step \(step) kind \(kind) range \(a)..<\(b): differ at \(i)\n inc: \(i < s1.count ? s1[i] : "-")\n new: \(i < s2.count ? s2[i] : "-") counts \(s1.count) \(s2.count)",
                        file: file, line: line)
                return nil
            }
            assertCoversEveryCharacterOnce(lm, file: file, line: line)
        }
        lm2.ensureLayout()
        XCTAssertEqual(signature(lm2), signature(lm), file: file, line: line)
        return lm
    }

    /// The widths of the containers lines were set in.
    private func widthsUsed(_ lm: LayoutManager) -> Set<Double> {
        Set(lm.lineFragments.map { lm.textContainers[$0.containerIndex].size.width })
    }
}

extension LayoutRegressionTests {
}

extension LayoutRegressionTests {
    func testAContainerNarrowerThanAnyFragmentEndsLayout() {
        let storage = makeStorage("hello world")
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 10, height: 100)))
        manager.ensureLayout()   // must return
        XCTAssertEqual(manager.unplacedRange, 0..<storage.length)
    }
}
