import CPango

/// Shaping a run's glyphs through the word cache: word by word where the font's lookups
/// never read the space, a character at a time where they never read an East Asian
/// character (`StandaloneCharacters`), and the pieces the cache lacks shaped together.
extension ShapingContext {
    /// Shapes `piece` of `item` into `runGlyphs` and `runClusters` (cluster byte offsets
    /// from the piece's start), word by word through the cache when the font allows.
    func shapeGlyphs(_ piece: Range<Int>, item: UnsafeMutablePointer<PangoItem>, font: Font,
                     attributes: TextAttributes, text: UnsafePointer<CChar>, length: Int32, wordByWord: Bool = true) {
        runGlyphs.removeAll()
        runClusters.removeAll()
        var analysis = item.pointee.analysis
        // Shapes text[start..<end] with Pango, appending its glyphs; the paragraph is
        // the context, as for the whole piece.
        func shape(_ range: Range<Int>) {
            missingGlyphBoxes.prepare(analysis.font, for: text, range)
            pango_shape_with_flags(text + range.lowerBound, Int32(range.count), text, length, &analysis, glyphString,
                                   PANGO_SHAPE_NONE)
            let n = Int(glyphString.pointee.num_glyphs)
            let offset = Int32(range.lowerBound - piece.lowerBound)
            runGlyphs.append(contentsOf: UnsafeBufferPointer(start: glyphString.pointee.glyphs, count: n))
            let clusters = runClusters.append(count: n)
            for i in 0..<n { clusters[i] = glyphString.pointee.log_clusters[i] + offset }
        }
        guard usesWordCache, wordByWord, analysis.level & 1 == 0, font.shapesWordByWord || font.hasIdeographs,
              font.pangoFont == analysis.font else {
            shape(piece)
            return
        }
        // The features the run asks for (resolving a PostScript name or a superscript's size
        // leaves them as they are).
        let asked = attributes.font?.features ?? []
        let features = (asked.isEmpty ? "" : asked.map { "\($0.tag)=\($0.value)" }.joined(separator: ","))
            + (attributes.ligatures == false ? ";noliga" : "")
        guard let variant = wordCache.variantID(.init(font: font.pangoFont, features: features,
                                                      language: analysis.language, script: Int32(analysis.script)))
        else {
            shape(piece)
            return
        }
        let standalone = font.hasIdeographs ? wordCache.standaloneCharacters(variant: variant, analysis: analysis) : nil
        guard font.shapesWordByWord || standalone != nil else {
            shape(piece)
            return
        }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        // The words found in the cache, and those not: shaped together in one call to Pango
        // when there are several (a call costs some 6 000 instructions besides its glyphs).
        wordPlan.removeAll()
        var missed = 0
        func plan(_ range: Range<Int>) {
            let found = wordCache.find(UnsafeBufferPointer(rebasing: bytes[range]), variant: variant)
            if found == nil { missed += 1 }
            wordPlan.append(count: 1).initialize(to: WordPlan(start: Int32(range.lowerBound), end: Int32(range.upperBound), found: found))
        }
        // Text between standalone characters: word by word where the font allows, else whole.
        func planWords(_ range: Range<Int>) {
            guard font.shapesWordByWord else { return plan(range) }
            var start = range.lowerBound
            while start < range.upperBound {
                let end = WordShapeCache.wordEnd(in: bytes, from: start, to: range.upperBound)
                plan(start..<end)
                start = end
            }
        }
        if let standalone {
            var from = piece.lowerBound
            for c in StandaloneSplit(bytes, piece, standalone) {
                if from < c.lowerBound { planWords(from..<c.lowerBound) }
                plan(c)
                from = c.upperBound
            }
            if from < piece.upperBound { planWords(from..<piece.upperBound) }
        } else {
            planWords(piece)
        }
        if missed > 1 {
            if standalone != nil {
                shapeMissedStretches(bytes: bytes, text: text, length: length, analysis: &analysis, variant: variant)
            } else {
                shapeMissedWords(bytes: bytes, analysis: &analysis, variant: variant)
            }
        }
        for w in wordPlan.values {
            let offset = w.start - Int32(piece.lowerBound)
            if let found = w.found {
                wordCache.append(found, clusterOffset: offset, glyphs: runGlyphs, clusters: runClusters)
            } else if w.firstGlyph >= 0 {
                // Shaped with the other missed words.
                let count = Int(w.glyphCount), first = Int(w.firstGlyph)
                let glyphs = runGlyphs.append(count: count), clusters = runClusters.append(count: count)
                let shapedGlyphs = missedGlyphs.values, shapedClusters = missedClusters.values
                for k in 0..<count {
                    glyphs[k] = shapedGlyphs[first + k]
                    clusters[k] = shapedClusters[first + k] + offset
                }
            } else {
                let word = UnsafeBufferPointer(rebasing: bytes[Int(w.start)..<Int(w.end)])
                shape(Int(w.start)..<Int(w.end))
                let n = Int(glyphString.pointee.num_glyphs)
                wordCache.insert(word, variant: variant,
                                 glyphs: UnsafeBufferPointer(start: glyphString.pointee.glyphs, count: n),
                                 clusters: UnsafeBufferPointer(start: glyphString.pointee.log_clusters, count: n))
            }
        }
    }

