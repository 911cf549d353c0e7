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
    /// Where a cached word's bytes and glyphs lie in the stores.
    private struct Entry: HashSlotEntry {
        var key: UInt64
        /// -1: an empty slot.
        var variant: Int32
        var bytes: Int32
        /// In the compact stores, or in the full ones (`isCompact` false).
        var glyphs: Int32
        var byteCount: UInt8
        var glyphCount: UInt8
        var isCompact: Bool
        var isOccupied: Bool { variant >= 0 }
        static let empty = Entry(key: 0, variant: -1, bytes: 0, glyphs: 0, byteCount: 0, glyphCount: 0, isCompact: false)
    }

    /// Words longer than this are shaped each time (rare, and mostly unique).
    static let longestWord = 48
    /// The cache keeps the first this many words it meets and shapes the rest each time,
    /// which bounds its memory (about 3 MB, its table 32 768 slots; each shaping thread has
    /// its own). A book's common words come early: in Little Women the first 8 192 distinct
    /// words (with their spaces and punctuation) are 83 % of the words set, the first
    /// 12 288 85 %, and all of its 23 000, which this holds, 87 %: 45 M instructions fewer
    /// than 12 288 for the book, 1.5–2 MB more at the peak.
    static let capacity = 24_576

    private var entries = HashSlots<Entry>()
    private var storedBytes: [UInt8] = []
    /// Most words' glyphs sit on the baseline where their advances put them: those are
    /// kept as a glyph, an advance and a byte (the cluster's offset in the word, and the
    /// glyph's two flags) each, 9 bytes instead of Pango's 24.
    private var compactGlyphs: [PangoGlyph] = []
    private var compactAdvances: [Int32] = []
    private var compactClusters: [UInt8] = []
    /// The others (marks placed by offsets) as Pango gives them.
    private var storedGlyphs: [PangoGlyphInfo] = []
    private var storedClusters: [Int32] = []
    private static let clusterStartBit: UInt8 = 0x80, colorBit: UInt8 = 0x40, clusterMask: UInt8 = 0x3F
    /// Distinct (font, features, language, script) combinations seen, numbered.
    private var variants: [Variant: Int32] = [:]
    private var lastVariant: (variant: Variant, id: Int32)?

    /// What besides its letters decides how a word is shaped.
    struct Variant: Hashable {
        var font: UnsafeMutablePointer<PangoFont>
        var features: String
        var language: OpaquePointer?
        var script: Int32
    }

    /// Per variant number, the characters its font shapes alone, once asked for.
    private var standaloneTables: [StandaloneTable] = []
    private enum StandaloneTable { case unknown, none, some(StandaloneCharacters) }

    private(set) var hits = 0, misses = 0
    /// Bits of the words' hashes kept: all of them but in tests, which keep a few to make
    /// words collide (a collision must cost a shaping, never give another word's glyphs).
    var keyMask: UInt64 = .max
    /// The words held.
    var count: Int { entries.count }

    /// The number of `v`, or nil when text of that script and language is not shaped
    /// word by word in its font (HarfBuzz would apply an old `kern` table to it).
    mutating func variantID(_ v: Variant) -> Int32? {
        // Runs of one variant mostly follow one another: the last answer, before hashing.
        if let last = lastVariant, last.variant.font == v.font, last.variant.language == v.language,
           last.variant.script == v.script, last.variant.features == v.features {
            return last.id >= 0 ? last.id : nil
        }
        if let id = variants[v] {
            lastVariant = (v, id)
            return id >= 0 ? id : nil
        }
        let eligible = !Font.appliesLegacyKerning(v.font, script: PangoScript(rawValue: v.script), language: v.language)
        let id = eligible ? Int32(variants.count) : -1 - Int32(variants.count)
        variants[v] = id
        lastVariant = (v, id)
        return eligible ? id : nil
    }

    /// The characters variant `id`'s font shapes alone (see `StandaloneCharacters`), made
    /// from `analysis` (an item shaped in that variant) the first time; nil for none.
    mutating func standaloneCharacters(variant id: Int32, analysis: PangoAnalysis) -> StandaloneCharacters? {
        let i = Int(id)
        if i >= standaloneTables.count { standaloneTables += repeatElement(.unknown, count: i + 1 - standaloneTables.count) }
        switch standaloneTables[i] {
        case .some(let table): return table
        case .none: return nil
        case .unknown:
            let table = StandaloneCharacters(analysis)
            standaloneTables[i] = table.map { .some($0) } ?? StandaloneTable.none
            return table
        }
    }

    /// FNV-1a over the word's bytes, mixed with the variant.
    private static func key(_ word: UnsafeBufferPointer<UInt8>, variant: Int32) -> UInt64 {
        UTF8Bytes.fnv1a(word, basis: 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: variant)))
    }

    /// Where a word's glyphs are kept: the stores only grow, so it stays valid while the
    /// cache takes in more words.
    struct Found {
        fileprivate var glyphs: Int32
        fileprivate var glyphCount: UInt8
        fileprivate var isCompact: Bool
    }

    /// Where `word`'s glyphs are kept; nil when the word is not cached.
    mutating func find(_ word: UnsafeBufferPointer<UInt8>, variant: Int32) -> Found? {
        guard let e = entries.entry(for: WordShapeCache.key(word, variant: variant) & keyMask), e.variant == variant,
              Int(e.byteCount) == word.count,
              storedBytes.withUnsafeBufferPointer({ s in
                  memcmp(s.baseAddress! + Int(e.bytes), word.baseAddress!, word.count) == 0
              })
        else { misses += 1; return nil }
        hits += 1
        return Found(glyphs: e.glyphs, glyphCount: e.glyphCount, isCompact: e.isCompact)
    }

    /// Appends the glyphs and clusters (clusters offset by `clusterOffset`) of a word found.
    // Mutating, though it changes nothing: so that a cache held by a class is used in
    // place, not copied (and its eight arrays retained and released) for each word.
    mutating func append(_ found: Found, clusterOffset: Int32, glyphs: ScratchBuffer<PangoGlyphInfo>, clusters: ScratchBuffer<Int32>) {
        let count = Int(found.glyphCount), first = Int(found.glyphs)
        // Room made once for the word and written in place.
        let out = glyphs.append(count: count), outClusters = clusters.append(count: count)
        if found.isCompact {
            for k in 0..<count {
                let c = compactClusters[first + k]
                let attr = PangoGlyphVisAttr(is_cluster_start: c & Self.clusterStartBit != 0 ? 1 : 0,
                                             is_color: c & Self.colorBit != 0 ? 1 : 0)
                out[k] = PangoGlyphInfo(glyph: compactGlyphs[first + k],
                                        geometry: PangoGlyphGeometry(width: compactAdvances[first + k], x_offset: 0, y_offset: 0),
                                        attr: attr)
                outClusters[k] = Int32(c & Self.clusterMask) + clusterOffset
            }
        } else {
            for k in 0..<count {
                out[k] = storedGlyphs[first + k]
                outClusters[k] = storedClusters[first + k] + clusterOffset
            }
        }
    }

    /// Remembers `word`'s glyphs and clusters (relative to the word's first byte).
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, variant: Int32,
                         glyphs: UnsafeBufferPointer<PangoGlyphInfo>, clusters: UnsafeBufferPointer<Int32>) {
        guard word.count <= WordShapeCache.longestWord, glyphs.count <= Int(UInt8.max),
              entries.count < WordShapeCache.capacity else { return }
        let key = WordShapeCache.key(word, variant: variant) & keyMask
        // On a collision the first word keeps the key; the other is shaped each time.
        guard !entries.contains(key) else { return }
        let b = Int32(storedBytes.count)
        storedBytes.append(contentsOf: word)
        let compact = glyphs.allSatisfy { $0.geometry.x_offset == 0 && $0.geometry.y_offset == 0 }
            && clusters.allSatisfy { $0 >= 0 && $0 <= Int32(Self.clusterMask) }
        let g: Int32
        if compact {
            g = Int32(compactGlyphs.count)
            for (info, cluster) in zip(glyphs, clusters) {
                compactGlyphs.append(info.glyph)
                compactAdvances.append(info.geometry.width)
                compactClusters.append(UInt8(cluster) | (info.attr.is_cluster_start != 0 ? Self.clusterStartBit : 0)
                                       | (info.attr.is_color != 0 ? Self.colorBit : 0))
            }
        } else {
            g = Int32(storedGlyphs.count)
            storedGlyphs.append(contentsOf: glyphs)
            storedClusters.append(contentsOf: clusters)
        }
        entries.insert(Entry(key: key, variant: variant, bytes: b, glyphs: g, byteCount: UInt8(word.count),
                             glyphCount: UInt8(glyphs.count), isCompact: compact))
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
    static func startsAttachedCharacter(_ text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
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
