import FolioLayout
import FolioTestSupport
import Foundation
import XCTest

/// A paragraph of ordinary prose, long enough to break into many lines.
let prose = """
It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of \
foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, \
it was the season of Darkness, it was the spring of hope, it was the winter of despair, we had everything \
before us, we had nothing before us, we were all going direct to Heaven, we were all going direct the other way.
"""

func makeStorage(_ text: String, size: Double = 10, style: ParagraphStyle = ParagraphStyle(alignment: .justified, hyphenation: true)) -> TextStorage {
    TextStorage(text, attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: size)),
                paragraphStyle: style)
}

/// `count` paragraphs of one 12 pt line each ("LABEL line K" in 10 pt DejaVu Serif): a
/// stand-in for a figure in a floating block, whose height is what counts.
func stackedLines(_ count: Int, label: String) -> AttributedText {
    var style = ParagraphStyle(alignment: .justified, hyphenation: true)
    style.minimumLineHeight = 12
    style.maximumLineHeight = 12
    var text = AttributedText()
    for k in 0..<count {
        text.append("\(label) line \(k)", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 10)))
        text.endParagraph(style)
    }
    text.removeFinalSeparator()
    return text
}

/// Asserts every character of the storage is covered exactly once by the fragments, in order.
func assertCoversEveryCharacterOnce(_ manager: LayoutManager, file: StaticString = #filePath, line: UInt = #line) {
    var expected = 0
    for fragment in manager.lineFragments {
        XCTAssertEqual(fragment.characterRange.lowerBound, expected, "gap or overlap before \(fragment.characterRange)", file: file, line: line)
        expected = fragment.characterRange.upperBound
    }
    XCTAssertEqual(expected, manager.textStorage.length, "not every character was laid out", file: file, line: line)
}

/// Asserts that `fragment`, a justified line that is not its paragraph's last, fills its
/// text area up to `edge` optically: flush when it ends in a letter, a little past the
/// edge (never more than `hangingAllowance`) when it ends in punctuation or a hyphen.
func assertFillsTheMeasure(_ fragment: LineFragment, to edge: Double, in storage: TextStorage,
                           file: StaticString = #filePath, line: UInt = #line) {
    let text = storage.substring(fragment.characterRange).trimmingCharacters(in: .whitespacesAndNewlines)
    let last = fragment.isHyphenated ? "-" : text.last
    if let last, hangingAtEnd.contains(last) {
        XCTAssertGreaterThan(fragment.usedRect.maxX, edge + 0.1, "'\(last)' hangs past the edge: \(text)", file: file, line: line)
        XCTAssertLessThanOrEqual(fragment.usedRect.maxX, edge + hangingAllowance, "\(text)", file: file, line: line)
    } else {
        XCTAssertEqual(fragment.usedRect.maxX, edge, accuracy: 0.05, "justified: \(text)", file: file, line: line)
    }
}

/// Something a test needs that the project installs (scripts/install-deps.sh) or keeps
/// beside the repository (../shared/corpus) is missing.
struct MissingRequirement: Error, CustomStringConvertible {
    var description: String
}

/// What a test throws when `what` is missing: a skip that says so on a developer's
/// machine, a failure under CI (`CI=true`), where everything must be installed.
func missingRequirement(_ what: String) -> any Error {
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        return MissingRequirement(description: "\(what) is missing, and CI=true requires it")
    }
    return XCTSkip("\(what) is missing (a failure when CI=true)")
}

/// The folder of shared test texts (`../shared/corpus` beside the repository).
let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/corpus").standardized

/// Everything a fragment holds that layout decides — geometry, ranges, glyphs and their
/// positions — as one string per fragment, for comparing two layouts exactly.
func layoutSignatures(_ fragments: some Sequence<LineFragment>) -> [String] {
    fragments.map { f in
        "\(f.containerIndex) \(f.paragraphIndex) \(f.characterRange) \(f.rect) \(f.usedRect) \(f.baseline) "
            + "\(f.isHyphenated) \(f.isLastLineOfParagraph) \(f.spaceScale) \(f.ascent) \(f.descent) "
            + f.glyphRuns.map { "\($0.characterRange) \($0.text) \($0.glyphs) \($0.positions) \($0.bounds)" }.joined(separator: "|")
    }
}

/// Sets the first `lengths` words of `text` as one paragraph in a column of each of
/// `widths`, with `typesetting`, and hands each set paragraph's lines to `body`: the sweep
/// the line-breaking tests count their flaws over.
func forEachSetting(of text: String, lengths: StrideThrough<Int>, widths: StrideThrough<Double>,
                    typesetting: TypesettingParameters, _ body: ([LineFragment]) -> Void) {
    let words = text.split(separator: " ")
    for length in lengths where length <= words.count {
        let storage = makeStorage(words.prefix(length).joined(separator: " "))
        for width in widths {
            let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
            manager.addTextContainer(TextContainer(size: Size(width: width, height: 1e6)))
            manager.ensureLayout()
            body(manager.lineFragments)
            storage.removeObserver(manager)
        }
    }
}
