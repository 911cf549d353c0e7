import FolioLayout
import XCTest

final class ExclusionLayoutTests: XCTestCase {
    func testTextFlowsAroundAnExclusionAndStaysOutOfIt() {
        let storage = makeStorage(prose + "\n" + prose)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 300, height: 1000))
        let hole = BezierPath(ovalIn: Rect(x: 100, y: 30, width: 100, height: 80))
        let edge = BezierPath(rect: Rect(x: 220, y: 150, width: 80, height: 60))
        container.exclusionPaths = [hole, edge]
        manager.addTextContainer(container)
        manager.ensureLayout()
        var twoFragmentLines = 0
        var ys: [Double: Int] = [:]
        for line in manager.lineFragments {
            ys[line.rect.minY, default: 0] += 1
            for run in line.glyphRuns {
                for sx in stride(from: run.bounds.minX + 0.5, to: run.bounds.maxX, by: 2) {
                    for sy in [line.rect.minY + 0.5, line.rect.maxY - 0.5] {
                        let p = Point(x: sx, y: sy)
                        XCTAssertFalse(hole.contains(p) || edge.contains(p), "glyphs at \(p) inside an exclusion")
                    }
                }
            }
        }
        twoFragmentLines = ys.values.filter { $0 == 2 }.count
        XCTAssertGreaterThan(twoFragmentLines, 3, "lines run on both sides of the central exclusion")
        assertCoversEveryCharacterOnce(manager)
    }
}

/// A sliver beside an obstacle too narrow for the next word is passed over: the word is
/// not cut to fit it (issue 13 saw `"` alone in an 18 pt sliver, `Beware` cut after it).
final class NarrowFragmentTests: XCTestCase {
    func testWordsAreNotCutToFitASliverBesideACircle() {
        let text = Array(repeating: "“Beware the Jabberwock, my son! The jaws that bite, the claws that catch! Beware the Jubjub bird, and shun the frumious Bandersnatch!”", count: 6).joined(separator: " ")
        var cut: [String] = []
        var narrow = 0
        for left in stride(from: 14.0, through: 40, by: 4) {
            let storage = makeStorage(text, style: ParagraphStyle(alignment: .left))
            let manager = LayoutManager(textStorage: storage)
            let container = TextContainer(size: Size(width: 320, height: 2000))
            // A circle leaving a sliver `left` points wide at its widest, and room to its right.
            container.exclusionPaths = [BezierPath(ovalIn: Rect(x: left, y: 40, width: 200, height: 200))]
            manager.addTextContainer(container)
            manager.ensureLayout()
            assertCoversEveryCharacterOnce(manager)
            let bytes = Array(storage.string.utf8)
            func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
            for line in manager.lineFragments {
                if line.rect.width < 60 { narrow += 1 }
                let end = line.characterRange.upperBound
                guard !line.isHyphenated, end < bytes.count, end > 0 else { continue }
                if isLetter(bytes[end]) && (isLetter(bytes[end - 1]) || bytes[end - 1] >= 0x80) {
                    cut.append("\(left): “\(storage.substring(line.characterRange))”")
                }
            }
        }
        XCTAssertTrue(cut.isEmpty, "words cut at a fragment's end: \(cut.prefix(4))")
        XCTAssertGreaterThan(narrow, 0, "narrow fragments wide enough for short words are still used")
    }
}
