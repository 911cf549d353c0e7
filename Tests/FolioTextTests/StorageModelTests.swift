import FolioTestSupport
import XCTest
import FolioText

/// Random edits checked byte by byte against a naive model of the storage: one
/// attributes value and one paragraph style per UTF-8 byte.
final class StorageModelTests: XCTestCase {
    private struct Model {
        var bytes: [UInt8] = []
        var attributes: [TextAttributes] = []
        var styles: [ParagraphStyle] = []

        var paragraphs: [Range<Int>] {
            var result: [Range<Int>] = [], start = 0
            for (i, b) in bytes.enumerated() where b == 0x0A { result.append(start..<(i + 1)); start = i + 1 }
            result.append(start..<bytes.count)
            return result
        }

        mutating func replace(_ range: Range<Int>, with text: String, attributes given: TextAttributes?,
                              typing: TextAttributes, typingStyle: ParagraphStyle) {
            let new = Array(text.utf8)
            let a = given ?? (attributes.isEmpty ? typing : attributes[range.isEmpty && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound])
            let style: ParagraphStyle
            if styles.isEmpty { style = typingStyle }
            else if range.lowerBound == 0 { style = styles[0] }
            else if range.lowerBound < bytes.count && bytes[range.lowerBound - 1] == 0x0A { style = styles[range.lowerBound] }
            else { style = styles[range.lowerBound - 1] }
            bytes.replaceSubrange(range, with: new)
            attributes.replaceSubrange(range, with: Array(repeating: a, count: new.count))
            styles.replaceSubrange(range, with: Array(repeating: style, count: new.count))
        }

        mutating func setStyle(_ style: ParagraphStyle, touching range: Range<Int>) {
            for p in paragraphs where p.overlaps(range) || p.contains(range.lowerBound)
                || (range.isEmpty && p.upperBound == range.lowerBound && p == paragraphs.last) {
                for i in p { styles[i] = style }
            }
        }

        mutating func fixStyles() {
            for p in paragraphs where !p.isEmpty { for i in p { styles[i] = styles[p.lowerBound] } }
        }
    }

    private let attributeChoices: [TextAttributes] = [
        .none, Fixture.plain, Fixture.bold, Fixture.italic, Fixture.redText,
        TextAttributes(custom: ["k": CustomAttributeValue(1)]),
    ]
    private let styleChoices: [ParagraphStyle] = [.default, Fixture.heading, Fixture.body, Fixture.quote]
    private let alphabet = Array("ab \nxé€🙂")

    private func check(_ s: TextStorage, _ m: Model, _ step: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard Array(s.string.utf8) == m.bytes else {
            XCTFail("\(step): text \(s.string.debugDescription) ≠ model", file: file, line: line); return false
        }
        var attrs: [TextAttributes] = []
        for run in s.attributeRuns() { attrs += Array(repeating: run.attributes, count: run.range.count) }
        guard attrs == m.attributes else { XCTFail("\(step): attributes differ from the model", file: file, line: line); return false }
        for o in 0..<s.length where s.paragraphStyle(at: o) != m.styles[o] {
            XCTFail("\(step): paragraph style differs at \(o) in \(s.string.debugDescription)", file: file, line: line)
            return false
        }
        return true
    }

    func testRandomEditsMatchTheModel() {
        var rng = SplitMix64(seed: 20_251_122)
        for round in 0..<150 {
            let s = TextStorage()
            var m = Model()
            var log: [String] = []
            for _ in 0..<40 {
                let grouped = Int.random(in: 0..<4, using: &rng) == 0
                if grouped { s.beginEditing() }
                for _ in 0..<(grouped ? Int.random(in: 2...4, using: &rng) : 1) {
                    let bounds = scalarBoundaries(s.string)
                    let x = bounds.randomElement(using: &rng)!, y = bounds.randomElement(using: &rng)!
                    let range = min(x, y)..<max(x, y)
                    let op = s.isEmpty ? 0 : Int.random(in: 0..<6, using: &rng)
                    switch op {
                    case 0, 1:
                        let text = String((0..<Int.random(in: 0...5, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
                        let given = op == 1 ? attributeChoices.randomElement(using: &rng)! : nil
                        log.append("replace \(range) \(text.debugDescription) \(given == nil ? "inherit" : "given")")
                        m.replace(range, with: text, attributes: given, typing: s.typingAttributes, typingStyle: s.typingParagraphStyle)
                        s.replaceCharacters(in: range, with: text, attributes: given)
                    case 2:
                        let a = attributeChoices.randomElement(using: &rng)!
                        log.append("setAttributes \(range)")
                        for i in range { m.attributes[i] = a }
                        s.setAttributes(a, range: range)
                    case 3:
                        let a = attributeChoices.randomElement(using: &rng)!
                        log.append("addAttributes \(range)")
                        for i in range { m.attributes[i] = m.attributes[i].merging(a) }
                        s.addAttributes(a, range: range)
                    case 4:
                        log.append("removeAttribute font \(range)")
                        for i in range { m.attributes[i].font = nil }
                        s.removeAttribute(.font, range: range)
                    default:
                        let style = styleChoices.randomElement(using: &rng)!
                        log.append("setParagraphStyle \(range)")
                        m.setStyle(style, touching: range)
                        s.setParagraphStyle(style, range: range)
                    }
                }
                if grouped { s.endEditing() }
                m.fixStyles()
                if !check(s, m, "round \(round) after \(log.suffix(4))") { return }
                assertConsistent(s)
            }
        }
    }
}
