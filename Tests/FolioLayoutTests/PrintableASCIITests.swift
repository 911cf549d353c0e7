import XCTest
@testable import FolioLayout

/// The eight-bytes-at-a-time scan finds exactly what a byte-by-byte one finds, and the
/// scans built on it (East Asian text, bytes made harmless for Pango) keep their answers.
final class PrintableASCIITests: XCTestCase {
    private func naiveFirstOther(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, (0x20...0x7E).contains(bytes[i]) { i += 1 }
        return i
    }

    func testFindsTheFirstByteThatIsNotPrintableASCIIFromEveryStart() {
        var generator = SystemRandomNumberGenerator()
        // Each byte value that sits on an edge of the word test, alone in printable text
        // at every position of a word, and then random mixes.
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xE1, 0xEF, 0xF0, 0xFF]
        var cases: [[UInt8]] = [[], Array("plain text, long enough for words".utf8)]
        for b in edges {
            for at in 0..<19 {
                var bytes = [UInt8](repeating: 0x61, count: 19)
                bytes[at] = b
                cases.append(bytes)
            }
        }
        for _ in 0..<400 {
            let count = Int.random(in: 0..<40, using: &generator)
            cases.append((0..<count).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x20...0x7E, using: &generator) : edges.randomElement(using: &generator)!
            })
        }
        for bytes in cases {
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    XCTAssertEqual(PrintableASCII.firstOther(in: buffer, from: start), naiveFirstOther(bytes, from: start),
                                   "\(bytes) from \(start)")
                }
            }
        }
    }

    func testEastAsianTextAndControlCharactersAreStillFoundAmongLatinText() {
        let latin = String(repeating: "A line of Latin letters \u{2019}quoted\u{2019} \u{2014} ", count: 3)
        for insert in ["中", "한", "\u{3000}", "\u{FF01}", "\u{20000}"] {
            for position in [0, 5, 8, 31, latin.utf8.count] {
                var bytes = Array(latin.utf8)
                bytes.insert(contentsOf: Array(insert.utf8), at: position)
                XCTAssertTrue(bytes.withUnsafeBufferPointer { EastAsianCharacter.mayOccur(in: $0) }, "\(insert) at \(position)")
            }
        }
        XCTAssertFalse(Array(latin.utf8).withUnsafeBufferPointer { EastAsianCharacter.mayOccur(in: $0) })

        XCTAssertEqual(ShapingText.sanitized(Array(latin.utf8)), Array(latin.utf8))
        for (control, becomes) in [("\u{01}", " "), ("\u{7F}", " "), ("\u{85}", "\u{A0}"), ("\u{FFFF}", "\u{FEFF}")] {
            for position in [0, 7, 8, 9, 40] {
                var bytes = Array(latin.utf8), expected = Array(latin.utf8)
                bytes.insert(contentsOf: Array(control.utf8), at: position)
                expected.insert(contentsOf: Array(becomes.utf8), at: position)
                XCTAssertEqual(ShapingText.sanitized(bytes), expected, "\(control.unicodeScalars.first!.value) at \(position)")
            }
        }
    }
}
