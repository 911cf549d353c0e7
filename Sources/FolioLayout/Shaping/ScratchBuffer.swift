/// A growable buffer of plain values, reused from one run to the next, that hands out room
/// to write into: the shaper's glyphs and clusters of the run being shaped.
///
/// An `Array` held by a class checks its uniqueness and capacity at every append, and
/// its `append(contentsOf:)` of a repeated value walks a generic iterator; a word of five
/// glyphs taken from the word cache cost more in those checks than in the copying. Here a
/// word's room is made once (`append(count:)`) and written through the pointer given back.
///
/// For plain values only (no references; C structs such as `PangoGlyphInfo`, whose bit
/// fields keep them from being declared `BitwiseCopyable`): they are never deinitialized.
final class ScratchBuffer<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The values written so far.
    private(set) var count = 0

    init(capacity: Int = 256) {
        precondition(_isPOD(Element.self), "ScratchBuffer holds plain values only")
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Forgets the values, keeping the memory.
    func removeAll() { count = 0 }

    /// Room for `n` more values at the end, which the caller must write: the pointer to
    /// the first of them. Valid until the next call that adds values.
    func append(count n: Int) -> UnsafeMutablePointer<Element> {
        if count + n > capacity {
            var grown = capacity * 2
            while grown < count + n { grown *= 2 }
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
            larger.update(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity = grown
        }
        defer { count += n }
        return storage + count
    }

    /// Appends `values`.
    func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let base = values.baseAddress, !values.isEmpty else { return }
        append(count: values.count).update(from: base, count: values.count)
    }

    /// The values written, valid until the next call that adds values.
    var values: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: count) }
}
