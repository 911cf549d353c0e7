@testable import FolioLayout
import XCTest

// The Knuth–Plass breaker on fixed item lists, in the manner of SILE's spec/break_spec.lua:
// boxes, glue and penalties go in; the chosen breaks, and the numbers that made the
// choice, come out. No font and no shaping: every paragraph here is written in a tiny
// model where each letter is a box 1 pt wide, so every width can be checked by counting.
//
//   letters      one cluster 1 pt wide; the letters of a word make one box
//   " "          one cluster: glue 2 pt wide that stretches 2 pt and shrinks 1 pt,
//                so a line with k interior glues has stretch 2k and shrink k
//   "-"          a hyphenation point inside a word (no cluster): a flagged penalty,
//                as wide as the hyphen it adds (1 pt)
//   "\n"         a forced break (no cluster), items as BreakItems makes them
//
// The breaker's arithmetic, as LineBreaker does it (and as the comments below compute):
//   r (adjustment ratio) = (line width − natural width) / stretch   when the line is short
//                        = (line width − natural width) / shrink    when it is long
//   badness              = 100·|r|³  (10 000 when there is no stretch to use)
//   demerits             = (linePenalty + badness)² + p² for a penalty p > 0
//                          + flaggedDemerits when this line and the one before end flagged
//                          + fitnessDemerits when the fitness class jumps by more than one
//   fitness classes      0 tight (r < −0.5), 1 decent, 2 loose (r > 0.5), 3 very loose (r > 1);
//                        the paragraph starts in class 1
// with TypesettingParameters.standard: linePenalty 10, doubleHyphenDemerits 3000 (the breaker's
// flaggedDemerits), adjacentFitnessDemerits 100 (its fitnessDemerits).
// The last line ends with glue that stretches 10 000 pt: its r is tiny, its badness
// nearly 0 and its demerits nearly 10² = 100.

/// A paragraph written in the model above: its items, and a shaped paragraph with the
/// same clusters (for the Typesetter and the first-fit breaker).
private struct ModelParagraph {
    let items: BreakItems
    let shaped: ShapedParagraph

    static let glueWidth = 2.0, glueStretch = 2.0, glueShrink = 1.0, hyphenWidth = 1.0

    init(_ text: String, hyphenPenalty: Double = 50, justified: Bool = true) {
        var items = BreakItems()
        var bytes: [UInt8] = [], widths: [Double] = [], flags: [ShapedParagraph.ClusterFlags] = []
        var word = 0.0, wordStart = 0
        var pendingFlags: ShapedParagraph.ClusterFlags = []
        func endWord() {
            if word > 0 { items.append(.box, width: word, cluster: wordStart) }
            word = 0
        }
        for ch in text {
            let c = bytes.count
            switch ch {
            case " ":
                endWord()
                items.append(.glue, width: Self.glueWidth, stretch: justified ? Self.glueStretch : 0,
                             shrink: justified ? Self.glueShrink : 0, cluster: c)
                bytes.append(0x20); widths.append(Self.glueWidth); flags.append(pendingFlags.union(.space))
                pendingFlags = .breakBefore
            case "-":
                endWord()
                items.append(.penalty, width: Self.hyphenWidth, penalty: hyphenPenalty, flagged: true, hyphen: true, cluster: c)
            case "\n":
                endWord()
                // As BreakItems does for a mandatory break: fill the line, then force the break.
                items.append(.glue, width: 0, stretch: BreakItems.infinity, cluster: c)
                items.append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: c)
                pendingFlags = [.breakBefore, .mandatoryBefore]
            default:
                if word == 0 { wordStart = c }
                word += 1
                bytes.append(UInt8(ascii: ch.unicodeScalars.first!)); widths.append(1); flags.append(pendingFlags)
                pendingFlags = []
            }
        }
        endWord()
        let n = bytes.count
        items.append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: n)
        items.append(.glue, width: 0, stretch: BreakItems.infinity, cluster: n)
        items.append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: n)
        items.finish()
        self.items = items

        let font = ShapingContext().loadFont(FontDescriptor(families: ["DejaVu Serif"], size: 10))!
        shaped = ShapedParagraph(text: bytes, storageOffset: 0,
                                 style: ParagraphStyle(alignment: justified ? .justified : .left, hyphenation: true),
                                 baseLevel: 0, language: "en-US", baseFont: font)
        shaped.clusterStart = (0..<n).map { Int32($0) }
        shaped.clusterEnd = (0..<n).map { Int32($0 + 1) }
        shaped.clusterWidth = widths
        shaped.clusterFlags = flags
        shaped.clusterRun = Array(repeating: 0, count: n)
        shaped.clusterGlyphStart = shaped.clusterStart
        shaped.clusterGlyphEnd = shaped.clusterEnd
        shaped.breakItems = items
    }

    /// Each item as "b6", "g", "p-" (flagged), "p∞", "p-∞": the list the indexes below count in.
    var listing: [String] {
        (0..<items.count).map { i in
            switch items[i].kind {
            case .box: return "b\(Int(items[i].width))"
            case .glue: return items[i].stretch >= BreakItems.infinity ? "fill" : "g"
            case .penalty:
                if items[i].penalty >= BreakItems.infinity { return "p∞" }
                if items[i].penalty <= -BreakItems.infinity { return "p-∞" }
                return items[i].flagged ? "p-" : "p\(Int(items[i].penalty))"
            }
        }
    }
}

