/// Finds the bytes of UTF-8 text that are not printable ASCII, eight at a time: the scans
/// that look at every byte of every paragraph for the few needing a closer look (control
/// characters, East Asian characters) pass over a book's plain letters in a word at once.
enum PrintableASCII {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte of `word` is printable ASCII (0x20…0x7E).
    @inline(__always)
    static func isPrintable(_ word: UInt64) -> Bool {
        // A byte with its high bit set; a byte below 0x20 (exact for bytes below 0x80:
        // subtracting borrows into a byte's high bit only when it is smaller); a byte equal
        // to 0x7F (a zero after the xor).
        let below = (word &- 0x20 &* ones) & ~word & highBits
        let xored = word ^ (0x7F &* ones)
        let del = (xored &- ones) & ~xored & highBits
        return (word & highBits) | below | del == 0
    }

    /// The first index at or after `start` whose byte is not printable ASCII, or
    /// `text.count`.
    static func firstOther(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = text.count
        guard let base = text.baseAddress else { return n }
        var i = start
        while i + 8 <= n, isPrintable(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
        while i < n, (0x20...0x7E).contains(base[i]) { i += 1 }
        return i
    }
}
