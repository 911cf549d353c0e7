import CPango

/// The East Asian characters a font shapes the same wherever they stand, in one shaping
/// plan (its script, language and features): each is its cmap's glyph with that glyph's
/// advance, whatever comes before or after it. In the Noto CJK faces every ideograph is
/// such a character — no substitution or positioning of their Simplified Chinese plan
/// reads one; kana and some punctuation are kerned — so Chinese text goes through the word
/// cache a character at a time, where the faces' spaces, which their lookups do read, keep
/// it from going word by word (`Font.shapesWordByWord`).
///
/// A character qualifies when
/// - it is a letter, number, punctuation mark, symbol or space of the CJK blocks (not a
///   mark, not a format character, not a compatibility ideograph);
/// - the font has a glyph for it, a base glyph (GDEF);
/// - no lookup the plan applies reads that glyph (as input, backtrack or lookahead), nor
///   any lookup their context rules call (it might match past its caller's glyphs);
///   HarfBuzz collects the glyphs, as for `Font.spaceIsIsolated`, and `LayoutLookups`
///   follows the calls;
/// - and none of those lookups skips base glyphs, or matches "any other glyph" (class 0
///   of a class definition, which the collection never lists): either could let a
///   lookup match across the character, and rules the whole plan out.
///
/// Then no lookup can change the glyph or match across it, so the text on either side of
/// it is shaped the same with or without it. The shaper splits a run at such a character
/// only where the next character does not attach to it (a mark, a variation selector, a
/// joiner: `WordShapeCache.startsAttachedCharacter`) and the one before is no format
/// character; HarfBuzz's normalization, which could compose across, then leaves it alone.
final class StandaloneCharacters {
    private let hbFont: OpaquePointer
    private let face: OpaquePointer
    /// Glyphs some lookup of the plan reads.
    private let touched: OpaquePointer
    /// Per BMP code point, whether it has been looked at, and the answer.
    private var known = [UInt64](repeating: 0, count: 1024)
    private var standalone = [UInt64](repeating: 0, count: 1024)
    private var supplementary: [UInt32: Bool] = [:]