/// One line as Knuth and Plass score it, computed here from the items independently of
/// LineBreaker (which returns only the breaks).
private struct ScoredLine: Equatable {
    var ratio: Double
    var badness: Double
    var fitness: Int
    var demerits: Double
}

private func score(_ items: BreakItems, breaks: [Int], width: Double, linePenalty: Double = 10,
                   flaggedDemerits: Double = 3000, fitnessDemerits: Double = 100) -> [ScoredLine] {
    var lines: [ScoredLine] = []
    var start = 0, previousFitness = 1, previousFlagged = false
    for b in breaks {
        var natural = 0.0, stretch = 0.0, shrink = 0.0
        for i in start..<b where items[i].kind != .penalty {
            natural += items[i].width; stretch += items[i].stretch; shrink += items[i].shrink
        }
        let isPenalty = items[b].kind == .penalty
        if isPenalty { natural += items[b].width }
        let r: Double
        if natural < width { r = stretch > 0 ? (width - natural) / stretch : BreakItems.infinity }
        else if natural > width { r = shrink > 0 ? (width - natural) / shrink : -BreakItems.infinity }
        else { r = 0 }
        let badness = r >= BreakItems.infinity ? BreakItems.infinity : 100 * abs(r * r * r)
        var d = (linePenalty + badness) * (linePenalty + badness)
        let p = isPenalty ? items[b].penalty : 0
        if p > 0 && p < BreakItems.infinity { d += p * p } else if p < 0 && p > -BreakItems.infinity { d -= p * p }
        let flagged = isPenalty && items[b].flagged
        if flagged && previousFlagged { d += flaggedDemerits }
        let fitness = r < -0.5 ? 0 : r <= 0.5 ? 1 : r <= 1 ? 2 : 3
        if abs(fitness - previousFitness) > 1 { d += fitnessDemerits }
        lines.append(ScoredLine(ratio: r, badness: badness, fitness: fitness, demerits: d))
        previousFitness = fitness; previousFlagged = flagged
        start = items.lineStart(afterBreakAt: b)
    }
    return lines
}

