import CPango

extension Font {
    /// Whether no substitution or positioning lookup of the font involves the space
    /// glyph (as input or as context), so that words can be shaped one by one — as far
    /// as HarfBuzz's glyph collection sees: every lookup of GSUB and GPOS is looked into,
    /// nested ones included. Like Blink's word shaper this does not see a class-based
    /// context rule that matches the space through class 0 ("any other glyph"), which
    /// font compilers do not write. Fonts shaped by other engines (Graphite, Apple's
    /// morx/kerx) are never shaped word by word; an old `kern` table is checked per
    /// script by `appliesLegacyKerning`.
    ///
    /// The answer is the face's, whatever the size: it is kept on the HarfBuzz face, which
    /// Pango shares among the sizes of a font file (a CJK face has hundreds of lookups).
    static func spaceIsIsolated(in pangoFont: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let hbFont = pango_font_get_hb_font(pangoFont) else { return false }
        let face = hb_font_get_face(hbFont)
        if let known = hb_face_get_user_data(face, spaceIsolationKey) { return known == isolated }
        let answer = spaceIsIsolated(face: face, font: hbFont)
        hb_face_set_user_data(face, spaceIsolationKey, answer ? isolated : notIsolated, nil, 1)
        return answer
    }

    /// The key of `spaceIsIsolated`'s answer among a HarfBuzz face's user data, and its two
    /// values (HarfBuzz keeps pointers; nil is "not known"). Never written: HarfBuzz only
    /// compares the key by address.
    private nonisolated(unsafe) static let spaceIsolationKey = UnsafeMutablePointer<hb_user_data_key_t>.allocate(capacity: 1)
    private nonisolated(unsafe) static let isolated = UnsafeMutableRawPointer(bitPattern: 2)!
    private nonisolated(unsafe) static let notIsolated = UnsafeMutableRawPointer(bitPattern: 1)!

    private static func spaceIsIsolated(face: OpaquePointer?, font hbFont: OpaquePointer) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0 else { return false }
        if isShapedByOtherEngine(face) { return false }
        for table in [hbTag("GSUB"), hbTag("GPOS")] {
            // By count, not through the features: a lookup only a context rule calls is
            // reached by no feature, and it may match past the rule's own glyphs.
            for index in 0..<hb_ot_layout_table_get_lookup_count(face, table) {
                let before = hb_set_create(), input = hb_set_create(), after = hb_set_create()
                defer { hb_set_destroy(before); hb_set_destroy(input); hb_set_destroy(after) }
                hb_ot_layout_lookup_collect_glyphs(face, table, index, before, input, after, nil)
                if hb_set_has(before, space) != 0 || hb_set_has(input, space) != 0 || hb_set_has(after, space) != 0 {
                    return false
                }
            }
        }
        return true
    }

    /// Whether HarfBuzz would apply the font's old `kern` table to text of `script` in
    /// `language`: it does when the GPOS script and language system it picks for them
    /// (the same choice made here) has no `kern` feature. Such text is shaped a run at a
    /// time, since that table is not looked into.
    static func appliesLegacyKerning(_ pangoFont: UnsafeMutablePointer<PangoFont>, script: PangoScript,
                                     language: OpaquePointer?) -> Bool {
        guard let hbFont = pango_font_get_hb_font(pangoFont) else { return true }
        let face = hb_font_get_face(hbFont)
        guard hasTable("kern", in: face) else { return false }
        let gpos = hbTag("GPOS")
        // PangoScript is GLib's script, whose ISO 15924 code is HarfBuzz's script tag.
        let hbScript = hb_script_t(rawValue: g_unicode_script_to_iso15924(GUnicodeScript(rawValue: script.rawValue)))
        let hbLanguage: hb_language_t? = language.flatMap { pango_language_to_string($0) }.flatMap { hb_language_from_string($0, -1) }
        var scriptTags = [hb_tag_t](repeating: 0, count: 4), languageTags = [hb_tag_t](repeating: 0, count: 4)
        var scriptCount: UInt32 = 4, languageCount: UInt32 = 4
        hb_ot_tags_from_script_and_language(hbScript, hbLanguage, &scriptCount, &scriptTags, &languageCount, &languageTags)
        var scriptIndex: UInt32 = 0, chosen: hb_tag_t = 0
        hb_ot_layout_table_select_script(face, gpos, scriptCount, &scriptTags, &scriptIndex, &chosen)
        guard scriptIndex != 0xFFFF else { return true }   // HB_OT_LAYOUT_NO_SCRIPT_INDEX
        var languageIndex: UInt32 = 0xFFFF                  // HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX
        hb_ot_layout_script_select_language(face, gpos, scriptIndex, languageCount, &languageTags, &languageIndex)
        var feature: UInt32 = 0
        return hb_ot_layout_language_find_feature(face, gpos, scriptIndex, languageIndex, hbTag("kern"), &feature) == 0
    }

    /// Whether `face` (a HarfBuzz face) has a table `tag` (four characters, `"CFF "`).
    package static func hasTable(_ tag: String, in face: OpaquePointer?) -> Bool {
        let blob = hb_face_reference_table(face, hbTag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// Whether HarfBuzz shapes `face` with Graphite or Apple's tables rather than its
    /// OpenType lookups (which the checks on lookups here cannot see into).
    static func isShapedByOtherEngine(_ face: OpaquePointer?) -> Bool {
        hasTable("Silf", in: face) || hasTable("morx", in: face) || hasTable("kerx", in: face)
    }

    /// A table tag from its four characters.
    static func hbTag(_ s: String) -> hb_tag_t {
        s.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
