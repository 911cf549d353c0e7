import CPango

/// Pango's itemization of Latin text in a style, kept and given again to the next paragraph
/// with text in that style, instead of itemizing it anew.
///
/// Itemizing asks fontconfig, character by character, which font of the style's fontset
/// covers it — 8 % of a novel's render — and for a paragraph of Latin letters and common
/// punctuation the answer is always the same: one item for each of its runs of one style
/// (a paragraph with an italic phrase: three), each with the style's font, the Latin
/// script, the paragraph's bidi level and the style's attributes. The reuse holds exactly
/// when each character of the new paragraph would get the same font, so that is checked for
/// each (distinct) character against the style's fontset, once, and remembered; the script
/// is checked from GLib's table (the whole paragraph is one script run, whatever its
/// styles), the level from the paragraph direction (part of the key). `ItemReuseTests`
/// compares reused items with Pango's on the corpus books, in one style and in many.
final class ItemReuse {
    /// What decides the item of a run of text in one style, besides its characters.
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
        /// Per code point below `tableSize`, what it may be in the item, asked once: 0 not
        /// yet asked, 1 a common character, 2 a Latin letter (both given the item's font by
        /// the fontset), 3 neither (another script, or another font).
        var verdicts: [UInt8]
        /// Per extra attribute: whether it ran to the end of its run (rather than on).
        let endsAtRunEnd: [Bool]

        init(item: UnsafeMutablePointer<PangoItem>, fontset: UnsafeMutablePointer<PangoFontset>, endsAtRunEnd: [Bool]) {
            self.item = item
            self.fontset = fontset
            self.endsAtRunEnd = endsAtRunEnd
            verdicts = [UInt8](repeating: 0, count: ItemReuse.tableSize)
        }

        deinit {
            pango_item_free(item)
            g_object_unref(UnsafeMutableRawPointer(fontset))
        }

