import FolioLayout
import XCTest

/// Labels that shrink to fit, as TextKit's `adjustsFontSizeToFitWidth` with a
/// `minimumScaleFactor` and tightening before truncation: the largest scale that fits,
/// tighter only when the smallest scale does not, an ellipsis only when nothing does.
final class TextFittingTests: XCTestCase {
    private let font = FontDescriptor(family: "DejaVu Sans", size: 20)

    private func label(_ text: String, truncating: Bool = true) -> TextStorage {
        var style = ParagraphStyle(alignment: .left)
        if truncating { style.lineBreakMode = .truncateTail }
        return TextStorage(text, attributes: TextAttributes(font: font), paragraphStyle: style)
    }

    /// The label laid out in one container of `width` and `lines` lines.
    private func laidOut(_ storage: TextStorage, width: Double, lines: Int = 1) -> LayoutManager {
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: width, height: 500))
        container.maximumNumberOfLines = lines
        manager.addTextContainer(container)
        manager.ensureLayout()
        return manager
    }

    private func width(of text: String) -> Double {
        TextMeasurer.boundingSize(of: label(text, truncating: false), width: 1e6).width
    }

    func testTextThatFitsIsLeftAlone() {
        let storage = label("Short")
        let fit = TextFitting().fit(storage, width: 300, maximumLines: 1)
        XCTAssertEqual(fit, TextFitting.Result(scale: 1, tightening: 0, fits: true))
        storage.apply(fit)
        XCTAssertEqual(storage.attributes(at: 0).attributes.font?.size, 20)
    }

    func testALongLabelShrinksToTheLargestScaleThatFits() throws {
        let text = "Quarterly results for the northern region"
        let natural = width(of: text)
        let box = natural * 0.8
        let storage = label(text)
        let fit = TextFitting(minimumScale: 0.5).fit(storage, width: box, maximumLines: 1)
        XCTAssertTrue(fit.fits)
        XCTAssertEqual(fit.tightening, 0)
        XCTAssertEqual(fit.scale, 0.8, accuracy: 0.02, "about the ratio of the widths")
        storage.apply(fit)
        let manager = laidOut(storage, width: box)
        XCTAssertEqual(manager.lineFragments.count, 1)
        let line = try XCTUnwrap(manager.lineFragments.first)
        XCTAssertLessThanOrEqual(line.usedRect.maxX, box + 1e-6)
        XCTAssertFalse(line.glyphRuns.contains { $0.text.contains("…") }, "no ellipsis: it fits")
        XCTAssertGreaterThan(line.usedRect.maxX, box * 0.97, "as large as fits, not smaller")
        XCTAssertEqual(storage.attributes(at: 0).attributes.font?.size ?? 0, 20 * fit.scale, accuracy: 1e-9)
    }

    func testPastTheMinimumScaleLettersAreTightenedBeforeTruncation() throws {
        let text = "Tightened before it is truncated"
        let natural = width(of: text)
        // Too wide at 60 %, but within 3 % of an em of fitting.
        let box = natural * 0.6 - Double(text.count) * 0.02 * 20 * 0.6
        let storage = label(text)
        let fit = TextFitting(minimumScale: 0.6, maximumTightening: 0.04).fit(storage, width: box, maximumLines: 1)
        XCTAssertTrue(fit.fits)
        XCTAssertEqual(fit.scale, 0.6)
        XCTAssertGreaterThan(fit.tightening, 0.01)
        XCTAssertLessThanOrEqual(fit.tightening, 0.04)
        storage.apply(fit)
        XCTAssertLessThan(storage.attributes(at: 0).attributes.tracking ?? 0, 0)
        let line = try XCTUnwrap(laidOut(storage, width: box).lineFragments.first)
        XCTAssertLessThanOrEqual(line.usedRect.maxX, box + 1e-6)
        XCTAssertFalse(line.glyphRuns.contains { $0.text.contains("…") })
    }

    func testWhatCannotFitIsSetSmallestAndTruncated() throws {
        let storage = label(String(repeating: "Far too much text for any label ", count: 6))
        let fit = TextFitting(minimumScale: 0.7).fit(storage, width: 200, maximumLines: 1)
        XCTAssertEqual(fit, TextFitting.Result(scale: 0.7, tightening: 0.04, fits: false))
        storage.apply(fit)
        let line = try XCTUnwrap(laidOut(storage, width: 200).lineFragments.first)
        XCTAssertTrue(line.glyphRuns.contains { $0.text.contains("…") }, "ends in an ellipsis")
    }

    func testSeveralLinesFitInTheirCount() throws {
        let storage = label("A caption that wraps onto a second line and would need a third at full size", truncating: false)
        let fit = TextFitting(minimumScale: 0.4).fit(storage, width: 260, maximumLines: 2)
        XCTAssertTrue(fit.fits)
        XCTAssertLessThan(fit.scale, 1)
        storage.apply(fit)
        let manager = laidOut(storage, width: 260, lines: 2)
        XCTAssertNil(manager.unplacedRange)
        XCTAssertEqual(manager.lineFragments.count, 2)
    }
}
