import CPango

/// A font's GSUB or GPOS lookup list, read for what HarfBuzz's glyph collection
/// (`hb_ot_layout_lookup_collect_glyphs`) does not report: the lookups that context rules
/// call (collected only for their output), each lookup's flags, and rules that match
/// "any other glyph" — class 0 of a class definition, which holds every glyph the
/// definition leaves out and which the collection never lists.
///
/// Used to prove that some glyphs are read by no lookup (`StandaloneCharacters`): anything
/// it cannot read, it reports as unsafe.
struct LayoutLookups {
    /// The lookups reached from some first ones, and whether any of them could read a
    /// glyph the collection does not list, or skip base glyphs.
    struct Closure {
        var lookups: [UInt32] = []
        /// A rule of a class definition reads class 0 past its first glyph, or a pair
        /// adjusts a first glyph against class 0, or a table could not be read.
        var readsUnlistedGlyphs = false
        /// A lookup skips base glyphs (its flag `IgnoreBaseGlyphs`).
        var skipsBaseGlyphs = false
    }

    private let blob: OpaquePointer?
    private let bytes: UnsafeRawBufferPointer
    private let isGPOS: Bool
    private let list: Int
    /// Lookups in the list.
    let count: Int

    /// The lookups of `table` (GSUB or GPOS) in `face`; none when it has no such table.
    init(face: OpaquePointer, table: hb_tag_t, isGPOS: Bool) {
        blob = hb_face_reference_table(face, table)
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(length))
        self.isGPOS = isGPOS
        var list = 0, count = 0
        if bytes.count >= 10 {
            list = Self.u16(bytes, 8) ?? 0
            count = list > 0 ? Self.u16(bytes, list) ?? 0 : 0
        }
        self.list = list
        self.count = count
    }

    /// Releases the table; the reader is not used after.
    func release() { hb_blob_destroy(blob) }

    /// The lookups `first` reach through context rules (themselves included), with what
    /// they may read that the glyph collection does not say.
    func closure(of first: [UInt32]) -> Closure {
        var closure = Closure()
        var seen = Set<UInt32>(), work = first
        while let index = work.popLast() {
            guard seen.insert(index).inserted else { continue }
            closure.lookups.append(index)
            guard Int(index) < count, let offset = u16(list + 2 + 2 * Int(index)) else {
                closure.readsUnlistedGlyphs = true
                continue
            }
            let lookup = list + offset
            guard let type = u16(lookup), let flags = u16(lookup + 2), let subtables = u16(lookup + 4) else {
                closure.readsUnlistedGlyphs = true
                continue
            }
            if flags & 0x0002 != 0 { closure.skipsBaseGlyphs = true }
            for k in 0..<subtables {
                guard let s = u16(lookup + 6 + 2 * k), read(type: type, at: lookup + s, into: &closure, calls: &work) else {
                    closure.readsUnlistedGlyphs = true
                    continue
                }
            }
        }
        return closure
    }

    /// Reads one subtable; false when it cannot be read.
    private func read(type: Int, at s: Int, into closure: inout Closure, calls: inout [UInt32]) -> Bool {
        guard let format = u16(s) else { return false }
        let (context, chained, extensionType, pair) = isGPOS ? (7, 8, 9, 2) : (5, 6, 7, -1)
        switch type {
        case extensionType:
            guard format == 1, let real = u16(s + 2), let offset = u32(s + 4), real != extensionType else { return false }
            return read(type: real, at: s + offset, into: &closure, calls: &calls)
        case context:
            return readContext(format: format, at: s, into: &closure, calls: &calls)
        case chained:
            return readChainedContext(format: format, at: s, into: &closure, calls: &calls)
        case pair where format == 2:
            return readClassPairs(at: s, into: &closure)
        default:
            return true
        }
    }

    /// `count` lookup records (sequence index, lookup index) at `at`.
    private func readCalls(_ count: Int, at: Int, into calls: inout [UInt32]) -> Bool {
        for k in 0..<count {
            guard let lookup = u16(at + 4 * k + 2) else { return false }
            calls.append(UInt32(lookup))
        }
        return true
    }

    /// A rule's `count` classes at `at`: class 0 matches glyphs the collection does not list.
    private func readClasses(_ count: Int, at: Int, into closure: inout Closure) -> Bool {
        for k in 0..<count {
            guard let c = u16(at + 2 * k) else { return false }
            if c == 0 { closure.readsUnlistedGlyphs = true }
        }
        return true
    }

    /// Each rule of subtable `s`'s rule sets (their count at `countAt`, from `s`, their
    /// offsets after it), given to `rule`.
    private func forEachRule(of s: Int, countAt: Int, _ rule: (Int) -> Bool) -> Bool {
        guard let count = u16(s + countAt) else { return false }
        for i in 0..<count {
            guard let setOffset = u16(s + countAt + 2 + 2 * i) else { return false }
            if setOffset == 0 { continue }
            let set = s + setOffset
            guard let rules = u16(set) else { return false }
            for r in 0..<rules {
                guard let ruleOffset = u16(set + 2 + 2 * r), rule(set + ruleOffset) else { return false }
            }
        }
        return true
    }

    private func readContext(format: Int, at s: Int, into closure: inout Closure, calls: inout [UInt32]) -> Bool {
        switch format {
        case 1, 2:
            return forEachRule(of: s, countAt: format == 1 ? 4 : 6) { rule in
                guard let glyphs = u16(rule), let lookups = u16(rule + 2), glyphs >= 1,
                      format == 1 || readClasses(glyphs - 1, at: rule + 4, into: &closure) else { return false }
                return readCalls(lookups, at: rule + 4 + 2 * (glyphs - 1), into: &calls)
            }
        case 3:
            guard let glyphs = u16(s + 2), let lookups = u16(s + 4) else { return false }
            return readCalls(lookups, at: s + 6 + 2 * glyphs, into: &calls)
        default:
            return false
        }
    }

    private func readChainedContext(format: Int, at s: Int, into closure: inout Closure, calls: inout [UInt32]) -> Bool {
        switch format {
        case 1, 2:
            return forEachRule(of: s, countAt: format == 1 ? 4 : 10) { rule in
                // Backtrack, input (without its first) and lookahead sequences, then the calls.
                var at = rule
                for part in 0..<3 {
                    guard let n = u16(at) else { return false }
                    let length = part == 1 ? n - 1 : n
                    guard length >= 0, format == 1 || readClasses(length, at: at + 2, into: &closure) else { return false }
                    at += 2 + 2 * length
                }
                guard let lookups = u16(at) else { return false }
                return readCalls(lookups, at: at + 2, into: &calls)
            }
        case 3:
            var at = s + 2
            for _ in 0..<3 {
                guard let n = u16(at) else { return false }
                at += 2 + 2 * n
            }
            guard let lookups = u16(at) else { return false }
            return readCalls(lookups, at: at + 2, into: &calls)
        default:
            return false
        }
    }

    /// A pair adjustment by classes: a first glyph adjusted against class 0 (every glyph
    /// the second class definition leaves out) reads glyphs the collection does not list.
    private func readClassPairs(at s: Int, into closure: inout Closure) -> Bool {
        guard let format1 = u16(s + 4), let format2 = u16(s + 6), let class1 = u16(s + 12), let class2 = u16(s + 14) else {
            return false
        }
        let record = 2 * ((format1 & 0xFF).nonzeroBitCount + (format2 & 0xFF).nonzeroBitCount)
        for c in 0..<class1 {
            let at = s + 16 + c * class2 * record
            for k in stride(from: 0, to: record, by: 2) {
                guard let v = u16(at + k) else { return false }
                if v != 0 { closure.readsUnlistedGlyphs = true }
            }
        }
        return true
    }

    private func u16(_ at: Int) -> Int? { Self.u16(bytes, at) }

    private func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int? {
        at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }
}
