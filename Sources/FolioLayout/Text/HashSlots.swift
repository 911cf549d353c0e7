/// An entry of `HashSlots`: keyed by a 64-bit hash, with a value that marks a slot empty.
protocol HashSlotEntry {
    /// The hash the entry is found by.
    var key: UInt64 { get }
    /// False for the empty slot (`empty`).
    var isOccupied: Bool { get }
    /// What an empty slot holds.
    static var empty: Self { get }
}

/// Open addressing for the caches that key words by a hash of their bytes (the word-shape
/// cache, the hyphenation memo): a `Dictionary` would hash the hash again, a cost paid at
/// every word. A power-of-two table probed linearly, at most three in four slots full,
/// grown by doubling so that a cache that sees few words holds a small table. One entry
/// per key: on a collision the first entry keeps it, and the caller compares what the key
/// stands for.
struct HashSlots<Entry: HashSlotEntry> {
    private var slots: [Entry] = []
    private var mask = 0
    /// The entries held.
    private(set) var count = 0

    /// The slot holding `key`, or the empty one where it would go.
    private func slot(of key: UInt64) -> Int {
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while slots[i].isOccupied, slots[i].key != key { i = (i + 1) & mask }
        return i
    }

    /// The entry keyed `key`, if any.
    func entry(for key: UInt64) -> Entry? {
        guard !slots.isEmpty else { return nil }
        let e = slots[slot(of: key)]
        return e.isOccupied ? e : nil
    }

    /// Whether an entry is keyed `key`.
    func contains(_ key: UInt64) -> Bool { entry(for: key) != nil }

    /// Keeps `entry` unless its key is taken.
    mutating func insert(_ entry: Entry) {
        if slots.isEmpty || 4 * (count + 1) > 3 * slots.count {
            let old = slots
            slots = [Entry](repeating: Entry.empty, count: max(1024, 2 * old.count))
            mask = slots.count - 1
            for e in old where e.isOccupied { slots[slot(of: e.key)] = e }
        }
        let at = slot(of: entry.key)
        guard !slots[at].isOccupied else { return }
        slots[at] = entry
        count += 1
    }

    /// Lets every entry go.
    mutating func removeAll() {
        slots = []
        mask = 0
        count = 0
    }
}
