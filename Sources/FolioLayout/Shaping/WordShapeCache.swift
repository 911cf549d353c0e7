import CPango

/// Glyphs of words shaped before, so that a book's hundred thousand words cost a few
/// thousand calls to HarfBuzz (browsers do the same: Blink's word shaper).
///
/// Shaping a word on its own gives the glyphs it gets inside its line only when no
/// substitution or positioning of the font looks at the space: then nothing reaches
/// across a space, and a word's glyphs depend on its letters, its font and the
/// features asked for — the cache's key. `Font.shapesWordByWord` tells which fonts
/// qualify (DejaVu Serif does; a font kerning against the space does not).
struct WordShapeCache {
    /// Where a cached word's glyphs lie in the shared stores.
    private struct Entry {
        var variant: Int32
        var bytes: Range<Int32>
        var glyphs: Range<Int32>
    }

    /// Words longer than this are shaped each time (rare, and mostly unique).
    static let longestWord = 48
    /// The cache keeps the first this many words it meets and shapes the rest each time,
    /// which bounds its memory (about 1 MB). A book's common words come early: in Little
    /// Women the first 8 192 distinct words (with their spaces and punctuation) are five
    /// in six of the words set (unbounded, the cache would hold 23 000 for seven in eight).
    static let capacity = 8_192

    private var entries: [UInt64: Entry] = [:]
    private var storedBytes: [UInt8] = []
    private var storedGlyphs: [PangoGlyphInfo] = []
    private var storedClusters: [Int32] = []
    /// Distinct (font, features, language, script) combinations seen, numbered.
    private var variants: [Variant: Int32] = [:]

    /// What besides its letters decides how a word is shaped.
    struct Variant: Hashable {
        var font: UnsafeMutablePointer<PangoFont>
        var features: String
        var language: OpaquePointer?
        var script: Int32
    }

    private(set) var hits = 0, misses = 0

    /// The number of `v`, or nil when text of that script and language is not shaped
    /// word by word in its font (HarfBuzz would apply an old `kern` table to it).
    mutating func variantID(_ v: Variant) -> Int32? {
        if let id = variants[v] { return id >= 0 ? id : nil }
        let eligible = !Font.appliesLegacyKerning(v.font, script: PangoScript(rawValue: v.script), language: v.language)
        let id = eligible ? Int32(variants.count) : -1 - Int32(variants.count)
        variants[v] = id
        return eligible ? id : nil
    }

    /// FNV-1a over the word's bytes, mixed with the variant.
    private static func key(_ word: UnsafeBufferPointer<UInt8>, variant: Int32) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: variant))
        for b in word {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

    /// Appends the cached glyphs and clusters (clusters offset by `clusterOffset`) of
    /// `word` to the outputs; false when the word was not cached.
    mutating func append(_ word: UnsafeBufferPointer<UInt8>, variant: Int32, clusterOffset: Int32,
                         glyphs: inout [PangoGlyphInfo], clusters: inout [Int32]) -> Bool {
        guard let e = entries[WordShapeCache.key(word, variant: variant)], e.variant == variant,
              e.bytes.count == word.count,
              storedBytes.withUnsafeBufferPointer({ s in
                  memcmp(s.baseAddress! + Int(e.bytes.lowerBound), word.baseAddress!, word.count) == 0
              })
        else { misses += 1; return false }
        hits += 1
        let range = Int(e.glyphs.lowerBound)..<Int(e.glyphs.upperBound)
        glyphs.append(contentsOf: storedGlyphs[range])
        for c in storedClusters[range] { clusters.append(c + clusterOffset) }
        return true
    }

    /// Remembers `word`'s glyphs and clusters (relative to the word's first byte).
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, variant: Int32,
                         glyphs: UnsafeBufferPointer<PangoGlyphInfo>, clusters: UnsafeBufferPointer<Int32>) {
        guard word.count <= WordShapeCache.longestWord, entries.count < WordShapeCache.capacity else { return }
        if entries.isEmpty { entries.reserveCapacity(WordShapeCache.capacity) }
        let key = WordShapeCache.key(word, variant: variant)
        // On a collision the first word keeps the slot; the other is shaped each time.
        guard entries[key] == nil else { return }
        let b = Int32(storedBytes.count), g = Int32(storedGlyphs.count)
        storedBytes.append(contentsOf: word)
        storedGlyphs.append(contentsOf: glyphs)
        storedClusters.append(contentsOf: clusters)
        entries[key] = Entry(variant: variant, bytes: b..<Int32(storedBytes.count), glyphs: g..<Int32(storedGlyphs.count))
    }

    /// The end of the word starting at `start`: past its letters and the spaces after
    /// them, where the next word begins. A word never ends before a combining mark or
    /// a format character, which belong with what precedes them.
    static func wordEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while true {
            while i < end, text[i] != 0x20 { i += 1 }
            while i < end, text[i] == 0x20 { i += 1 }
            if i >= end || text[i] < 0x80 || !startsAttachedCharacter(text, at: i, end: end) { return i }
        }
    }

    /// Whether the character at `i` attaches to the one before it (a mark, a joiner, a
    /// variation selector), so that no word may start with it.
    private static func startsAttachedCharacter(_ text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        let b = text[i]
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        guard i + length <= end else { return true }
        var value = UInt32(b) & (length == 4 ? 0x07 : length == 3 ? 0x0F : length == 2 ? 0x1F : 0x7F)
        if length > 1 { for k in 1..<length { value = value << 6 | UInt32(text[i + k] & 0x3F) } }
        guard let scalar = Unicode.Scalar(value) else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}