    /// Shapes the words of `wordPlan` the cache lacks in one call to Pango, one after the
    /// other in a text of their own, and gives each its glyphs (in `missedGlyphs`, with
    /// clusters from the word's own start in `missedClusters`) and a place in the cache.
    ///
    /// Each word ends in its spaces, but the piece's last, which stays last; the font's
    /// lookups never reach across a space (`Font.shapesWordByWord`, which the cache relies on, as
    /// a cached word is given again in other text): so a word shaped among others gets
    /// the glyphs it gets alone.
    private func shapeMissedWords(bytes: UnsafeBufferPointer<UInt8>, analysis: inout PangoAnalysis, variant: Int32) {
        let plan = UnsafeMutableBufferPointer(mutating: wordPlan.values)
        missedText.removeAll()
        for w in plan where w.found == nil {
            missedText.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(w.start)..<Int(w.end)]))
        }
        let length = missedText.count
        missedText.append(count: 1).initialize(to: 0)
        let text = UnsafeRawPointer(missedText.values.baseAddress!).assumingMemoryBound(to: CChar.self)
        missingGlyphBoxes.prepare(analysis.font, for: text, 0..<length)
        pango_shape_with_flags(text, Int32(length), text, Int32(length), &analysis, glyphString, PANGO_SHAPE_NONE)
        let n = Int(glyphString.pointee.num_glyphs)
        missedGlyphs.removeAll()
        missedClusters.removeAll()
        missedGlyphs.append(contentsOf: UnsafeBufferPointer(start: glyphString.pointee.glyphs, count: n))
        missedClusters.append(contentsOf: UnsafeBufferPointer(start: glyphString.pointee.log_clusters, count: n))
        let glyphs = missedGlyphs.values
        let clusters = UnsafeMutableBufferPointer(mutating: missedClusters.values)
        // Left to right, clusters never decrease: the words' glyphs follow one another in
        // the order of the words.
        var g = 0, at: Int32 = 0
        for i in plan.indices where plan[i].found == nil {
            let to = at + plan[i].end - plan[i].start
            let first = g
            while g < n, clusters[g] < to { clusters[g] -= at; g += 1 }
            plan[i].firstGlyph = Int32(first)
            plan[i].glyphCount = Int32(g - first)
            wordCache.insert(UnsafeBufferPointer(rebasing: bytes[Int(plan[i].start)..<Int(plan[i].end)]), variant: variant,
                             glyphs: UnsafeBufferPointer(rebasing: glyphs[first..<g]),
                             clusters: UnsafeBufferPointer(rebasing: clusters[first..<g]))
            at = to
        }
    }

    /// Shapes the pieces of `wordPlan` the cache lacks where they stand, each stretch of
    /// them that follow one another in one call to Pango, and gives each its glyphs (as
    /// `shapeMissedWords` does) and a place in the cache. Unlike words ending in spaces,
    /// the pieces of text between standalone characters must not be shaped side by side
    /// out of place: two of them may kern against each other.
    private func shapeMissedStretches(bytes: UnsafeBufferPointer<UInt8>, text: UnsafePointer<CChar>, length: Int32,
                                      analysis: inout PangoAnalysis, variant: Int32) {
        let plan = UnsafeMutableBufferPointer(mutating: wordPlan.values)
        missedGlyphs.removeAll()
        missedClusters.removeAll()
        var i = 0
        while i < plan.count {
            guard plan[i].found == nil else { i += 1; continue }
            var last = i
            while last + 1 < plan.count, plan[last + 1].found == nil { last += 1 }
            let range = Int(plan[i].start)..<Int(plan[last].end)
            missingGlyphBoxes.prepare(analysis.font, for: text, range)
            pango_shape_with_flags(text + range.lowerBound, Int32(range.count), text, length, &analysis, glyphString, PANGO_SHAPE_NONE)
            let n = Int(glyphString.pointee.num_glyphs)
            let glyphs = UnsafeBufferPointer(start: glyphString.pointee.glyphs, count: n)
            let clusters = UnsafeBufferPointer(start: glyphString.pointee.log_clusters, count: n)
            // Left to right, clusters never decrease: each piece's glyphs follow the one
            // before's. A piece whose first glyph is not its own (a glyph deleted at its
            // start has its cluster merged with the next's) leaves the stretch uncached.
            var g = 0
            var separate = true
            for k in i...last {
                let from = plan[k].start - Int32(range.lowerBound), to = plan[k].end - Int32(range.lowerBound)
                let first = g, stored = missedGlyphs.count
                while g < n, clusters[g] < to { g += 1 }
                let count = g - first
                if count == 0 || clusters[first] != from { separate = false }
                missedGlyphs.append(contentsOf: UnsafeBufferPointer(rebasing: glyphs[first..<g]))
                let relative = missedClusters.append(count: count)
                for j in 0..<count { relative[j] = clusters[first + j] - from }
                plan[k].firstGlyph = Int32(stored)
                plan[k].glyphCount = Int32(count)
            }
            for k in i...last where separate {
                let stored = Int(plan[k].firstGlyph), count = Int(plan[k].glyphCount)
                wordCache.insert(UnsafeBufferPointer(rebasing: bytes[Int(plan[k].start)..<Int(plan[k].end)]), variant: variant,
                                 glyphs: UnsafeBufferPointer(rebasing: missedGlyphs.values[stored..<(stored + count)]),
                                 clusters: UnsafeBufferPointer(rebasing: missedClusters.values[stored..<(stored + count)]))
            }
            i = last + 1
        }
    }
}
