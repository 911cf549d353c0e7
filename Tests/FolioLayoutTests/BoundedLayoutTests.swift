@testable import FolioLayout
import FolioTestSupport
import XCTest

/// The loosest pass's bound (`LineBreaker.boundingDemerits`) asks the flow for the widths of
/// later lines before the search does, so whatever the flow answers must not depend on the
/// order it is asked in. Whole layouts — narrow justified columns whose paragraphs often
/// have no setting within the tolerance, obstacles beside first lines, drop caps, a first
/// line taller than predicted, punctuation hanging into the margins — come out the same
/// with the bound and without it.
final class BoundedLayoutTests: XCTestCase {
    private func layOut(_ storage: TextStorage, bounded: Bool, width: Double, obstacles: [Rect]) -> [LineFragment] {
        var parameters = TypesettingParameters.standard
        parameters.boundsLoosestPass = bounded
        let manager = LayoutManager(textStorage: storage, typesetting: parameters)
        for _ in 0..<6 {
            let container = TextContainer(size: Size(width: width, height: 400))
            container.exclusionPaths = obstacles.map { BezierPath(rect: $0) }
            manager.addTextContainer(container)
        }
        manager.ensureLayout()
        return manager.lineFragments
    }

    private func document(_ rng: inout SplitMix64) -> TextStorage {
        let words = prose.split(separator: " ").map(String.init) + ["incomprehensibilities,", "—", "“well,”", "counter-revolutionary."]
        let storage = TextStorage()
        for k in 0..<6 {
            var style = ParagraphStyle(alignment: .justified, hyphenation: rng.chance(70))
            if rng.chance(30) { style.dropCapLines = 2 + rng.below(2) }
            var first = true
            for _ in 0..<(8 + rng.below(50)) {
                // Now and then a word set large: its line is taller than the flow predicted.
                let size = first && rng.chance(50) ? 18.0 : 10.0
                storage.append((first ? "" : " ") + rng.pick(words),
                               attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: size)),
                               paragraphStyle: style)
                first = false
            }
            if k < 5 { storage.append("\n", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10))) }
        }
        return storage
    }

    func testTheBoundChangesNoLayout() {
        var rng = SplitMix64(seed: 0xB0_0D)
        var loosest = 0
        for _ in 0..<60 {
            let width = Double(90 + rng.below(80))
            // Obstacles on the right: one beginning a little below a line's top, so that a
            // taller first line meets it where the predicted one did not; one at the
            // column's foot, beside a first line predicted there that, taller, goes on to
            // the next column instead.
            let obstacles = [Rect(x: width * 0.55, y: Double(6 + rng.below(30)), width: width, height: Double(30 + rng.below(60))),
                             Rect(x: width * 0.5, y: Double(330 + rng.below(40)), width: width, height: 100)]
            let storage = document(&rng)
            let bounded = layOut(storage, bounded: true, width: width, obstacles: obstacles)
            let whole = layOut(storage, bounded: false, width: width, obstacles: obstacles)
            XCTAssertEqual(bounded.map(\.characterRange), whole.map(\.characterRange))
            XCTAssertEqual(bounded.map(\.rect), whole.map(\.rect))
            XCTAssertEqual(bounded.map(\.usedRect), whole.map(\.usedRect))
            loosest += bounded.filter { $0.spaceScale > 2 }.count
        }
        // The columns are narrow enough that many lines are set past the tolerance.
        XCTAssertGreaterThan(loosest, 20)
    }
}
