@testable import FolioLayout
import XCTest

/// The open-addressing table under the word caches: every key kept is found after the
/// table has grown many times, a key not kept is not found, and a taken key keeps its
/// first entry.
final class HashSlotsTests: XCTestCase {
    private struct Entry: HashSlotEntry, Equatable {
        var key: UInt64
        var value: Int
        var isOccupied: Bool { value >= 0 }
        static let empty = Entry(key: 0, value: -1)
    }

    func testEveryKeyIsFoundAfterGrowing() {
        var table = HashSlots<Entry>()
        XCTAssertNil(table.entry(for: 1))
        // A fixed sequence of keys spread over all 64 bits (Knuth's MMIX generator).
        var state: UInt64 = 7
        func nextKey() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state }
        var kept: [UInt64: Int] = [:]
        for value in 0..<5_000 {
            // Small keys and spread ones mixed; with thousands of entries, many land on a
            // taken slot and are found by probing past it.
            let key = value % 3 == 0 ? UInt64(value) : nextKey()
            table.insert(Entry(key: key, value: value))
            if kept[key] == nil { kept[key] = value }
        }
        XCTAssertEqual(table.count, kept.count)
        for (key, value) in kept { XCTAssertEqual(table.entry(for: key)?.value, value) }
        for _ in 0..<1_000 {
            let key = nextKey()
            if kept[key] == nil { XCTAssertNil(table.entry(for: key)) }
        }
    }

    func testATakenKeyKeepsItsFirstEntry() {
        var table = HashSlots<Entry>()
        table.insert(Entry(key: 42, value: 1))
        table.insert(Entry(key: 42, value: 2))
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(table.entry(for: 42)?.value, 1)
        XCTAssertTrue(table.contains(42))
        table.removeAll()
        XCTAssertFalse(table.contains(42))
        XCTAssertEqual(table.count, 0)
    }
}
