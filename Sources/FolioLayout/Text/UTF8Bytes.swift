import Foundation

/// Reading UTF-8 where it lies, for the hot paths that look at a paragraph's bytes
/// without making strings of them.
package enum UTF8Bytes {
    /// The scalar value of the sequence starting at `offset` and its length in bytes; nil
    /// when the byte there continues a sequence or the sequence runs past `end`.
    @inline(__always)
    package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, offset + length <= end else { return nil }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for k in 1..<length { value = value << 6 | UInt32(bytes[offset + k] & 0x3F) }
        return (value, length)
    }

    /// FNV-1a over `bytes`, from `basis` (the standard offset basis by default; a caller
    /// mixing in more than the bytes starts from another).
    @inline(__always)
    package static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, basis: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = basis
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

    /// Calls `body` with the index of each `byte` in `bytes`, in order, while it returns true.
    package static func forEach(_ byte: UInt8, in bytes: [UInt8], _ body: (Int) -> Bool) {
        bytes.withUnsafeBufferPointer { forEach(byte, in: $0, body) }
    }

    /// `forEach(_:in:_:)` over bytes held elsewhere.
    package static func forEach(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        guard let base = buffer.baseAddress else { return }
        var at = 0
        while at < buffer.count, let hit = memchr(base + at, Int32(byte), buffer.count - at) {
            let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard body(i) else { return }
            at = i + 1
        }
    }

    /// Whether `text`'s UTF-8 holds `byte` (or, with `other`, either byte): asked of every piece
    /// of a book's text, so native strings are searched with `memchr`.
    package static func contains(_ byte: UInt8, or other: UInt8? = nil, in text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            if memchr(base, Int32(byte), bytes.count) != nil { return true }
            return other.map { memchr(base, Int32($0), bytes.count) != nil } ?? false
        }
        return found ?? text.utf8.contains { $0 == byte || $0 == other }
    }
}