        /// The verdict on `cp` (see `verdicts`): its script from the table, then whether
        /// the fontset gives it the item's font.
        func verdict(_ cp: Int) -> UInt8 {
            let script = ItemReuse.scripts[cp]
            guard script != 0 else { return 3 }
            let font = pango_fontset_get_font(fontset, guint(cp))
            defer { if let font { g_object_unref(UnsafeMutableRawPointer(font)) } }
            return font.map { UnsafeMutableRawPointer($0) } == item.pointee.analysis.font.map { UnsafeMutableRawPointer($0) } ? script : 3
        }
    }

    private var templates: [Key: Template] = [:]
    private static let capacity = 64
    static let tableSize = 0x2100

    /// Per code point below `tableSize`: 2 a Latin letter, 1 a character of the common
    /// script that takes the script of the letters around it, 0 anything else (another
    /// script, marks, controls but tab, format characters, emoji-capable symbols).
    static let scripts: [UInt8] = {
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

    /// Whether `reused` and `items` are the same items, field for field (what
    /// `ItemReuseTests` checks).
    static func same(_ reused: UnsafeMutablePointer<GList>?, _ items: UnsafeMutablePointer<GList>?) -> Bool {
        var x = reused, y = items
        while let p = x, let q = y {
            guard let a = p.pointee.data, let b = q.pointee.data,
                  same(a.assumingMemoryBound(to: PangoItem.self), b.assumingMemoryBound(to: PangoItem.self)) else { return false }
            x = p.pointee.next
            y = q.pointee.next
        }
        return x == nil && y == nil
    }

    private static func same(_ item: UnsafeMutablePointer<PangoItem>, _ other: UnsafeMutablePointer<PangoItem>) -> Bool {
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

    /// A paragraph's run of text in one style: what decides its item, and its bytes.
    struct Run {
        var key: Key
        var range: Range<Int>
    }

    /// Copies of the items Pango would make of `text` (the whole paragraph) in `runs`, which
    /// cover it in order, one item a run; nil when a run has no template, or its text does
    /// not fit it, or two runs side by side are in the same style (the reuse does not
    /// guess whether Pango would join them).
    func items(for runs: [Run], text: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<GList>? {
        guard Self.cover(runs, text) else { return nil }
        var found: [(template: Template, characters: Int)] = []
        found.reserveCapacity(runs.count)
        var latin = false
        for (i, run) in runs.enumerated() {
            // An attribute that ran on past its run was seen only where it ended the
            // paragraph: beside another run, where it ends is not known.
            guard i == 0 || runs[i - 1].key != run.key, let template = templates[run.key],
                  runs.count == 1 || !template.endsAtRunEnd.contains(false),
                  let (characters, hasLatin) = Self.characters(of: UnsafeBufferPointer(rebasing: text[run.range]), template: template)
            else { return nil }
            latin = latin || hasLatin
            found.append((template, characters))
        }
        // With no Latin letter the paragraph is not of the Latin script.
        guard latin else { return nil }
        var list: UnsafeMutablePointer<GList>? = nil
        for (run, (template, characters)) in zip(runs, found).reversed() {
            let item = pango_item_copy(template.item)!
            item.pointee.offset = Int32(run.range.lowerBound)
            item.pointee.length = Int32(run.range.count)
            item.pointee.num_chars = Int32(characters)
            var node = item.pointee.analysis.extra_attrs
            var k = 0
            while let n = node {
                let attr = n.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
                attr.pointee.start_index = guint(run.range.lowerBound)
                if template.endsAtRunEnd[k] { attr.pointee.end_index = guint(run.range.upperBound) }
                k += 1
                node = n.pointee.next
            }
            list = g_list_prepend(list, item)
        }
        reused += 1
        return list
    }

    /// Keeps the items of `items`, Pango's itemization of `text` in `runs`, as the templates
    /// for their runs' styles where they are the items the reuse can give again; `context`
    /// is the one they were itemized in.
    func remember(_ items: UnsafeMutablePointer<GList>?, runs: [Run], text: UnsafeBufferPointer<UInt8>, context: OpaquePointer) {
        guard Self.cover(runs, text), runs.contains(where: { templates[$0.key] == nil }) else { return }
        // One item a run, or Pango joined or split them some other way: nothing to learn.
        var node = items
        var runItems: [UnsafeMutablePointer<PangoItem>] = []
        for run in runs {
            guard let n = node, let data = n.pointee.data else { return }
            let item = data.assumingMemoryBound(to: PangoItem.self)
            guard Int(item.pointee.offset) == run.range.lowerBound, Int(item.pointee.length) == run.range.count else { return }
            runItems.append(item)
            node = n.pointee.next
        }
        guard node == nil else { return }
        for (i, run) in runs.enumerated() where templates[run.key] == nil && templates.count < Self.capacity {
            if let template = template(runItems[i], run: run, text: text, context: context) {
                templates[run.key] = template
            }
        }
    }

    /// A template made of `item`, Pango's for `run`, if the reuse can give it again.
    private func template(_ item: UnsafeMutablePointer<PangoItem>, run: Run, text: UnsafeBufferPointer<UInt8>,
                          context: OpaquePointer) -> Template? {
        guard item.pointee.analysis.script == UInt8(truncatingIfNeeded: PANGO_SCRIPT_LATIN.rawValue),
              item.pointee.analysis.font != nil else { return nil }
        // The extra attributes cover the whole run (it has one style): from its start, to
        // its end or on.
        var ends: [Bool] = []
        var node = item.pointee.analysis.extra_attrs
        while let n = node {
            let attr = n.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            guard Int(attr.pointee.start_index) == run.range.lowerBound, Int(attr.pointee.end_index) >= run.range.upperBound else { return nil }
            ends.append(Int(attr.pointee.end_index) == run.range.upperBound)
            node = n.pointee.next
        }
        // The fontset the itemizer chose from: the context's font merged with the style's.
        let merged = pango_font_description_copy(pango_context_get_font_description(context))!
        defer { pango_font_description_free(merged) }
        let description = PangoDescription(run.key.font)
        pango_font_description_merge(merged, description.pointer, 1)
        guard let fontMap = pango_context_get_font_map(context),
              let fontset = pango_font_map_load_fontset(fontMap, context, merged, item.pointee.analysis.language) else { return nil }
        let template = Template(item: pango_item_copy(item)!, fontset: fontset, endsAtRunEnd: ends)
        // It must give this run as Pango did, or it is not the itemizer's fontset.
        guard Self.characters(of: UnsafeBufferPointer(rebasing: text[run.range]), template: template) != nil else { return nil }
        return template
    }

    /// Whether `runs` are non-empty and cover `text` in order.
    private static func cover(_ runs: [Run], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = 0
        for run in runs {
            guard run.range.lowerBound == end, !run.range.isEmpty else { return false }
            end = run.range.upperBound
        }
        return end == text.count && end > 0
    }

    /// The number of characters of `text` and whether one is a Latin letter, if each is
    /// Latin or common and gets the template's font; nil otherwise.
    private static func characters(of text: UnsafeBufferPointer<UInt8>, template: Template) -> (count: Int, latin: Bool)? {
        var characters = 0
        var seen: UInt8 = 0
        let whole = template.verdicts.withUnsafeMutableBufferPointer { verdicts in
            ShapingText.forEachBasicCodePoint(in: text) { cp in
                guard cp < tableSize else { return false }
                var v = verdicts[cp]
                if v == 0 {
                    v = template.verdict(cp)
                    verdicts[cp] = v
                }
                seen |= v
                characters += 1
                return v != 3
            }
        }
        return whole ? (characters, seen & 2 != 0) : nil
    }
}