/// First fit at natural width, on the items: each line ends at the last legal break
/// before its natural width passes `width` — what a greedy breaker does.
private func firstFit(_ items: BreakItems, width: Double) -> [Int] {
    var breaks: [Int] = [], start = 0
    while true {
        var chosen: Int? = nil
        var i = start
        while i < items.count {
            if items.isLegalBreak(i) {
                var natural = items.sums[i].width - items.sums[start].width
                if items[i].kind == .penalty { natural += items[i].width }
                if natural > width && chosen != nil { break }
                chosen = i
                if items[i].kind == .penalty && items[i].penalty <= -BreakItems.infinity { break }
            }
            i += 1
        }
        breaks.append(chosen!)
        if chosen! == items.count - 1 { return breaks }
        start = items.lineStart(afterBreakAt: chosen!)
    }
}

private func widths(_ w: Double) -> LineBreaker.Widths { LineBreaker.Widths(width: { _ in w }, uniformFrom: 0) }

private func assertScores(_ lines: [ScoredLine], _ expected: [(r: Double, badness: Double, fitness: Int, demerits: Double)],
                          file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(lines.count, expected.count, "lines", file: file, line: line)
    for (k, (got, want)) in zip(lines, expected).enumerated() {
        XCTAssertEqual(got.ratio, want.r, accuracy: 1e-6, "line \(k + 1) ratio", file: file, line: line)
        XCTAssertEqual(got.badness, want.badness, accuracy: 1e-4, "line \(k + 1) badness", file: file, line: line)
        XCTAssertEqual(got.fitness, want.fitness, "line \(k + 1) fitness", file: file, line: line)
        XCTAssertEqual(got.demerits, want.demerits, accuracy: 1e-3, "line \(k + 1) demerits", file: file, line: line)
    }
}