    /// The standalone characters of `font` shaped left to right in `script` and
    /// `language` with `features` (as HarfBuzz reads them, `"kern=0"`); nil when there can
    /// be none (a lookup skips base glyphs or matches class 0, or the font is shaped by
    /// another engine).
    init?(font: UnsafeMutablePointer<PangoFont>, script: hb_script_t, language: hb_language_t?, features: [hb_feature_t]) {
        guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) else { return nil }
        if Font.isShapedByOtherEngine(face) { return nil }
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script
        properties.language = language
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(hbFont, &coordinateCount)
        guard let plan = features.withUnsafeBufferPointer({ f in
            hb_shape_plan_create_cached2(face, &properties, f.baseAddress, UInt32(f.count), coordinates, coordinateCount, nil)
        }) else { return nil }
        defer { hb_shape_plan_destroy(plan) }
        let touched = hb_set_create()!
        for (table, isGPOS) in [(Font.hbTag("GSUB"), false), (Font.hbTag("GPOS"), true)] {
            let applied = hb_set_create()!
            defer { hb_set_destroy(applied) }
            hb_ot_shape_plan_collect_lookups(plan, table, applied)
            var first: [UInt32] = []
            var index = UInt32.max   // HB_SET_VALUE_INVALID: from the first
            while hb_set_next(applied, &index) != 0 { first.append(index) }
            let lookups = LayoutLookups(face: face, table: table, isGPOS: isGPOS)
            let closure = lookups.closure(of: first)
            lookups.release()
            guard !closure.readsUnlistedGlyphs, !closure.skipsBaseGlyphs else {
                hb_set_destroy(touched)
                return nil
            }
            for index in closure.lookups {
                hb_ot_layout_lookup_collect_glyphs(face, table, index, touched, touched, touched, nil)
            }
        }
        self.hbFont = hb_font_reference(hbFont)
        self.face = face
        self.touched = touched
    }

    /// The standalone characters of `analysis`'s font in its script and language, with the
    /// features Pango gives HarfBuzz for it (the font's own and those of the item's
    /// attributes). Features switched off are left out, which can only add lookups.
    convenience init?(_ analysis: PangoAnalysis) {
        guard let font = analysis.font else { return nil }
        var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        var count: UInt32 = 0
        pango_font_get_features(font, &features, 32, &count)
        features.removeSubrange(Int(count)...)
        var node = analysis.extra_attrs
        while let n = node {
            if let attribute = n.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
               attribute.pointee.klass.pointee.type == PANGO_ATTR_FONT_FEATURES,
               let list = UnsafeRawPointer(attribute).assumingMemoryBound(to: PangoAttrFontFeatures.self).pointee.features {
                for part in String(cString: list).split(separator: ",") {
                    var feature = hb_feature_t()
                    if hb_feature_from_string(String(part), -1, &feature) != 0 { features.append(feature) }
                }
            }
            node = n.pointee.next
        }
        let on = features.filter { $0.value != 0 }.map {
            hb_feature_t(tag: $0.tag, value: $0.value, start: 0, end: UInt32.max)
        }
        let script = hb_script_t(rawValue: g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script))))
        let language = pango_language_to_string(analysis.language).flatMap { hb_language_from_string($0, -1) }
        self.init(font: font, script: script, language: language, features: on)
    }

    deinit {
        hb_set_destroy(touched)
        hb_font_destroy(hbFont)
    }

    /// Whether the character `c` is shaped the same wherever it stands (see the type).
    func contains(_ c: UInt32) -> Bool {
        if c < 0x10000 {
            let word = Int(c >> 6), bit: UInt64 = 1 << UInt64(c & 63)
            if known[word] & bit != 0 { return standalone[word] & bit != 0 }
            let answer = qualifies(c)
            known[word] |= bit
            if answer { standalone[word] |= bit }
            return answer
        }
        if let answer = supplementary[c] { return answer }
        let answer = qualifies(c)
        supplementary[c] = answer
        return answer
    }

    private func qualifies(_ c: UInt32) -> Bool {
        guard Self.isInCJKBlocks(c), let scalar = Unicode.Scalar(c) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate, .privateUse, .unassigned:
            return false
        default: break
        }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, c, &glyph) != 0, glyph != 0, hb_set_has(touched, glyph) == 0 else { return false }
        let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
        return glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
    }

    /// CJK symbols and punctuation, kana, bopomofo, the unified ideographs (and their
    /// extensions), full-width forms; not the compatibility ideographs, which decompose.
    static func isInCJKBlocks(_ c: UInt32) -> Bool {
        switch c {
        case 0x3000...0x312F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF60,
             0x20000...0x2A6DF, 0x2A700...0x2EBEF, 0x30000...0x3134F:
            return true
        default:
            return false
        }
    }

}

/// The standalone characters of a piece of text (see `StandaloneCharacters`) at which it
/// may be cut, in order: each one whose next character does not attach to it and whose
/// previous one is no format character (a joiner, a soft hyphen).
struct StandaloneSplit: Sequence, IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let table: StandaloneCharacters
    private var i: Int
    /// Whether the character before `i` lets a cut come after it.
    private var previousAllows = true

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ table: StandaloneCharacters) {
        self.bytes = bytes
        end = range.upperBound
        self.table = table
        i = range.lowerBound
    }

    mutating func next() -> Range<Int>? {
        while i < end {
            let start = i
            guard let (c, length) = UTF8Bytes.scalar(in: bytes, at: i, end: end) else {
                i += 1   // a stray byte: no character to keep apart
                previousAllows = true
                continue
            }
            i += length
            guard c >= 0x3000, previousAllows, table.contains(c) else {
                previousAllows = !Self.isFormat(c)
                continue
            }
            if i < end, bytes[i] >= 0x80,
               !(UTF8Bytes.scalar(in: bytes, at: i, end: end).map { table.contains($0.value) } ?? false),
               WordShapeCache.startsAttachedCharacter(bytes, at: i, end: end) {
                continue
            }
            return start..<i
        }
        return nil
    }

    /// Whether `c` is a format character; the general punctuation block's (joiners, marks
    /// of direction, invisible operators) and ASCII without a table.
    private static func isFormat(_ c: UInt32) -> Bool {
        switch c {
        case ..<0x80: return false
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F: return true
        case 0x2000...0x2FFF: return false
        default: return Unicode.Scalar(c)?.properties.generalCategory == .format
        }
    }
}
