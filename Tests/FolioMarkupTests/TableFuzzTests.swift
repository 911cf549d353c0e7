import FolioLayout
import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// Random pipe tables — spans written `<` and `^` anywhere, empty and long cells, header
/// and footer rows, keeps, totals, narrow and short pages — built and laid out: nothing
/// crashes or hangs, every cell's text is set exactly once (repetitions aside), in order
/// within its cell, and no line leaves its container unless layout said it overflows.
///
/// `FUZZ_SEED=N FUZZ_ROUNDS=M` run other rounds; `FUZZ_TRACE=1` writes each round's
/// Markdown to standard error (to find the one a failure or a hang comes from).
final class TableFuzzTests: XCTestCase {
    private let words = ["a", "tea", "1.50", "1,234.56", "incomprehensibilities", "<", "^", "**bold**", "*it*", "`code`",
                         "{column-total}", "12", "word word word", "—", "ünïcödé", "שלום", "<br>", "\\|"]

    func testRandomTablesAreSetWhole() throws {
        let environment = ProcessInfo.processInfo.environment
        var rng = SplitMix64(seed: environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x7AB1E)
        let rounds = environment["FUZZ_ROUNDS"].flatMap { Int($0) } ?? 60
        let template = try BuiltinTemplates.template(named: "default")
        let styles = try StyleSheet(template: template)
        for round in 0..<rounds {
            let columns = Int.random(in: 1...5, using: &rng)
            let rows = Int.random(in: 1...40, using: &rng)
            var lines: [String] = []
            var settings: [String] = []
            if Bool.random(using: &rng) { settings.append("footer=\(Int.random(in: 0...2, using: &rng))") }
            if Bool.random(using: &rng) { settings.append("header=\(Int.random(in: 0...2, using: &rng))") }
            if Bool.random(using: &rng) { settings.append("keep-rows=true") }
            if Bool.random(using: &rng) { settings.append("decimal=\(Int.random(in: 1...columns, using: &rng))") }
            if Bool.random(using: &rng) { settings.append(".grid") }
            if !settings.isEmpty { lines.append("{" + settings.joined(separator: " ") + "}") }
            for r in 0..<(rows + 1) {
                var cells: [String] = []
                for _ in 0..<columns {
                    let n = Int.random(in: 0...(Int.random(in: 0...9, using: &rng) == 0 ? 40 : 3), using: &rng)
                    cells.append((0..<n).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "))
                }
                lines.append("| " + cells.joined(separator: " | ") + " |")
                if r == 0 { lines.append("|" + String(repeating: "---|", count: columns)) }
            }
            let markdown = "Before.\n\n" + lines.joined(separator: "\n") + "\n\nAfter.\n"
            let document: BuiltDocument
            do {
                document = try DocumentBuilder(template: template, styles: styles, columnWidth: 400, columnHeight: 600)
                    .build(try MarkdownReader.parse(markdown, file: "fuzz.md"))
            } catch {
                // A setting out of range for this table (header=2 of 1 row) is an error, not a crash.
                XCTAssertTrue("\(error)".hasPrefix("fuzz.md:"), "round \(round): \(error)")
                continue
            }
            let storage = document.storage
            if ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil { FileHandle.standardError.write("round \(round)\n\(markdown)\n".data(using: .utf8)!) }
            let width = Double.random(in: 60...400, using: &rng), height = Double.random(in: 60...500, using: &rng)
            let manager = LayoutManager(textStorage: storage)
            let containers = SameSize(Size(width: width, height: height))
            manager.delegate = containers
            manager.ensureLayout()
            let lines2 = manager.lineFragments.filter { !$0.isRepetition }
            // Every paragraph's bytes covered once, in order.
            var covered = [Int: Int]()
            for p in 0..<storage.paragraphCount { covered[p] = storage.paragraphRange(at: p).lowerBound }
            let overflowing = !manager.warnings.isEmpty
            for l in lines2 where !l.glyphRuns.isEmpty || !l.characterRange.isEmpty {
                XCTAssertEqual(l.characterRange.lowerBound, covered[l.paragraphIndex], "round \(round): a gap or a repeat in paragraph \(l.paragraphIndex)")
                covered[l.paragraphIndex] = l.characterRange.upperBound
                if !overflowing {
                    XCTAssertLessThanOrEqual(l.rect.maxY, height + 1e-6, "round \(round): paragraph \(l.paragraphIndex) row \(storage.tableBlock(at: l.characterRange.lowerBound).map { "\($0.startingRow) of \($0.table.headerRowCount)+\($0.table.footerRowCount)" } ?? "-") container \(l.containerIndex) text \(l.glyphRuns.map(\.text).joined())")
                }
            }
            if manager.unplacedRange == nil {
                for p in 0..<storage.paragraphCount where storage.paragraphContentRange(at: p).count > 0 {
                    XCTAssertEqual(covered[p], storage.paragraphRange(at: p).upperBound, "round \(round): paragraph \(p) not set whole")
                }
            }
        }
    }
}

/// Containers of one size, up to 400.
private final class SameSize: LayoutManagerDelegate {
    let size: Size
    var given = 0
    init(_ size: Size) { self.size = size }
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?, for request: ContainerRequest) -> TextContainer? {
        guard given < 400 else { return nil }
        given += 1
        return TextContainer(size: size)
    }
}
