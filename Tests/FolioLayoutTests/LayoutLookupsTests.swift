@testable import FolioLayout
import CPango
import XCTest

/// `LayoutLookups` on GSUB and GPOS tables put together byte by byte: the lookups context
/// rules call, the rules that match "any other glyph" (class 0), and the lookups that skip
/// base glyphs — what HarfBuzz's glyph collection does not say.
final class LayoutLookupsTests: XCTestCase {
    private func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    /// A table of `lookups` (type, flags, one subtable's bytes each), no scripts or features.
    private func table(_ lookups: [(type: Int, flags: Int, subtable: [UInt8])]) -> [UInt8] {
        var list = u16(lookups.count), bodies: [UInt8] = []
        let first = 2 + 2 * lookups.count
        for l in lookups {
            list += u16(first + bodies.count)
            bodies += u16(l.type) + u16(l.flags) + u16(1) + u16(8) + l.subtable
        }
        // Version 1.0; the script and feature lists (empty) at 10 and 12, the lookups at 14.
        return u16(1) + u16(0) + u16(10) + u16(12) + u16(14) + u16(0) + u16(0) + list + bodies
    }

    /// The closure of `first` in `bytes` as the table `tag`.
    private func closure(_ bytes: [UInt8], _ tag: String, of first: [UInt32]) -> LayoutLookups.Closure {
        let hbTag = Font.hbTag(tag)
        let face = hb_face_builder_create()!
        defer { hb_face_destroy(face) }
        let blob = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { hb_blob_create($0.baseAddress, UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil) }
        }
        hb_face_builder_add_table(face, hbTag, blob)
        hb_blob_destroy(blob)
        let lookups = LayoutLookups(face: face, table: hbTag, isGPOS: tag == "GPOS")
        defer { lookups.release() }
        XCTAssertEqual(lookups.count, bytes.isEmpty ? 0 : Int(bytes[14]) << 8 | Int(bytes[15]))
        return lookups.closure(of: first)
    }

    /// A pair adjustment by classes: glyph 5 first, glyph 6 (class 1) second, and
    /// `againstOthers` for class 0, every other glyph.
    private func classPairs(againstOthers: Int) -> [UInt8] {
        // Format 2, XAdvance for the first glyph only; one first class, two second classes.
        let records = u16(againstOthers) + u16(-30)
        let head = 16 + records.count
        let coverage = u16(1) + u16(1) + u16(5)
        let classDef1 = u16(2) + u16(0)
        let classDef2 = u16(1) + u16(6) + u16(1) + u16(1)
        return u16(2) + u16(head) + u16(0x0004) + u16(0) + u16(head + coverage.count) + u16(head + coverage.count + classDef1.count)
            + u16(1) + u16(2) + records + coverage + classDef1 + classDef2
    }

    func testAPairAdjustedAgainstAnyOtherGlyphIsSeen() {
        XCTAssertTrue(closure(table([(2, 0, classPairs(againstOthers: -100))]), "GPOS", of: [0]).readsUnlistedGlyphs)
        let listed = closure(table([(2, 0, classPairs(againstOthers: 0))]), "GPOS", of: [0])
        XCTAssertFalse(listed.readsUnlistedGlyphs, "class 0 adjusts nothing")
        XCTAssertEqual(listed.lookups, [0])
        // In GSUB, type 2 is a multiple substitution: nothing to see.
        XCTAssertFalse(closure(table([(2, 0, u16(1) + u16(6) + u16(0))]), "GSUB", of: [0]).readsUnlistedGlyphs)
    }

    func testTheLookupsContextRulesCallAreFollowed() {
        // A chained context (format 3: one input coverage of glyph 5) calling lookup 1, which
        // is a pair adjustment against class 0 (through an extension) that no feature lists.
        let coverage = u16(1) + u16(1) + u16(5)
        let chained = u16(3) + u16(0) + u16(1) + u16(16) + u16(0) + u16(1) + u16(0) + u16(1) + coverage
        let pairs = classPairs(againstOthers: -100)
        let viaExtension = u16(1) + u16(2) + [0, 0, 0, 8] + pairs
        let reached = closure(table([(8, 0, chained), (9, 0, viaExtension)]), "GPOS", of: [0])
        XCTAssertEqual(Set(reached.lookups), [0, 1])
        XCTAssertTrue(reached.readsUnlistedGlyphs, "the called lookup's class 0, through the extension")
        XCTAssertEqual(closure(table([(8, 0, chained), (9, 0, viaExtension)]), "GPOS", of: [1]).lookups, [1], "nothing calls back")
    }

    func testClassZeroInAContextRuleAndSkippedBasesAreSeen() {
        // A context by classes (format 2): one rule set, for class 1, whose rule is
        // "class 1, then class `second`".
        func context(second: Int) -> [UInt8] {
            let rule = u16(2) + u16(0) + u16(second)
            let set = u16(1) + u16(4) + rule
            let coverage = u16(1) + u16(1) + u16(5)
            let classDef = u16(1) + u16(5) + u16(2) + u16(1) + u16(1)
            let head = 12
            return u16(2) + u16(head + set.count) + u16(head + set.count + coverage.count) + u16(2) + u16(0) + u16(head)
                + set + coverage + classDef
        }
        XCTAssertTrue(closure(table([(5, 0, context(second: 0))]), "GSUB", of: [0]).readsUnlistedGlyphs)
        XCTAssertFalse(closure(table([(5, 0, context(second: 1))]), "GSUB", of: [0]).readsUnlistedGlyphs)
        let skipping = closure(table([(1, 0x0002, u16(1) + u16(6) + u16(1))]), "GSUB", of: [0])
        XCTAssertTrue(skipping.skipsBaseGlyphs)
        XCTAssertFalse(skipping.readsUnlistedGlyphs)
    }

    func testAMissingOrTruncatedTableIsNeverTakenForSafe() {
        XCTAssertFalse(closure([], "GSUB", of: []).readsUnlistedGlyphs, "no table, no lookups")
        XCTAssertTrue(closure([], "GSUB", of: [3]).readsUnlistedGlyphs, "a lookup the table does not have")
        let whole = table([(2, 0, classPairs(againstOthers: 0))])
        XCTAssertTrue(closure(Array(whole.prefix(whole.count - 24)), "GPOS", of: [0]).readsUnlistedGlyphs, "cut short")
    }
}
