@testable import FolioLayout
import XCTest

/// The layout manager's per-paragraph records, kept as runs (a table's paragraphs share one).
final class ParagraphRecordsTests: XCTestCase {
    private func record(_ n: Int) -> ParagraphRecord {
        ParagraphRecord(cursor: FlowCursor(containerIndex: n, y: Double(n), linesInContainer: 0), firstFragment: n * 10, tableStart: n)
    }

    private func starts(_ records: ParagraphRecords) -> [Int] { (0..<records.count).map { records[$0].tableStart } }

    func testRunsAreIndexedByParagraph() {
        var records = ParagraphRecords()
        XCTAssertTrue(records.isEmpty)
        records.append(record(0))
        records.append(record(1))
        XCTAssertEqual(starts(records), [0, 1], "one run a paragraph: indexed directly")
        records.append(record(2), repeats: 5)     // a table of five paragraphs
        records.append(record(7))
        records.append(record(8), repeats: 0)     // nothing
        XCTAssertEqual(records.count, 8)
        XCTAssertEqual(starts(records), [0, 1, 2, 2, 2, 2, 2, 7])
    }

    func testRemovingFromInsideARunKeepsItsHead() {
        var records = ParagraphRecords()
        records.append(record(0))
        records.append(record(1), repeats: 4)
        records.append(record(5))
        var cut = records
        cut.removeAll(from: 3)
        XCTAssertEqual(starts(cut), [0, 1, 1])
        cut.append(record(9))
        XCTAssertEqual(starts(cut), [0, 1, 1, 9])
        var atRun = records
        atRun.removeAll(from: 1)
        XCTAssertEqual(starts(atRun), [0])
        var all = records
        all.removeAll(from: 0)
        XCTAssertTrue(all.isEmpty)
        var none = records
        none.removeAll(from: 6)
        XCTAssertEqual(starts(none), starts(records))
    }

    func testRunsFromAParagraphClipTheFirstRun() {
        var records = ParagraphRecords()
        records.append(record(0))
        records.append(record(1), repeats: 4)
        records.append(record(5))
        let tail = records.runs(from: 3)
        XCTAssertEqual(tail.map(\.record.tableStart), [1, 5])
        XCTAssertEqual(tail.map(\.repeats), [2, 1])
        XCTAssertTrue(records.runs(from: 6).isEmpty)
    }
}
