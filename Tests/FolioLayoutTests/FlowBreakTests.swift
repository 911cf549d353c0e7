import FolioLayout
import XCTest

/// Records what the layout manager asks for.
private final class RequestRecorder: LayoutManagerDelegate {
    var requests: [ContainerRequest] = []
    let size: Size
    init(size: Size) { self.size = size }
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                       for request: ContainerRequest) -> TextContainer? {
        guard requests.count < 1000 else { return nil }
        requests.append(request)
        return TextContainer(size: size)
    }
}

final class FlowBreakTests: XCTestCase {
    private func storage(paragraphs: [String], styles: [ParagraphStyle]) -> TextStorage {
        let s = makeStorage(paragraphs.joined(separator: "\n"))
        for (i, style) in styles.enumerated() { s.setParagraphStyle(style, range: s.paragraphRange(at: i)) }
        return s
    }

    func testBreakBeforeStartsTheParagraphInTheNextContainerAndSaysWhy() {
        var breaking = ParagraphStyle(alignment: .left)
        breaking.breakBefore = .page
        let s = storage(paragraphs: ["One short line.", "Starts a new page.", "Follows on."],
                        styles: [ParagraphStyle(alignment: .left), breaking, ParagraphStyle(alignment: .left)])
        let manager = LayoutManager(textStorage: s)
        let recorder = RequestRecorder(size: Size(width: 200, height: 400))
        manager.delegate = recorder
        manager.ensureLayout()
        XCTAssertEqual(manager.textContainers.count, 2)
        let second = manager.lineFragments(inContainerAt: 1)
        XCTAssertEqual(second.first?.characterRange.lowerBound, s.paragraphRange(at: 1).lowerBound)
        XCTAssertEqual(second.first!.rect.minY, 0, accuracy: 1e-9, "no space left above a broken paragraph")
        XCTAssertEqual(second.count, 2, "the paragraph after it follows in the same container")
        XCTAssertEqual(recorder.requests.map(\.breakBefore), [.none, .page])
        XCTAssertEqual(recorder.requests[1].characterIndex, s.paragraphRange(at: 1).lowerBound)
    }

    func testBreakAtTheTopOfAContainerLeavesNoEmptyContainer() {
        var breaking = ParagraphStyle(alignment: .left)
        breaking.breakBefore = .container
        let s = storage(paragraphs: ["First paragraph.", "Second."], styles: [breaking, breaking])
        let manager = LayoutManager(textStorage: s)
        let recorder1 = RequestRecorder(size: Size(width: 200, height: 400))
        manager.delegate = recorder1
        manager.ensureLayout()
        XCTAssertEqual(manager.textContainers.count, 2)
        XCTAssertEqual(manager.lineFragments(inContainerAt: 0).count, 1)
        XCTAssertEqual(manager.lineFragments(inContainerAt: 1).count, 1)
    }

    func testKeepWithNextMovesAHeadingToTheColumnItsTextStartsIn() {
        let body = ParagraphStyle(alignment: .justified, hyphenation: true)
        let filler = "A line of filler."
        func layout(fillers: Int, keep: Bool) -> (heading: LineFragment, next: LineFragment, manager: LayoutManager) {
            var heading = ParagraphStyle(alignment: .left)
            heading.keepWithNext = keep
            let s = storage(paragraphs: Array(repeating: filler, count: fillers) + ["A Heading", prose],
                            styles: Array(repeating: body, count: fillers) + [heading, body])
            let manager = LayoutManager(textStorage: s)
            let recorder = RequestRecorder(size: Size(width: 150, height: 100))
            manager.delegate = recorder
            manager.ensureLayout()
            withExtendedLifetime(recorder) {}
            return (manager.lineFragments.first { $0.paragraphIndex == fillers }!,
                    manager.lineFragments.first { $0.paragraphIndex == fillers + 1 }!, manager)
        }
        // Find how much filler leaves the heading alone at the foot of the first column.
        guard let fillers = (1...12).first(where: { n in
            let r = layout(fillers: n, keep: false)
            return r.heading.containerIndex < r.next.containerIndex
        }) else { return XCTFail("no filler count puts the heading at the foot of a column") }
        let kept = layout(fillers: fillers, keep: true)
        XCTAssertEqual(kept.heading.containerIndex, kept.next.containerIndex, "heading left at the foot of a column")
        XCTAssertEqual(kept.heading.rect.minY, 0, accuracy: 1e-9)
        assertCoversEveryCharacterOnce(kept.manager)
    }

    func testKeepWithNextAtTheTopOfAContainerDoesNotLoop() {
        var heading = ParagraphStyle(alignment: .left)
        heading.keepWithNext = true
        // A heading chain taller than the container: nothing can keep it together.
        let s = storage(paragraphs: Array(repeating: "Heading", count: 12) + [prose],
                        styles: Array(repeating: heading, count: 12) + [ParagraphStyle(alignment: .left)])
        let manager = LayoutManager(textStorage: s)
        let recorder3 = RequestRecorder(size: Size(width: 150, height: 60))
        manager.delegate = recorder3
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        XCTAssertNil(manager.unplacedRange)
    }

    func testAChainOfKeptParagraphsTallerThanAColumnBreaksInsteadOfEmptyingOne() {
        var heading = ParagraphStyle(alignment: .left)
        heading.keepWithNext = true
        // Some text, then 40 headings kept each with the next (a list of headings) and prose:
        // the chain cannot fit in one column, so it starts where the text leaves off.
        let s = storage(paragraphs: ["Some text before the list."] + Array(repeating: "Heading", count: 40) + [prose],
                        styles: [ParagraphStyle(alignment: .left)] + Array(repeating: heading, count: 40) + [ParagraphStyle(alignment: .left)])
        let manager = LayoutManager(textStorage: s)
        let columns = RequestRecorder(size: Size(width: 150, height: 200))
        manager.delegate = columns
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        let first = manager.lineFragments(inContainerAt: 0)
        XCTAssertGreaterThan(first.count, 10, "the first column is filled, not left with one line")
        XCTAssertGreaterThan(first.last!.rect.maxY, 200 - 2 * first.last!.rect.height)
    }

    func testKeepWithNextWorksWithBackgroundShaping() { keepWithNextManyTimes(background: true) }
    func testKeepWithNextWorksInTheForeground() { keepWithNextManyTimes(background: false) }

    private func keepWithNextManyTimes(background: Bool) {
        var heading = ParagraphStyle(alignment: .left)
        heading.keepWithNext = true
        let body = ParagraphStyle(alignment: .justified, hyphenation: true)
        var paragraphs: [String] = [], styles: [ParagraphStyle] = []
        for i in 0..<80 { paragraphs += ["Heading \(i)", prose]; styles += [heading, body] }
        let s = storage(paragraphs: paragraphs, styles: styles)
        let manager = LayoutManager(textStorage: s)
        if background { manager.shapeInBackground() }
        let recorder4 = RequestRecorder(size: Size(width: 180, height: 130))
        manager.delegate = recorder4
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        for line in manager.lineFragments where line.paragraphIndex % 2 == 0 {
            let next = manager.lineFragments.first { $0.paragraphIndex == line.paragraphIndex + 1 }!
            XCTAssertEqual(line.containerIndex, next.containerIndex, "heading \(line.paragraphIndex / 2) separated")
        }
    }
}
