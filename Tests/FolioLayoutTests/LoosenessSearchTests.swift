@testable import FolioLayout
import XCTest

/// The page builder asks, of each paragraph before a column break, whether it has a setting
/// a line or two shorter or longer (`hasOtherLength`). It answers from one search per
/// paragraph (`LineBreaker.settingsByLineCount`, `Typesetter.lineCount`): the answers must
/// be exactly those of setting the paragraph with each looseness asked.
final class LoosenessSearchTests: XCTestCase {
    private func paragraphs(_ book: String, count: Int) throws -> [String] {
        let url = corpusFolder.appendingPathComponent(book)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw missingRequirement(url.path) }
        return text.components(separatedBy: "\n\n").filter { $0.count > 200 }.prefix(count).map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    private func shape(_ text: String, context: ShapingContext) -> ShapedParagraph {
        let bytes = Array(text.utf8)
        let font = FontDescriptor(families: ["DejaVu Serif"], size: 10)
        return context.shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: [(range: 0..<bytes.count, attributes: TextAttributes(font: font))],
                                      style: ParagraphStyle(alignment: .justified, hyphenation: true), defaults: LayoutDefaults(font: font))
    }

    func testOneSearchGivesTheSettingOfEachLengthAsTheSearchForThatLengthAlone() throws {
        let context = ShapingContext()
        var compared = 0
        for text in try paragraphs("little-women.md", count: 60) {
            let p = shape(text, context: context)
            let items = p.breakItems
            for width in [160.0, 236.7] {
                var widths = LineBreaker.Widths(width: { _ in width }, uniformFrom: 1)
                guard let best = LineBreaker().optimalBreaks(items, from: 0, widths: widths, tolerance: 200) else { continue }
                widths.uniformFrom = best.count + 3
                for (tolerance, hyphenate) in [(800.0, false), (200.0, true)] {
                    let byCount = LineBreaker().settingsByLineCount(items, from: 0, widths: widths, tolerance: tolerance, hyphenate: hyphenate)
                    for counts in [[best.count - 2], [best.count - 1], [best.count], [best.count + 1], [best.count + 2],
                                   [best.count + 1, best.count + 2], [best.count - 1, best.count + 1]] {
                        let alone = LineBreaker().optimalBreaks(items, from: 0, widths: widths, tolerance: tolerance,
                                                                hyphenate: hyphenate, lineCounts: counts)
                        let chosen = counts.compactMap { byCount?[$0] }.min { ($0.demerits, $0.order) < ($1.demerits, $1.order) }
                        XCTAssertEqual(chosen?.breaks, alone, "\(counts) at \(width) pt: \(text.prefix(40))")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 500)
    }

    func testTheLineCountOfEachLoosenessIsThatOfTheParagraphSetWithIt() throws {
        let context = ShapingContext()
        var parameters = TypesettingParameters.standard
        parameters.loosenessTolerance = 800
        let typesetter = Typesetter(parameters: parameters)
        var differ = 0, unfit = 0
        for text in try paragraphs("pride-and-prejudice.md", count: 80) {
            let p = shape(text, context: context)
            let set = typesetter.lines(p, from: 0, widths: LineBreaker.Widths(width: { _ in 236.7 }, uniformFrom: 1))
            let widths = LineBreaker.Widths(width: { _ in 236.7 }, uniformFrom: set.count + 3)
            // One memo for all the questions, as the layout manager asks them.
            var memo = Typesetter.LoosenessMemo()
            for changes in [[-1], [1], [-2], [2], [1, 2], [-1, 1], [-2, -1]] {
                let lines = typesetter.lines(p, from: 0, widths: widths, lineChanges: changes).count
                if let count = typesetter.lineCount(p, widths: widths, lineChanges: changes, memo: &memo) {
                    XCTAssertEqual(count, lines, "\(changes): \(text.prefix(40))")
                    if lines != set.count { differ += 1 }
                } else {
                    // No setting within the tolerance: set past it, whatever the looseness.
                    XCTAssertEqual(lines, typesetter.lines(p, from: 0, widths: widths).count, "\(changes): \(text.prefix(40))")
                    unfit += 1
                }
            }
        }
        XCTAssertGreaterThan(differ, 50, "some paragraphs have settings of other lengths")
        XCTAssertLessThan(unfit, differ)
    }
}
