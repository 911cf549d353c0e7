import CPango

/// Pango's itemization of a paragraph of Latin text in one style, kept and given again to
/// the next such paragraph in the same style, instead of itemizing it anew.
///
/// Itemizing asks fontconfig, character by character, which font of the style's fontset
/// covers it — 8 % of a novel's render — and for a paragraph of Latin letters and common
/// punctuation in one style the answer is always the same single item: one font, the Latin
/// script, one bidi level, the style's attributes. The reuse holds exactly when each
/// character of the new paragraph would get the same font, so that is checked for each
/// (distinct) character against the fontset, once, and remembered; the script is checked
/// from GLib's table, the level from the paragraph direction (part of the key).
/// `ItemReuseTests` compares reused items with Pango's on the corpus books.
final class ItemReuse {
    /// What decides a single-style paragraph's item besides its characters.
    struct Key: Hashable {
        var font: FontDescriptor
        var features: [String]
        var runLanguage: String?
        var language: String
        var direction: UInt32
    }

    private final class Template {
        let item: UnsafeMutablePointer<PangoItem>
        let fontset: UnsafeMutablePointer<PangoFontset>
        /// Per code point: 0 not yet asked, 1 the fontset gives the item's font, 2 another.
        var sameFont: [UInt8]
        /// Per extra attribute: whether it ran to the paragraph's end (rather than on).
        let endsAtParagraphEnd: [Bool]

        init(item: UnsafeMutablePointer<PangoItem>, fontset: UnsafeMutablePointer<PangoFontset>, endsAtParagraphEnd: [Bool]) {
            self.item = item
            self.fontset = fontset
            self.endsAtParagraphEnd = endsAtParagraphEnd
            sameFont = [UInt8](repeating: 0, count: ItemReuse.tableSize)
        }

        deinit {
            pango_item_free(item)
            g_object_unref(UnsafeMutableRawPointer(fontset))
        }

        /// Whether the fontset gives `cp` the item's font (asked once per code point).
        func givesItemFont(_ cp: Int) -> Bool {
            if sameFont[cp] == 0 {
                let font = pango_fontset_get_font(fontset, guint(cp))
                sameFont[cp] = font.map { UnsafeMutableRawPointer($0) } == item.pointee.analysis.font.map { UnsafeMutableRawPointer($0) } ? 1 : 2
                if let font { g_object_unref(UnsafeMutableRawPointer(font)) }
            }
            return sameFont[cp] == 1
        }
    }

    private var templates: [Key: Template] = [:]
    private static let capacity = 64
    static let tableSize = 0x2100

    /// Per code point below `tableSize`: 2 a Latin letter, 1 a character of the common
    /// script that takes the script of the letters around it, 0 anything else (another
    /// script, marks, controls but tab, format characters, emoji-capable symbols).
    private static let scripts: [UInt8] = {
        var table = [UInt8](repeating: 0, count: tableSize)
        for cp in 0x09..<tableSize {
            let c = gunichar(cp)
            let type = g_unichar_type(c)
            switch type {
            case G_UNICODE_CONTROL where cp != 0x09, G_UNICODE_FORMAT, G_UNICODE_UNASSIGNED, G_UNICODE_PRIVATE_USE, G_UNICODE_SURROGATE,
                 G_UNICODE_NON_SPACING_MARK, G_UNICODE_SPACING_MARK, G_UNICODE_ENCLOSING_MARK,
                 G_UNICODE_LINE_SEPARATOR, G_UNICODE_PARAGRAPH_SEPARATOR:
                continue
            default: break
            }
            if [0x00A9, 0x00AE, 0x203C, 0x2049].contains(cp) { continue }  // may be drawn as emoji
            switch g_unichar_get_script(c) {
            case G_UNICODE_SCRIPT_LATIN: table[cp] = 2
            case G_UNICODE_SCRIPT_COMMON: table[cp] = 1
            default: break
            }
        }
        for cp in 0x0A..<0x20 { table[cp] = 0 }
        return table
    }()

    /// Paragraphs that took a reused item.
    private(set) var reused = 0

