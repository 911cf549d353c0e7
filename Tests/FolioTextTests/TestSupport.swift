import XCTest
import FolioText

/// Records every finished editing group a storage reports.
final class EditRecorder: TextStorageObserver {
    private(set) var edits: [TextStorage.Edit] = []
    /// Called inside the notification, to look at the storage as observers see it.
    var onEdit: ((TextStorage, TextStorage.Edit) -> Void)?

    func textStorage(_ storage: TextStorage, didProcess edit: TextStorage.Edit) {
        edits.append(edit)
        onEdit?(storage, edit)
    }

    func reset() { edits.removeAll() }
}

/// Fixtures shared by the text-model tests.
enum Fixture {
    static let serif = FontDescriptor(family: "DejaVu Serif", size: 10)
    static let bold = TextAttributes(font: serif.withWeight(.bold))
    static let italic = TextAttributes(font: serif.withStyle(.italic))
    static let plain = TextAttributes(font: serif)
    static let redText = TextAttributes(font: serif, foregroundColor: .red)

    static let heading: ParagraphStyle = {
        var s = ParagraphStyle(alignment: .center)
        s.paragraphSpacing = 12
        return s
    }()
    static let body: ParagraphStyle = {
        var s = ParagraphStyle(alignment: .justified, hyphenation: true)
        s.firstLineHeadIndent = 18
        return s
    }()
    static let quote: ParagraphStyle = {
        var s = ParagraphStyle(alignment: .left)
        s.headIndent = 24
        return s
    }()

    /// "Title\nBody text\nEnd" with the heading, body and quote styles on its paragraphs.
    static func threeParagraphs() -> TextStorage {
        let s = TextStorage("Title", attributes: bold, paragraphStyle: heading)
        s.appendParagraph("Body text", attributes: plain, paragraphStyle: body)
        s.appendParagraph("End", attributes: italic, paragraphStyle: quote)
        return s
    }
}

/// The storage's runs as plain (range, attributes) pairs, for comparison.
func runs(_ storage: TextStorage, in range: Range<Int>? = nil) -> [Run] {
    storage.attributeRuns(in: range).map { Run($0.range, $0.attributes) }
}

struct Run: Equatable, CustomStringConvertible {
    var range: Range<Int>
    var attributes: TextAttributes
    init(_ range: Range<Int>, _ attributes: TextAttributes) { self.range = range; self.attributes = attributes }
    var description: String { "\(range): \(attributes)" }
}

/// The UTF-8 byte range of the first occurrence of `needle` in `haystack`.
func byteRange(of needle: String, in haystack: String, file: StaticString = #filePath, line: UInt = #line) -> Range<Int> {
    let h = Array(haystack.utf8), n = Array(needle.utf8)
    if !n.isEmpty && n.count <= h.count {
        for i in 0...(h.count - n.count) where Array(h[i..<(i + n.count)]) == n { return i..<(i + n.count) }
    }
    XCTFail("\"\(needle)\" not in \"\(haystack)\"", file: file, line: line)
    return 0..<0
}

/// Asserts every structural invariant of a storage that is not inside an editing group:
/// runs tile the text with no equal neighbours, and every paragraph has one style.
func assertConsistent(_ s: TextStorage, file: StaticString = #filePath, line: UInt = #line) {
    let all = s.attributeRuns()
    var position = 0
    for (i, run) in all.enumerated() {
        XCTAssertEqual(run.range.lowerBound, position, "runs leave a gap or overlap at \(position)", file: file, line: line)
        XCTAssertFalse(run.range.isEmpty, "empty run at \(run.range)", file: file, line: line)
        if i > 0 { XCTAssertNotEqual(all[i - 1].attributes, run.attributes, "equal neighbouring runs at \(run.range)", file: file, line: line) }
        position = run.range.upperBound
    }
    XCTAssertEqual(position, s.length, "runs do not cover the text", file: file, line: line)
    XCTAssertEqual(s.string.utf8.count, s.length, file: file, line: line)
    XCTAssertEqual(s.paragraphCount, s.string.split(separator: "\n", omittingEmptySubsequences: false).count,
                   file: file, line: line)
    for p in 0..<s.paragraphCount {
        let r = s.paragraphRange(at: p)
        let style = s.paragraphStyle(ofParagraph: p)
        for o in r where s.paragraphStyle(at: o) != style {
            XCTFail("paragraph \(p) \(r) is not uniform at offset \(o)", file: file, line: line)
            break
        }
    }
}
