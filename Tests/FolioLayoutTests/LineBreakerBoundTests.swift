@testable import FolioLayout
import FolioTestSupport
import XCTest

// The search that accepts any looseness is bounded by a setting found line by line
// (`LineBreaker.boundingDemerits`): it drops every node dearer than that setting. These
// tests check that it still chooses exactly what the whole search chooses, on random
// paragraphs with hyphens, ladders, forced breaks, a first line of its own width and a
// line that should not end in a hyphen.
final class LineBreakerBoundTests: XCTestCase {
    /// A random paragraph: words of 1–12 letters (each letter 5–7 pt), spaces that stretch
    /// and shrink, hyphenation points inside long words, now and then a forced break;
    /// with `negative`, some hyphenation points are encouraged (a negative penalty).
    private func paragraph(words: Int, negative: Bool, using rng: inout SplitMix64) -> BreakItems {
        var items = BreakItems()
        var cluster = 0
        for w in 0..<words {
            if w > 0 {
                if rng.below(100) < 3 {
                    items.append(.glue, width: 0, stretch: BreakItems.infinity, cluster: cluster)
                    items.append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: cluster)
                } else {
                    items.append(.glue, width: 3.3, stretch: 1.7, shrink: 1.1, cluster: cluster)
                }
                cluster += 1
            }
            let letters = 1 + rng.below(12)
            var k = 0
            while k < letters {
                let piece = min(letters - k, 2 + rng.below(4))
                items.append(.box, width: Double(piece) * (5 + Double(rng.below(3))), cluster: cluster)
                cluster += piece
                k += piece
                if k < letters, letters >= 5 {
                    let penalty = negative && rng.below(4) == 0 ? -Double(50 + rng.below(400)) : Double(50 + rng.below(100))
                    items.append(.penalty, width: 4, penalty: penalty, flagged: true, hyphen: true, cluster: cluster)
                }
            }
        }
        items.append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: cluster)
        items.append(.glue, width: 0, stretch: BreakItems.infinity, cluster: cluster)
        items.append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: cluster)
        items.finish()
        return items
    }

    private func widths(_ rng: inout SplitMix64) -> LineBreaker.Widths {
        let measure = Double(120 + rng.below(200))
        let first = measure - Double(rng.below(3)) * 10
        let unhyphenated = rng.below(3) == 0 ? rng.below(6) : nil
        return LineBreaker.Widths(width: { $0 == 0 ? first : measure }, uniformFrom: unhyphenated.map { $0 + 2 } ?? 1,
                                  unhyphenatedLine: unhyphenated)
    }

    private func breaker(_ rng: inout SplitMix64, bounded: Bool) -> LineBreaker {
        var parameters = TypesettingParameters.standard
        parameters.finalHyphenDemerits = Double(rng.below(2) * 5000)
        parameters.brokenPenalty = Double(rng.below(2) * 100)
        var breaker = LineBreaker(parameters)
        breaker.boundsLoosestPass = bounded
        return breaker
    }

    /// The breaks chosen with the bound and without it, by breakers of the same random
    /// parameters, are the same.
    private func assertTheBoundChangesNothing(_ items: BreakItems, _ widths: LineBreaker.Widths, _ rng: inout SplitMix64,
                                              file: StaticString = #filePath, line: UInt = #line) {
        var same = rng
        let bounded = breaker(&same, bounded: true).optimalBreaks(items, from: 0, widths: widths, tolerance: .infinity)
        let whole = breaker(&rng, bounded: false).optimalBreaks(items, from: 0, widths: widths, tolerance: .infinity)
        XCTAssertNotNil(whole, file: file, line: line)
        XCTAssertEqual(bounded, whole, file: file, line: line)
    }

    func testTheBoundedSearchChoosesWhatTheWholeSearchChooses() {
        var rng = SplitMix64(seed: 0x5eed_b0b)
        for _ in 0..<400 {
            let items = paragraph(words: 5 + rng.below(150), negative: false, using: &rng)
            assertTheBoundChangesNothing(items, widths(&rng), &rng)
        }
    }

    func testNegativePenaltiesTurnTheBoundOffAndTheChoiceStaysTheSame() {
        var rng = SplitMix64(seed: 0x0dd_ba11)
        var sawNegative = 0
        for _ in 0..<150 {
            let items = paragraph(words: 20 + rng.below(100), negative: true, using: &rng)
            let widths = widths(&rng)
            if (0..<items.count).contains(where: { items[$0].kind == .penalty && items[$0].penalty < 0 && items[$0].penalty > -BreakItems.infinity }) {
                sawNegative += 1
                XCTAssertEqual(LineBreaker().boundingDemerits(items, from: 0, widths: widths, tolerance: .infinity, hyphenate: true), .infinity)
            }
            assertTheBoundChangesNothing(items, widths, &rng)
        }
        XCTAssertGreaterThan(sawNegative, 50)
    }

    /// The bound is finite for a paragraph that can be set at all, and on these paragraphs
    /// never below the best setting's demerits (in principle it can be: the search's best
    /// may pay for a ladder the line-by-line setting avoids; the search then runs again).
    func testTheBoundIsFiniteAndAtOrAboveTheBestSetting() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let items = paragraph(words: 10 + rng.below(120), negative: false, using: &rng)
            let widths = widths(&rng)
            let breaker = breaker(&rng, bounded: false)
            let bound = breaker.boundingDemerits(items, from: 0, widths: widths, tolerance: .infinity, hyphenate: true)
            XCTAssertTrue(bound.isFinite)
            var apart = widths
            apart.uniformFrom = 400
            let best = breaker.settingsByLineCount(items, from: 0, widths: apart, tolerance: .infinity)?.values.map(\.demerits).min()
            XCTAssertNotNil(best)
            if let best { XCTAssertLessThanOrEqual(best, bound * (1 + 1e-12)) }
        }
    }

    /// The bound does its work: the search keeps fewer nodes, and nearly always finds the
    /// best setting within the bound at the first try (else it searches again without it).
    func testTheBoundedSearchKeepsFarFewerNodes() {
        var rng = SplitMix64(seed: 7)
        var boundedNodes = 0, wholeNodes = 0, foundWithin = 0
        let paragraphs = 200
        for _ in 0..<paragraphs {
            let items = paragraph(words: 40 + rng.below(120), negative: false, using: &rng)
            let widths = widths(&rng)
            let breaker = breaker(&rng, bounded: true)
            let bound = breaker.boundingDemerits(items, from: 0, widths: widths, tolerance: .infinity, hyphenate: true)
            let whole = breaker.completeSettings(items, from: 0, widths: widths, tolerance: .infinity, hyphenate: true)
            let bounded = breaker.completeSettings(items, from: 0, widths: widths, tolerance: .infinity, hyphenate: true, bound: bound)
            wholeNodes += whole?.nodes.count ?? 0
            boundedNodes += bounded?.nodes.count ?? 0
            if let bounded, !bounded.finals.isEmpty { foundWithin += 1 }
        }
        XCTAssertGreaterThan(foundWithin, paragraphs * 9 / 10)
        XCTAssertLessThan(boundedNodes * 3, wholeNodes * 2, "bounded \(boundedNodes) nodes, whole \(wholeNodes)")
    }
}