    /// Whether `item` is all of `items`, field for field (what `ItemReuseTests` checks).
    static func same(_ item: UnsafeMutablePointer<PangoItem>, _ items: UnsafeMutablePointer<GList>?) -> Bool {
        guard let items, items.pointee.next == nil, let data = items.pointee.data else { return false }
        let other = data.assumingMemoryBound(to: PangoItem.self)
        let a = item.pointee, b = other.pointee
        guard a.offset == b.offset, a.length == b.length, a.num_chars == b.num_chars,
              a.analysis.font == b.analysis.font, a.analysis.level == b.analysis.level,
              a.analysis.gravity == b.analysis.gravity, a.analysis.flags == b.analysis.flags,
              a.analysis.script == b.analysis.script, a.analysis.language == b.analysis.language else { return false }
        var x = a.analysis.extra_attrs, y = b.analysis.extra_attrs
        while let p = x, let q = y {
            let pa = p.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            let qa = q.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            guard pango_attribute_equal(pa, qa) != 0, pa.pointee.start_index == qa.pointee.start_index,
                  pa.pointee.end_index == qa.pointee.end_index else { return false }
            x = p.pointee.next
            y = q.pointee.next
        }
        return x == nil && y == nil
    }

    /// Forgets every template (the fonts changed).
    func forget() { templates.removeAll() }

    /// A copy of the item Pango would make of `text` (the whole paragraph) in the style of
    /// `key`, or nil when no template fits it.
    func item(for key: Key, text: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<PangoItem>? {
        guard let template = templates[key], let characters = Self.characters(of: text, template: template) else { return nil }
        let item = pango_item_copy(template.item)!
        reused += 1
        item.pointee.offset = 0
        item.pointee.length = Int32(text.count)
        item.pointee.num_chars = Int32(characters)
        var node = item.pointee.analysis.extra_attrs
        var k = 0
        while let n = node {
            let attr = n.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            attr.pointee.start_index = 0
            if template.endsAtParagraphEnd[k] { attr.pointee.end_index = guint(text.count) }
            k += 1
            node = n.pointee.next
        }
        return item
    }

    /// Keeps `items`, Pango's itemization of `text` in the style of `key`, as the template
    /// for the style if it is the single item the reuse can give again; `context` is the
    /// one it was itemized in.
    func remember(_ items: UnsafeMutablePointer<GList>?, key: Key, text: UnsafeBufferPointer<UInt8>,
                  context: OpaquePointer, description: OpaquePointer) {
        guard templates[key] == nil, templates.count < Self.capacity, let items, items.pointee.next == nil,
              let data = items.pointee.data else { return }
        let item = data.assumingMemoryBound(to: PangoItem.self)
        guard item.pointee.offset == 0, Int(item.pointee.length) == text.count,
              item.pointee.analysis.script == UInt8(truncatingIfNeeded: PANGO_SCRIPT_LATIN.rawValue),
              item.pointee.analysis.font != nil else { return }
        // The extra attributes cover the whole paragraph (it has one style): from its start,
        // to its end or on.
        var ends: [Bool] = []
        var node = item.pointee.analysis.extra_attrs
        while let n = node {
            let attr = n.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            guard attr.pointee.start_index == 0, Int(attr.pointee.end_index) >= text.count else { return }
            ends.append(Int(attr.pointee.end_index) == text.count)
            node = n.pointee.next
        }
        // The fontset the itemizer chose from: the context's font merged with the style's.
        let merged = pango_font_description_copy(pango_context_get_font_description(context))!
        defer { pango_font_description_free(merged) }
        pango_font_description_merge(merged, description, 1)
        guard let fontMap = pango_context_get_font_map(context),
              let fontset = pango_font_map_load_fontset(fontMap, context, merged, item.pointee.analysis.language) else { return }
        let template = Template(item: pango_item_copy(item)!, fontset: fontset, endsAtParagraphEnd: ends)
        // It must give this paragraph as Pango did, or it is not the itemizer's fontset.
        guard Self.characters(of: text, template: template) != nil else { return }
        templates[key] = template
    }

    /// The number of characters of `text` if each is Latin or common and gets the
    /// template's font, with at least one Latin letter; nil otherwise.
    private static func characters(of text: UnsafeBufferPointer<UInt8>, template: Template) -> Int? {
        var characters = 0
        var latin = false
        let whole = scripts.withUnsafeBufferPointer { scripts in
            ShapingText.forEachBasicCodePoint(in: text) { cp in
                guard cp < tableSize, scripts[cp] != 0, template.givesItemFont(cp) else { return false }
                if scripts[cp] == 2 { latin = true }
                characters += 1
                return true
            }
        }
        return whole && latin ? characters : nil
    }
}
