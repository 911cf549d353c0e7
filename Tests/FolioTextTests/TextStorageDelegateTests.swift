import XCTest
import FolioText

/// A highlighting storage written as a TextKit article writes it — bold between
/// asterisks, colour by regular expression, as you type — on `TextStorageDelegate`.
final class TextStorageDelegateTests: XCTestCase {
    /// The article's highlighter: clears and sets highlighting on the edited paragraphs.
    private final class Highlighter: TextStorageDelegate {
        var calls: [String] = []
        func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit) {
            calls.append("will \(edit.range) \(edit.changeInLength)")
        }
        func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {
            calls.append("did \(edit.range) \(edit.changeInLength)")
            let paragraphs = storage.paragraphRange(for: edit.range)
            storage.setAttributes(Fixture.plain, range: paragraphs)
            for match in storage.matches(of: /\*[^*\n]+\*/, in: paragraphs) {
                storage.setAttributes(Fixture.bold, range: match.range)
            }
            for match in storage.matches(of: /#\w+/, in: paragraphs) {
                storage.setAttributes(Fixture.redText, range: match.range)
            }
        }
    }

    private func styled(_ s: TextStorage, _ piece: String) -> TextAttributes {
        let r = s.range(of: piece)!
        let (attributes, run) = s.attributes(at: r.lowerBound)
        XCTAssertTrue(run.lowerBound <= r.lowerBound && run.upperBound >= r.upperBound, "\(piece) is one run")
        return attributes
    }

    func testHighlightingFollowsTypingOneCharacterAtATime() {
        let s = TextStorage("", attributes: Fixture.plain)
        let highlighter = Highlighter()
        s.delegate = highlighter
        for ch in "Say *hi* to #folio\nand *more" {
            s.replaceCharacters(in: s.length..<s.length, with: String(ch))
        }
        XCTAssertEqual(styled(s, "*hi*"), Fixture.bold)
        XCTAssertEqual(styled(s, "#folio"), Fixture.redText)
        XCTAssertEqual(styled(s, "*more"), Fixture.plain, "not closed yet")
        s.replaceCharacters(in: s.length..<s.length, with: "*")
        XCTAssertEqual(styled(s, "*more*"), Fixture.bold)
        s.replaceCharacters(in: s.range(of: "*hi*")!.lowerBound..<(s.range(of: "*hi*")!.lowerBound + 1), with: "")
        XCTAssertEqual(styled(s, "hi*"), Fixture.plain, "opening asterisk deleted: no longer bold")
    }

    func testObserversHearOneEditThatIncludesTheDelegatesChanges() {
        let s = TextStorage("plain text", attributes: Fixture.plain)
        s.delegate = Highlighter()
        let recorder = EditRecorder()
        var seen: [TextAttributes] = []
        recorder.onEdit = { storage, _ in seen.append(storage.attributes(at: 0).attributes) }
        s.addObserver(recorder)
        s.replaceCharacters(in: 0..<5, with: "*bold*")
        XCTAssertEqual(recorder.edits.count, 1)
        XCTAssertEqual(recorder.edits[0].mask, [.characters, .attributes])
        XCTAssertEqual(recorder.edits[0].changeInLength, 1)
        XCTAssertEqual(seen, [Fixture.bold], "observers see the highlighted text")
    }

    func testWillComesBeforeDidOncePerOutermostGroup() {
        let s = TextStorage("0123456789", attributes: Fixture.plain)
        let highlighter = Highlighter()
        s.delegate = highlighter
        s.beginEditing()
        s.replaceCharacters(in: 2..<4, with: "abc")
        s.replaceCharacters(in: 0..<1, with: "")
        s.endEditing()
        XCTAssertEqual(highlighter.calls, ["will 0..<4 0", "did 0..<4 0"])
    }

    func testWillMayChangeCharacters() {
        final class Expander: TextStorageDelegate {
            func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit) {
                if let r = storage.range(of: ":)", in: storage.paragraphRange(for: edit.range)) {
                    storage.replaceCharacters(in: r, with: "☺")
                }
            }
        }
        let s = TextStorage("", attributes: Fixture.plain)
        let recorder = EditRecorder()
        s.addObserver(recorder)
        s.delegate = Expander()                          // made inline: kept alive by the storage
        for ch in "hi :)" { s.replaceCharacters(in: s.length..<s.length, with: String(ch)) }
        XCTAssertEqual(s.string, "hi ☺")
        XCTAssertEqual(recorder.edits.last?.changeInLength, 3 - 1, "\":\" typed before, \")\" became \"☺\"")
    }
}