final class LineBreakerTests: XCTestCase {
    func testAParagraphThatFitsIsOneLine() throws {
        let p = ModelParagraph("aa bb cc")
        // b2 g b2 g b2, then p∞ fill p-∞ (items 5, 6, 7).
        XCTAssertEqual(p.listing, ["b2", "g", "b2", "g", "b2", "p∞", "fill", "p-∞"])
        let breaker = LineBreaker()
        let breaks = try XCTUnwrap(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: 200))
        XCTAssertEqual(breaks, [7], "one line, ended by the final forced break")
        // Natural width 2+2+2+2+2 = 10 of 20; stretch 2+2 + 10 000 (the fill):
        // r = 10/10 004 = 0.0009996, badness = 100·r³ ≈ 1.0e-7, demerits = (10 + 1e-7)² ≈ 100.
        assertScores(score(p.items, breaks: breaks, width: 20), [(10 / 10_004, 9.988e-8, 1, 100.000002)])
        // The badness is under 1, so even a tolerance of 1 accepts the line.
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: 1), [7])
        XCTAssertEqual(breaker.spans(p.items, from: 0, breaks: breaks, clusterCount: 8),
                       [LineSpan(start: 0, end: 8, next: 8, hyphenated: false, endsParagraphOrForced: true)])
        // The typesetter gives the same single line.
        XCTAssertEqual(Typesetter(parameters: .standard).lines(p.shaped, from: 0, widths: widths(20)),
                       [LineSpan(start: 0, end: 8, next: 8, hyphenated: false, endsParagraphOrForced: true)])
    }

    func testTotalFitLoosensTheFirstLineWhereFirstFitLeavesALooseSecondLine() throws {
        let p = ModelParagraph("aaaaaa bbbb cc dd eeeeeeeee fffff ggggg")
        XCTAssertEqual(p.listing, ["b6", "g", "b4", "g", "b2", "g", "b2", "g", "b9", "g", "b5", "g", "b5", "p∞", "fill", "p-∞"])
        let breaker = LineBreaker()

        // First fit fills line 1 exactly: aaaaaa bbbb cc dd = 6+2+4+2+2+2+2 = 20, breaking
        // at the glue after "dd" (item 7). Line 2 is then eeeeeeeee fffff = 9+2+5 = 16
        // (adding " ggggg" makes 23): 4 pt short with one glue, r = 4/2 = 2 — badness 800,
        // over the tolerance of 200 (very loose, class 3).
        let greedy = firstFit(p.items, width: 20)
        XCTAssertEqual(greedy, [7, 11, 15])
        // Line 1: r = 0, demerits 10² = 100.
        // Line 2: (10 + 800)² = 656 100, + 100 for jumping from class 1 to class 3 = 656 200.
        // Line 3: ggggg = 5, r = 15/10 000 = 0.0015, badness 3.4e-7, class 1 after class 3: (10)² + 100 ≈ 200.
        assertScores(score(p.items, breaks: greedy, width: 20),
                     [(0, 0, 1, 100), (2, 800, 3, 656_200), (0.0015, 3.375e-7, 1, 200.0000068)])

        // Total fit ends line 1 one word earlier (item 5): aaaaaa bbbb cc = 6+2+4+2+2 = 16,
        // 4 pt short with two glues, r = 4/4 = 1: badness 100, loose (class 2),
        // demerits (10 + 100)² = 12 100. Line 2 is then dd eeeeeeeee fffff = 2+2+9+2+5 = 20,
        // exact: r = 0, demerits 100. Line 3 as before, but from class 1: ≈ 100.
        // Total ≈ 12 300 against first fit's 656 500.
        let best = try XCTUnwrap(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: 200))
        XCTAssertEqual(best, [5, 11, 15])
        let lines = score(p.items, breaks: best, width: 20)
        assertScores(lines, [(1, 100, 2, 12_100), (0, 0, 1, 100), (0.0015, 3.375e-7, 1, 100.0000068)])
        XCTAssertEqual(lines.map(\.demerits).reduce(0, +), 12_300, accuracy: 0.001)
        XCTAssertLessThan(lines.map(\.demerits).reduce(0, +), score(p.items, breaks: greedy, width: 20).map(\.demerits).reduce(0, +))
        // Accepting any badness does not change the choice: first fit's lines are feasible
        // then, but cost more.
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: .infinity), [5, 11, 15])
        // Line 1's badness is exactly 100: a tolerance just under it leaves no feasible set
        // (every other first line is worse), just over it finds this one.
        XCTAssertNil(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: 99.99))
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(20), tolerance: 100.01), [5, 11, 15])

        // As clusters: "aaaaaa bbbb cc" is clusters 0..<14 (the space at 14 is swallowed),
        // "dd eeeeeeeee fffff" 15..<33, "ggggg" 34..<39.
        XCTAssertEqual(breaker.spans(p.items, from: 0, breaks: best, clusterCount: 39), [
            LineSpan(start: 0, end: 14, next: 15, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 15, end: 33, next: 34, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 34, end: 39, next: 39, hyphenated: false, endsParagraphOrForced: true),
        ])
        // The greedy breaker of the engine (first fit on clusters) would have set line 1 full.
        XCTAssertEqual(breaker.greedySpans(p.shaped, from: 0, widths: widths(20)).map(\.end), [17, 33, 39])
        XCTAssertEqual(Typesetter(parameters: .standard).lines(p.shaped, from: 0, widths: widths(20)).map(\.end), [14, 33, 39])
    }

    func testAHyphenIsTakenOnlyWhenItPays() throws {
        // "eee-eeeeeee" may break after "eee" (item 9, a flagged penalty 1 pt wide).
        func paragraph(_ penalty: Double) -> ModelParagraph { ModelParagraph("aa bb cc dd eee-eeeeeee ff", hyphenPenalty: penalty) }
        XCTAssertEqual(paragraph(50).listing,
                       ["b2", "g", "b2", "g", "b2", "g", "b2", "g", "b3", "p-", "b7", "g", "b2", "p∞", "fill", "p-∞"])
        // With the hyphen: aa bb cc dd eee- = 2+2+2+2+2+2+2+2+3 + 1 = 20, exact: r = 0,
        //   demerits 10² + p². Line 2 eeeeeee ff ≈ 100.
        // Without: aa bb cc dd = 14, 6 short with three glues: r = 1, badness 100,
        //   demerits 110² = 12 100. Line 2 eeeeeeeeee ff ≈ 100. (The whole word on line 1
        //   would be 26: 6 too long with 4 pt of shrink, r = −1.5, not allowed.)
        // So the hyphen pays while 100 + p² < 12 100, i.e. p < √12 000 = 109.54 — without
        // the final-hyphen demerits (its line is the next-to-last), counted below.
        var noFinalHyphen = TypesettingParameters.standard
        noFinalHyphen.finalHyphenDemerits = 0
        let breaker = LineBreaker(noFinalHyphen)
        let hyphenated = [9, 15], plain = [7, 15]
        assertScores(score(paragraph(50).items, breaks: hyphenated, width: 20), [(0, 0, 1, 2_600), (9 / 10_002, 7.29e-8, 1, 100.0000015)])
        assertScores(score(paragraph(50).items, breaks: plain, width: 20), [(1, 100, 2, 12_100), (6 / 10_002, 2.16e-8, 1, 100.0000004)])
        for (penalty, expected) in [(50.0, hyphenated), (109.0, hyphenated), (110.0, plain), (1000.0, plain)] {
            // 109: 100 + 11 881 = 11 981 < 12 100. 110: 100 + 12 100 = 12 200 > 12 100.
            XCTAssertEqual(breaker.optimalBreaks(paragraph(penalty).items, from: 0, widths: widths(20), tolerance: 200),
                           expected, "hyphen penalty \(penalty)")
        }
        // With them (5 000), the hyphen pays while 100 + p² + 5 000 < 12 100: p < 83.67.
        for (penalty, expected) in [(50.0, hyphenated), (83.0, hyphenated), (84.0, plain)] {
            XCTAssertEqual(LineBreaker().optimalBreaks(paragraph(penalty).items, from: 0, widths: widths(20), tolerance: 200),
                           expected, "hyphen penalty \(penalty), final hyphen demerits 5 000")
        }
        // The hyphenated line says so, and its next line starts right after the break.
        XCTAssertEqual(breaker.spans(paragraph(50).items, from: 0, breaks: hyphenated, clusterCount: 25), [
            LineSpan(start: 0, end: 15, next: 15, hyphenated: true, endsParagraphOrForced: false),
            LineSpan(start: 15, end: 25, next: 25, hyphenated: false, endsParagraphOrForced: true),
        ])
    }

    func testConsecutiveHyphensCostTheFlaggedDemerits() throws {
        let p = ModelParagraph("aa bbb cc dddd-ddd ff hhhh-hhhhh iii")
        XCTAssertEqual(p.listing, ["b2", "g", "b3", "g", "b2", "g", "b4", "p-", "b3", "g", "b2", "g", "b4", "p-",
                                   "b5", "g", "b3", "p∞", "fill", "p-∞"])
        // Two hyphens in a row (breaks 7, 13):
        //   line 1 aa bbb cc dddd- = 2+2+3+2+2+2+4+1 = 18 in 16: 2 too long, shrink 3, r = −2/3,
        //     badness 100·8/27 = 29.63 (tight, class 0): (39.63)² + 50² = 1 570.51 + 2 500 = 4 070.51
        //   line 2 ddd ff hhhh- = 3+2+2+2+4+1 = 14: 2 short, stretch 4, r = 0.5, badness 12.5:
        //     22.5² + 50² + flaggedDemerits = 506.25 + 2 500 + F
        //   line 3 hhhhh iii ≈ 100
        // Hyphen then no hyphen (breaks 7, 15):
        //   line 2 ddd ff hhhhhhhhh = 18 in 16: shrink 2, r = −1, badness 100: 110² = 12 100
        //   line 3 iii ≈ 100
        // Totals: 7 176.76 + F against 16 270.51: the second hyphen is worth it while
        // F < 9 093.75.
        let twoHyphens = [7, 13, 19], oneHyphen = [7, 15, 19]
        assertScores(score(p.items, breaks: twoHyphens, width: 16),
                     [(-2.0 / 3, 800.0 / 27, 0, 4_070.507545), (0.5, 12.5, 1, 6_006.25), (6 / 10_002, 2.16e-8, 1, 100.0000004)])
        assertScores(score(p.items, breaks: oneHyphen, width: 16),
                     [(-2.0 / 3, 800.0 / 27, 0, 4_070.507545), (-1, 100, 0, 12_100), (0.0013, 2.2e-7, 1, 100.0000044)])
        // Without the flagged demerits line 2 would cost 3 006.25.
        XCTAssertEqual(score(p.items, breaks: twoHyphens, width: 16, flaggedDemerits: 0)[1].demerits, 3_006.25, accuracy: 1e-9)

        // The second hyphen ends the next-to-last line: final-hyphen demerits are left out
        // here (0), to see the flagged ones alone.
        var parameters = TypesettingParameters()
        parameters.finalHyphenDemerits = 0
        let breaker = LineBreaker(parameters)
        XCTAssertEqual(TypesettingParameters.standard.doubleHyphenDemerits, 3000)
        XCTAssertEqual(breaker.flaggedDemerits, 3000)
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 200), twoHyphens,
                       "3 000 is less than what the second hyphen saves")
        parameters.doubleHyphenDemerits = 9_000
        XCTAssertEqual(LineBreaker(parameters).optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 200), twoHyphens)
        parameters.doubleHyphenDemerits = 9_200
        XCTAssertEqual(LineBreaker(parameters).optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 200), oneHyphen,
                       "flagged demerits over 9 093.75 make the breaker avoid the second hyphen")
        XCTAssertEqual(breaker.spans(p.items, from: 0, breaks: twoHyphens, clusterCount: 34).map(\.hyphenated), [true, true, false])
    }

    func testAForcedBreakEndsTheLineWhateverItCosts() throws {
        let p = ModelParagraph("aa bb\ncc dd ee")
        // A forced break is fill glue then a −∞ penalty (items 3, 4); the line before it
        // is not stretched: aa bb = 6 in 40, stretch 2 + 10 000, r = 34/10 002, badness ≈ 3.9e-6.
        XCTAssertEqual(p.listing, ["b2", "g", "b2", "fill", "p-∞", "b2", "g", "b2", "g", "b2", "p∞", "fill", "p-∞"])
        let breaker = LineBreaker()
        let breaks = try XCTUnwrap(breaker.optimalBreaks(p.items, from: 0, widths: widths(40), tolerance: 200))
        XCTAssertEqual(breaks, [4, 12], "everything would fit on one line of 40 pt; the forced break ends the first")
        // A −∞ penalty adds nothing to the demerits: (10 + 3.9e-6)² ≈ 100. Line 2, cc dd ee = 10:
        // r = 30/10 004, badness ≈ 2.7e-6, demerits ≈ 100.
        assertScores(score(p.items, breaks: breaks, width: 40), [(34 / 10_002, 3.928e-6, 1, 100.0000786), (30 / 10_004, 2.697e-6, 1, 100.0000539)])
        XCTAssertEqual(breaker.spans(p.items, from: 0, breaks: breaks, clusterCount: 13), [
            LineSpan(start: 0, end: 5, next: 5, hyphenated: false, endsParagraphOrForced: true),
            LineSpan(start: 5, end: 13, next: 13, hyphenated: false, endsParagraphOrForced: true),
        ])
        // No line may run past a forced break, even with every badness allowed.
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(400), tolerance: .infinity), [4, 12])
        // First fit stops there too.
        XCTAssertEqual(breaker.greedySpans(p.shaped, from: 0, widths: widths(40)), [
            LineSpan(start: 0, end: 5, next: 5, hyphenated: false, endsParagraphOrForced: true),
            LineSpan(start: 5, end: 13, next: 13, hyphenated: false, endsParagraphOrForced: true),
        ])
    }

    func testWhenNothingFitsWithinTheToleranceTheLooserPassSetsTheParagraph() throws {
        let p = ModelParagraph("aaaa bbbb cccccccccccccc")
        XCTAssertEqual(p.listing, ["b4", "g", "b4", "g", "b14", "p∞", "fill", "p-∞"])
        let breaker = LineBreaker()
        // "cccccccccccccc" (14) cannot join a line (18 or more in 16, shrink 1 or 2), so
        // line 1 is aaaa bbbb = 10: 6 short with one glue, r = 3, badness 100·27 = 2 700.
        // (aaaa alone has no stretch: badness 10 000.)
        XCTAssertNil(breaker.optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 200))
        XCTAssertNil(breaker.optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 2_699.99))
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: 2_700.01), [3, 7])
        XCTAssertEqual(breaker.optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: .infinity), [3, 7])
        // (10 + 2 700)² + 100 for jumping to class 3 = 7 344 200.
        assertScores(score(p.items, breaks: [3, 7], width: 16), [(3, 2_700, 3, 7_344_200), (0.0002, 8e-10, 1, 200)])
        // The typesetter, at the layout manager's tolerance, falls back to that looser pass.
        XCTAssertEqual(Typesetter(parameters: .standard).lines(p.shaped, from: 0, widths: widths(16)), [
            LineSpan(start: 0, end: 9, next: 10, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 10, end: 24, next: 24, hyphenated: false, endsParagraphOrForced: true),
        ])
    }

    func testABoxWiderThanTheLineFallsBackToFirstFitCuttingTheWord() throws {
        let p = ModelParagraph("aa " + String(repeating: "b", count: 25) + " cc")   // in lines of 10
        let breaker = LineBreaker()
        // The 25 pt box has no shrink: any line holding it has r = −∞, so no set of
        // breaks is feasible at any tolerance.
        XCTAssertNil(breaker.optimalBreaks(p.items, from: 0, widths: widths(10), tolerance: 200))
        XCTAssertNil(breaker.optimalBreaks(p.items, from: 0, widths: widths(10), tolerance: .infinity))
        // First fit on clusters: "aa" (the space is swallowed), then the word cut every
        // 10 clusters, then the rest of it with " cc" (5 + 2 + 2 = 9).
        let expected = [
            LineSpan(start: 0, end: 2, next: 3, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 3, end: 13, next: 13, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 13, end: 23, next: 23, hyphenated: false, endsParagraphOrForced: false),
            LineSpan(start: 23, end: 31, next: 31, hyphenated: false, endsParagraphOrForced: true),
        ]
        XCTAssertEqual(breaker.greedySpans(p.shaped, from: 0, widths: widths(10)), expected)
        XCTAssertEqual(Typesetter(parameters: .standard).lines(p.shaped, from: 0, widths: widths(10)), expected)
    }

    func testEachLineGetsTheWidthOfItsPlace() throws {
        // The same paragraph as the total-fit test, with a first line 4 pt narrower (an
        // obstacle beside it): aaaaaa bbbb cc = 16 now fits line 1 exactly (r = 0), and the
        // rest breaks as before.
        let p = ModelParagraph("aaaaaa bbbb cc dd eeeeeeeee fffff ggggg")
        let narrowFirst = LineBreaker.Widths(width: { $0 == 0 ? 16 : 20 }, uniformFrom: 1)
        let breaks = try XCTUnwrap(LineBreaker().optimalBreaks(p.items, from: 0, widths: narrowFirst, tolerance: 200))
        XCTAssertEqual(breaks, [5, 11, 15])
        XCTAssertEqual(score(p.items, breaks: [5], width: 16)[0].ratio, 0)
        // With every line 16 pt wide, line 2 (dd eeeeeeeee fffff = 20) cannot be set; it
        // breaks after "eeeeeeeee" instead.
        XCTAssertEqual(LineBreaker().optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: .infinity)?.first, 5)
        XCTAssertNotEqual(LineBreaker().optimalBreaks(p.items, from: 0, widths: widths(16), tolerance: .infinity), breaks)
    }
}
