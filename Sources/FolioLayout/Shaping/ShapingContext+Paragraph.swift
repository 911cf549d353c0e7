import CPango

extension ShapingContext {
    /// Itemizes and shapes one paragraph, and reads its break opportunities.
    ///
    /// - Parameters:
    ///   - text: the paragraph's UTF-8 bytes without its terminator.
    ///   - attributeRuns: the storage's runs, with ranges relative to `text`.
    ///   - typesetting: how the break items stretch, shrink and hyphenate.
    ///   - room: the column the paragraph is expected in, for attachments sized to it
    ///     (nil: none known yet; they keep their natural size until placed).
    func shapeParagraph(text raw: [UInt8], storageOffset: Int, attributeRuns: [(range: Range<Int>, attributes: TextAttributes)],
                        style: ParagraphStyle, defaults: LayoutDefaults,
                        typesetting: TypesettingParameters = .standard, room: AttachmentRoom? = nil) -> ShapedParagraph {
        let text = ShapingText.sanitized(raw)
        var sizedAttachments = false
        // Tate-chū-yoko: in vertical text, short numbers are runs (and items) of their own.
        let upright = defaults.layoutOrientation == .vertical ? TateChuYoko.ranges(in: text) : []
        let resolved = TateChuYoko.split(attributeRuns, at: upright).map { run -> (range: Range<Int>, attributes: TextAttributes) in
            var a = resolvedAttributes.merging(run.attributes, over: defaults.attributes)
            if let role = a.textStyle {
                a.font = (a.font ?? FontDescriptor()).styled(role, contentSize: defaults.contentSizeCategory, scale: defaults.textStyleScale)
            }
            if let attachment = a.attachment, attachment.sizing != .fixed {
                sizedAttachments = true
                if let room { a.attachment = room.fit(attachment) }
            }
            return (range: run.range, attributes: a)
        }
        let firstAttributes = resolved.first?.attributes ?? defaults.attributes
        // The paragraph's language is its first run's, passing over code (`zxx`) it may open with.
        let language = resolved.lazy.compactMap(\.attributes.language).first { $0.lowercased() != "zxx" } ?? defaults.language
        use(language: language)
        // East Asian text gets faces of its region that match the body's style, and the
        // region's language for its glyph forms.
        let region = text.withUnsafeBufferPointer { EastAsianCharacter.mayOccur(in: $0) }
            ? EastAsianFonts.Region(language: language, text: text) : nil
        // Empty, without an array per run, for a paragraph with no East Asian text (most).
        let eastAsianRangesByRun = region == nil ? [] : resolved.map { EastAsianFonts.eastAsianRanges(in: text, $0.range) }
        // Every run of a paragraph with East Asian text, and its base font, fall back to the
        // region's faces, not only the runs that have some: one font request per style
        // instead of two or three (each new request costs a fontconfig match and sort).
        let fallbackRegion = eastAsianRangesByRun.contains { !$0.isEmpty } ? region : nil
        var baseDescriptor = effectiveFont(firstAttributes).descriptor
        if let fallbackRegion { baseDescriptor.families += eastAsianFallbacks(after: baseDescriptor.families, region: fallbackRegion) }
        // Matched in the language its run is itemized in (code's `zxx` too): the same request.
        let baseFont = loadFont(baseDescriptor, in: firstAttributes.language) ?? loadFont(FontDescriptor())!

        let direction: PangoDirection
        switch style.baseWritingDirection {
        case .leftToRight: direction = PANGO_DIRECTION_LTR
        case .rightToLeft: direction = PANGO_DIRECTION_RTL
        case .natural:
            direction = BaseDirection.isRightToLeft(text) ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR
        }
        let shaped = ShapedParagraph(text: text, storageOffset: storageOffset, style: style,
                                     baseLevel: direction == PANGO_DIRECTION_RTL ? 1 : 0,
                                     language: language, baseFont: baseFont)
        shaped.hasSizedAttachments = sizedAttachments
        shaped.attachmentRoom = sizedAttachments ? room : nil
        if let mark = style.continuationMark, !mark.text.isEmpty {
            var a = firstAttributes
            a.attachment = nil
            if let color = mark.color { a.foregroundColor = color }
            let bytes = Array(mark.text.utf8)
            shaped.continuationMark = shapeParagraph(text: bytes, storageOffset: storageOffset, attributeRuns: [(0..<bytes.count, a)],
                                                     style: ParagraphStyle(), defaults: defaults, typesetting: typesetting)
        }
        guard !text.isEmpty else { return shaped }
        use(language: language)   // again: shaping the continuation mark set its own
        // About one glyph and one cluster per byte in most scripts: allocate once.
        shaped.reserve(text.count + 8)

        let attrList = pango_attr_list_new()!
        defer { pango_attr_list_unref(attrList) }
        for (index, run) in resolved.enumerated() {
            let eastAsianRanges = eastAsianRangesByRun.isEmpty ? [] : eastAsianRangesByRun[index]
            let runFont = self.runFont(effectiveFont(run.attributes).descriptor, fallbackRegion: fallbackRegion)
            if let message = runFont.substitution, !shaped.fontSubstitutions.contains(message) {
                shaped.fontSubstitutions.append(message)
            }
            let descriptor = runFont.descriptor
            insert(pango_attr_font_desc_new(runFont.description.pointer), into: attrList, run.range)
            if let region, !eastAsianRanges.isEmpty, EastAsianFonts.isEastAsian(language: language), !region.spacesWords,
               let families = runFont.sharedPunctuationFamilies {
                // Quotes, dashes and ellipses among Chinese or Japanese come from its face
                // (`region` is the fallback region wherever a run has East Asian text).
                assert(fallbackRegion == region)
                for r in EastAsianFonts.sharedPunctuationRanges(in: text, run.range) {
                    insert(pango_attr_family_new(families), into: attrList, r)
                }
            }
            if let region, !eastAsianRanges.isEmpty {
                if run.attributes.language == nil {
                    // On the East Asian text only: Latin words keep their own forms (locl).
                    let tag = EastAsianFonts.isEastAsian(language: language) ? language : region.language
                    for r in eastAsianRanges { insert(pango_attr_language_new(pango_language_from_string(tag)), into: attrList, r) }
                }
                if descriptor.style != .normal, style.eastAsian.italicIdeographs != .slanted {
                    // Ideographs have no italic: emphasis is upright, bold or not.
                    for r in eastAsianRanges {
                        insert(pango_attr_style_new(PANGO_STYLE_NORMAL), into: attrList, r)
                        if style.eastAsian.italicIdeographs == .bold, descriptor.weight.value < 600 {  // .upright, .dots: regular
                            insert(pango_attr_weight_new(PANGO_WEIGHT_BOLD), into: attrList, r)
                        }
                    }
                }
            }
            var features = descriptor.features.map { "\($0.tag)=\($0.value)" }
            if run.attributes.ligatures == false { features += ["liga=0", "clig=0", "dlig=0"] }
            if !features.isEmpty { insert(pango_attr_font_features_new(features.joined(separator: ",")), into: attrList, run.range) }
            if let lang = run.attributes.language {
                insert(pango_attr_language_new(pango_language_from_string(lang)), into: attrList, run.range)
            }
        }

        text.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { buf in
                let base = buf.baseAddress!
                let length = Int32(buf.count)
                // Latin, Greek and Cyrillic text skips Pango's analysis (see LineBreakAnalysis).
                let breakBits = LineBreakAnalysis.bitsByByte(of: raw)
                    ?? LineBreakAnalysis.pangoBitsByByte(of: raw, language: pango_language_from_string(language))

                let vertical = defaults.layoutOrientation == .vertical
                // A paragraph of Latin text may take the items of earlier ones in its styles.
                let reuseRuns = reusesItems ? itemReuseRuns(resolved, language: language, direction: direction,
                                                            vertical: vertical, eastAsian: region != nil) : nil
                let items: UnsafeMutablePointer<GList>?
                if let reuseRuns, let reused = itemReuse.items(for: reuseRuns, text: raw) {
                    items = reused
                    if checksReusedItems {
                        let pango = pango_itemize_with_base_dir(context, direction, base, 0, length, attrList, nil)
                        if !ItemReuse.same(reused, pango) { reusedItemMismatches += 1 }
                        var it = pango
                        while let i = it { pango_item_free(i.pointee.data.assumingMemoryBound(to: PangoItem.self)); it = i.pointee.next }
                        g_list_free(pango)
                    }
                } else {
                    let itemContext = vertical ? verticalContext : context
                    items = pango_itemize_with_base_dir(itemContext, direction, base, 0, length, attrList, nil)
                    if let reuseRuns { itemReuse.remember(items, runs: reuseRuns, text: raw, context: itemContext) }
                }
                defer {
                    var it = items
                    while let i = it { pango_item_free(i.pointee.data.assumingMemoryBound(to: PangoItem.self)); it = i.pointee.next }
                    g_list_free(items)
                }
                var node = items
                var runCursor = 0
                while let n = node {
                    let item = n.pointee.data.assumingMemoryBound(to: PangoItem.self)
                    let itemRange = Int(item.pointee.offset)..<Int(item.pointee.offset + item.pointee.length)
                    // Split the item where the storage's attribute runs change.
                    while runCursor < resolved.count, resolved[runCursor].range.upperBound <= itemRange.lowerBound { runCursor += 1 }
                    var r = runCursor
                    while r < resolved.count, resolved[r].range.lowerBound < itemRange.upperBound {
                        let piece = max(itemRange.lowerBound, resolved[r].range.lowerBound)..<min(itemRange.upperBound, resolved[r].range.upperBound)
                        if !piece.isEmpty {
                            if upright.contains(piece) {
                                appendUprightGroup(to: shaped, piece: piece, attributes: resolved[r].attributes, level: item.pointee.analysis.level,
                                                   defaults: defaults)
                            } else {
                                appendRun(to: shaped, piece: piece, item: item, attributes: resolved[r].attributes, text: base,
                                          length: length, vertical: vertical)
                            }
                        }
                        r += 1
                    }
                    node = n.pointee.next
                }
                assignFlags(shaped, breakBits: breakBits)
            }
        }
        shaped.eastAsian = EastAsianSpacing(shaped, layout: style.eastAsian, parameters: typesetting)
        shaped.breakItems = BreakItems(shaped, justified: shaped.alignment == .justified, parameters: typesetting) { $0.hyphen.width }
        return shaped
    }

    /// `EastAsianFonts.fallbacks`, remembered per first family and region (every run of
    /// East Asian text asks).
    func eastAsianFallbacks(after families: [String], region: EastAsianFonts.Region) -> [String] {
        let key = (families.first ?? "") + "\u{0}" + region.rawValue
        if let known = eastAsianFallbackCache[key] { return known }
        let fallbacks = EastAsianFonts.fallbacks(after: families, region: region)
        eastAsianFallbackCache[key] = fallbacks
        return fallbacks
    }

    /// The runs of a paragraph as the item reuse sees them (`ItemReuse.Run`), or nil where
    /// it never applies: vertical or East Asian text, a right-to-left paragraph (the
    /// neutrals at the ends of its Latin text take the paragraph's level, items of their
    /// own), attachments.
    private func itemReuseRuns(_ resolved: [(range: Range<Int>, attributes: TextAttributes)], language: String,
                               direction: PangoDirection, vertical: Bool, eastAsian: Bool) -> [ItemReuse.Run]? {
        guard !vertical, !eastAsian, direction == PANGO_DIRECTION_LTR, !resolved.isEmpty,
              !resolved.contains(where: { $0.attributes.attachment != nil }) else { return nil }
        return resolved.map { run in
            let a = run.attributes
            let font = effectiveFont(a).descriptor
            var features = font.features.map { "\($0.tag)=\($0.value)" }
            if a.ligatures == false { features += ["liga=0", "clig=0", "dlig=0"] }
            return ItemReuse.Run(key: ItemReuse.Key(font: font, features: features, runLanguage: a.language,
                                                    language: language, direction: direction.rawValue),
                                 range: run.range)
        }
    }

    /// The font a run asks for, after superscript scaling, and the baseline shift it gets.
    func effectiveFont(_ a: TextAttributes) -> (descriptor: FontDescriptor, shift: Double) {
        var d = a.font ?? FontDescriptor()
        d = PostScriptNames.resolving(d)
        if let level = a.superscript, level != 0 {
            for _ in 0..<abs(level) { d.size *= 0.7 }
        }
        return (d, baselineShift(a))
    }

    /// The baseline shift of a run (`effectiveFont`'s), without resolving its font: every
    /// run shaped asks.
    func baselineShift(_ a: TextAttributes) -> Double {
        var shift = a.baselineOffset ?? 0
        if let level = a.superscript, level != 0 {
            // PostScript names resolved change a font's family and face, never its size.
            let base = (a.font ?? FontDescriptor()).size
            shift += Double(level.signum()) * base * (level > 0 ? 0.35 : 0.15) * Double(abs(level))
        }
        return shift
    }

    private func insert(_ attr: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer, _ range: Range<Int>) {
        guard let attr else { return }
        attr.pointee.start_index = UInt32(range.lowerBound)
        attr.pointee.end_index = UInt32(range.upperBound)
        pango_attr_list_insert(list, attr)
    }

    private func appendRun(to p: ShapedParagraph, piece: Range<Int>, item: UnsafeMutablePointer<PangoItem>,
                           attributes: TextAttributes, text: UnsafePointer<CChar>, length: Int32, vertical: Bool = false) {
        let level = item.pointee.analysis.level
        let rtl = level & 1 == 1
        let font = item.pointee.analysis.font.map { self.font(for: $0) } ?? p.baseFont
        let expansion = attributes.expansion ?? 1
        let tracking = attributes.tracking ?? 0
        let glyphStart = p.glyphs.count
        let clusterFirst = p.clusterCount
        let shift = baselineShift(attributes)

        if let attachment = attributes.attachment {
            // The image stands in for the characters it is set on: one cluster, its width.
            p.glyphs.append(PANGO_GLYPH_EMPTY)
            p.advances.append(attachment.bounds.width + tracking)
            p.xOffsets.append(0); p.yOffsets.append(0)
            p.clusterStart.append(Int32(piece.lowerBound)); p.clusterEnd.append(Int32(piece.upperBound))
            p.clusterWidth.append(attachment.bounds.width + tracking)
            p.clusterRun.append(Int32(p.runs.count))
            p.clusterGlyphStart.append(Int32(glyphStart)); p.clusterGlyphEnd.append(Int32(glyphStart + 1))
        } else {
            shapeGlyphs(piece, item: item, font: font, attributes: attributes, text: text, length: length, wordByWord: !vertical)
            let n = runGlyphs.count
            let scale = 1 / Double(PANGO_SCALE)
            // The paragraph's arrays are taken out of it while the run is added, so each
            // append is to an array held once, not through the class (an exclusivity and a
            // uniqueness check a glyph, 4 % of a novel's render).
            var glyphs = p.glyphs, advances = p.advances, xOffsets = p.xOffsets, yOffsets = p.yOffsets
            p.glyphs = []; p.advances = []; p.xOffsets = []; p.yOffsets = []
            // The run's slots are added at once and written through pointers: a uniqueness
            // check an array a run, not one an element.
            glyphs.append(contentsOf: repeatElement(0, count: n))
            advances.append(contentsOf: repeatElement(0, count: n))
            xOffsets.append(contentsOf: repeatElement(0, count: n))
            yOffsets.append(contentsOf: repeatElement(0, count: n))
            var missing = false, missingEastAsian = false
            do {
                let infos = runGlyphs.values
                glyphs.withUnsafeMutableBufferPointer { glyphs in
                    advances.withUnsafeMutableBufferPointer { advances in
                        xOffsets.withUnsafeMutableBufferPointer { xOffsets in
                            yOffsets.withUnsafeMutableBufferPointer { yOffsets in
                                for i in 0..<n {
                                    let g = infos[i]
                                    var glyph = g.glyph
                                    if glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                                        // Pango's "unknown" glyphs carry the character, not a glyph of the
                                        // font: drawn as they are, they reach the PDF's font subset, and
                                        // cairo's CFF subsetter (CJK fonts) aborts on an index that large.
                                        // A missing character becomes the font's .notdef box, an invisible
                                        // one nothing.
                                        let codepoint = glyph & ~PANGO_GLYPH_UNKNOWN_FLAG
                                        if glyph == PANGO_GLYPH_INVALID_INPUT || ShapingContext.isInvisible(codepoint) {
                                            glyph = PANGO_GLYPH_EMPTY
                                        } else {
                                            missing = true
                                            let k = EastAsianCharacter.of(codepoint, style: .simplified)
                                            if k.isEastAsian || k == .hangul { missingEastAsian = true }
                                            glyph = 0
                                        }
                                    }
                                    glyphs[glyphStart + i] = glyph
                                    advances[glyphStart + i] = Double(g.geometry.width) * scale * expansion
                                    xOffsets[glyphStart + i] = Double(g.geometry.x_offset) * scale * expansion
                                    yOffsets[glyphStart + i] = Double(g.geometry.y_offset) * scale
                                }
                            }
                        }
                    }
                }
            }
            if missing { p.hasMissingGlyphs = true }
            if missingEastAsian { p.missesEastAsianFont = true }
            // Group glyphs into clusters (visual order), then store them logically: a
            // right-to-left run's last to first.
            var clusterStart = p.clusterStart, clusterEnd = p.clusterEnd, clusterWidth = p.clusterWidth
            var clusterRun = p.clusterRun, clusterGlyphStart = p.clusterGlyphStart, clusterGlyphEnd = p.clusterGlyphEnd
            p.clusterStart = []; p.clusterEnd = []; p.clusterWidth = []
            p.clusterRun = []; p.clusterGlyphStart = []; p.clusterGlyphEnd = []
            let runIndex = Int32(p.runs.count)
            do {
                let logClusters = runClusters.values
                var groups = 0
                var i = 0
                while i < n {
                    let cluster = logClusters[i]
                    i += 1
                    while i < n, logClusters[i] == cluster { i += 1 }
                    groups += 1
                }
                let first = clusterStart.count
                clusterStart.append(contentsOf: repeatElement(0, count: groups))
                clusterEnd.append(contentsOf: repeatElement(0, count: groups))
                clusterWidth.append(contentsOf: repeatElement(0, count: groups))
                clusterRun.append(contentsOf: repeatElement(runIndex, count: groups))
                clusterGlyphStart.append(contentsOf: repeatElement(0, count: groups))
                clusterGlyphEnd.append(contentsOf: repeatElement(0, count: groups))
                clusterStart.withUnsafeMutableBufferPointer { starts in
                    clusterEnd.withUnsafeMutableBufferPointer { ends in
                        clusterWidth.withUnsafeMutableBufferPointer { widths in
                            clusterGlyphStart.withUnsafeMutableBufferPointer { glyphStarts in
                                clusterGlyphEnd.withUnsafeMutableBufferPointer { glyphEnds in
                                    advances.withUnsafeMutableBufferPointer { advances in
                                        var k = 0, i = 0
                                        var previousByte = piece.upperBound
                                        while i < n {
                                            let cluster = logClusters[i]
                                            var j = i + 1
                                            while j < n, logClusters[j] == cluster { j += 1 }
                                            let byte = piece.lowerBound + Int(cluster)
                                            let end = rtl ? previousByte : (j < n ? piece.lowerBound + Int(logClusters[j]) : piece.upperBound)
                                            let slot = first + (rtl ? groups - 1 - k : k)
                                            var width = 0.0
                                            for g in (glyphStart + i)..<(glyphStart + j) { width += advances[g] }
                                            if tracking != 0 {
                                                advances[glyphStart + i] += tracking
                                                width += tracking
                                            }
                                            starts[slot] = Int32(byte); ends[slot] = Int32(end)
                                            widths[slot] = width
                                            glyphStarts[slot] = Int32(glyphStart + i); glyphEnds[slot] = Int32(glyphStart + j)
                                            previousByte = byte
                                            k += 1
                                            i = j
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            p.glyphs = glyphs; p.advances = advances; p.xOffsets = xOffsets; p.yOffsets = yOffsets
            p.clusterStart = clusterStart; p.clusterEnd = clusterEnd; p.clusterWidth = clusterWidth
            p.clusterRun = clusterRun; p.clusterGlyphStart = clusterGlyphStart; p.clusterGlyphEnd = clusterGlyphEnd
        }
        p.runs.append(.init(byteRange: piece, glyphRange: glyphStart..<p.glyphs.count,
                            clusterRange: clusterFirst..<p.clusterCount, font: font, level: level,
                            attributes: attributes, baselineShift: shift, attachment: attributes.attachment))
    }

    /// A tate-chū-yoko group: `piece` of the paragraph shaped horizontally, stood upright
    /// across the line as one cluster an em long (narrowed to fit when wider).
    private func appendUprightGroup(to p: ShapedParagraph, piece: Range<Int>, attributes: TextAttributes, level: UInt8,
                                    defaults: LayoutDefaults) {
        var horizontal = defaults
        horizontal.layoutOrientation = .horizontal
        let bytes = Array(p.text[piece])
        let across = shapeParagraph(text: bytes, storageOffset: 0, attributeRuns: [(0..<bytes.count, attributes)],
                                    style: ParagraphStyle(), defaults: horizontal)
        guard let run = across.runs.first else { return }
        var offsets: [Double] = [], x = 0.0
        for g in across.glyphs.indices { offsets.append(x + across.xOffsets[g]); x += across.advances[g] }
        let em = run.font.size
        let glyphStart = p.glyphs.count
        p.glyphs.append(PANGO_GLYPH_EMPTY)
        p.advances.append(em); p.xOffsets.append(0); p.yOffsets.append(0)
        p.clusterStart.append(Int32(piece.lowerBound)); p.clusterEnd.append(Int32(piece.upperBound))
        p.clusterWidth.append(em)
        p.clusterRun.append(Int32(p.runs.count))
        p.clusterGlyphStart.append(Int32(glyphStart)); p.clusterGlyphEnd.append(Int32(glyphStart + 1))
        p.uprightGroups[p.runs.count] = UprightGroup(font: run.font, glyphs: across.glyphs, offsets: offsets, width: x)
        p.runs.append(.init(byteRange: piece, glyphRange: glyphStart..<p.glyphs.count, clusterRange: (p.clusterCount - 1)..<p.clusterCount,
                            font: run.font, level: level, attributes: attributes, baselineShift: 0, attachment: nil))
    }

    /// The clusters' flags, from the line-break analysis (`breakBits`, at each character's
    /// first byte) and the characters themselves.
    private func assignFlags(_ p: ShapedParagraph, breakBits: [UInt8]) {
        let text = p.text
        let wrap = p.style.lineBreakMode
        let n = p.clusterCount
        let clusterStart = p.clusterStart
        var hasTabs = false
        // Written in place, not through the paragraph's property cluster by cluster (each
        // write there checks the array is the paragraph's alone).
        p.clusterFlags = [ShapedParagraph.ClusterFlags](unsafeUninitializedCapacity: n) { flags, written in
            // Bits that give a cluster a flag; the cursor position only when breaking anywhere.
            let telling = LineBreakAnalysis.lineBreak | LineBreakAnalysis.mandatoryBreak | LineBreakAnalysis.white
                | (wrap == .charWrap ? LineBreakAnalysis.cursorPosition : 0)
            for c in 0..<n {
                let start = Int(clusterStart[c])
                let bits = breakBits[start]
                let b = text[start]
                // Most clusters are letters inside a word: no flag, and nothing more to look at.
                if bits & telling == 0, b < 0x80 ? b != 0x09 && b != 0x2D : b != 0xE2 && b != 0xC2 {
                    flags.initializeElement(at: c, to: [])
                    continue
                }
                var f: ShapedParagraph.ClusterFlags = []
                if start > 0 {
                    if bits & LineBreakAnalysis.mandatoryBreak != 0 { f.insert(.mandatoryBefore) }
                    if bits & LineBreakAnalysis.lineBreak != 0 && !Self.isDashAfterWord(text, at: start) && !Self.followsOpeningDash(text, at: start)
                        || (wrap == .charWrap && bits & LineBreakAnalysis.cursorPosition != 0) {
                        f.insert(.breakBefore)
                    }
                }
                if b == 0x09 { f.insert(.tab); hasTabs = true }
                // U+3000, the ideographic space, is an empty ideograph: it keeps its em.
                else if bits & LineBreakAnalysis.white != 0 && b != 0xE2 && !(b == 0xE3 && start + 2 < text.count && text[start + 1] == 0x80 && text[start + 2] == 0x80) {
                    f.insert(.space)
                }
                if b == 0x2D { f.insert(.hyphenLike) }
                if b == 0xE2, start + 2 < text.count, text[start + 1] == 0x80 {
                    switch text[start + 2] {
                    case 0x90, 0x91, 0x93, 0x94: f.insert(.hyphenLike)   // ‐ ‑ – —
                    case 0xA8: f.insert(.lineSeparator)                  // U+2028
                    case 0x80...0x8A, 0xAF: f.insert(.space)             // en/em spaces, thin, hair
                    default: break
                    }
                }
                if b == 0xC2, start + 1 < text.count, text[start + 1] == 0xA0 { f.insert(.space) }   // no-break space
                flags.initializeElement(at: c, to: f)
            }
            written = n
        }
        if hasTabs { p.hasTabs = true }
    }

    /// Characters no font draws (tabs, line and paragraph separators, other controls):
    /// Pango shapes them as "unknown", but nothing is missing.
    static func isInvisible(_ codepoint: UInt32) -> Bool {
        codepoint < 0x20 || (0x7F...0x9F).contains(codepoint) || codepoint == 0x2028 || codepoint == 0x2029
            || codepoint == 0xAD || (0x200B...0x200F).contains(codepoint) || (0x2060...0x2064).contains(codepoint)
    }

    /// Whether an em dash starts at byte `i` right after a word (`word—word`): UAX #14
    /// lets a line break before it, but a line starting with a dash reads as a new speaker
    /// or an aside, so, as TeX does, the line breaks only after it. Among Chinese or
    /// Japanese (`——` after an ideograph) the rules of kinsoku apply instead.
    /// Whether byte `i` follows an em dash that opens an aside (`said —indeed— that`: the dash
    /// after a space or at the paragraph's start): a line ending in it would leave the dash
    /// hanging apart from its word, so the line breaks before it instead (TeX's practice).
    static func followsOpeningDash(_ text: [UInt8], at i: Int) -> Bool {
        guard i >= 3, text[i - 3] == 0xE2, text[i - 2] == 0x80, text[i - 1] == 0x94, i < text.count,
              text[i] != 0x20, text[i] != 0x09 else { return false }
        if i == 3 { return true }
        let before = text[i - 4]
        return before == 0x20 || before == 0x09 || before == 0x0A
    }

    static func isDashAfterWord(_ text: [UInt8], at i: Int) -> Bool {
        guard i + 2 < text.count, text[i] == 0xE2, text[i + 1] == 0x80, text[i + 2] == 0x94, i > 0 else { return false }
        let before = text[i - 1]
        if before < 0x80 { return before != 0x20 && before != 0x09 }
        // After a closing quote (’ or ”) ending a word.
        return i >= 3 && text[i - 3] == 0xE2 && text[i - 2] == 0x80 && (text[i - 1] == 0x99 || text[i - 1] == 0x9D)
    }
}
