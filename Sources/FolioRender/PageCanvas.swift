import CCairo
import FolioLayout
import Foundation

/// Draws laid-out text onto one page of a PDF or PNG: glyphs from the shaped runs and
/// their decorations — backgrounds, shadows, outlines, underlines, strikethroughs — inline
/// images, and link annotations. The same code draws every kind of output.
///
/// A canvas comes from `PDFDocument.canvas` or `PNGRenderer.renderPage`, and is valid
/// only until its page ends (`endPage()`, or the end of the drawing closure).
public struct PageCanvas {
    let cr: OpaquePointer
    let images: ImageCache
    /// The fonts glyphs are drawn with (`DrawingFonts`), the document's.
    let fonts: DrawingFonts
    /// What the document's font subsets know of each glyph's text (PDF only): runs it
    /// knows entirely are drawn without their text, to the same bytes.
    var glyphTexts: GlyphTextMap? = nil
    /// The array a run's glyphs are handed to cairo in, kept from run to run.
    let glyphBuffer = GlyphBuffer()
    /// The namespace of destination names on this canvas: with one, `addDestination` and
    /// links written `#name` use `SCOPE:name`, so that each record of a mail merge has its
    /// own anchors and its links go to them; nil (the default): names as written.
    public var destinationScope: String?
    /// Custom drawing around and in place of each line's and run's (see
    /// `TextDrawingDelegate`); nil draws as standard.
    public var textDrawing: (any TextDrawingDelegate)?

    /// Draws the line fragments of container `index` of `layoutManager` with the
    /// container's origin at `origin` on the page.
    public func draw(_ layoutManager: LayoutManager, containerAt index: Int, at origin: Point) {
        draw(fragments: layoutManager.lineFragments(inContainerAt: index), at: origin)
    }

    /// Draws `fragments` (in container coordinates) with the container's origin at `origin`.
    ///
    /// Drawn in layers so that nothing covers text drawn before it: first every
    /// background, then every shadow, then glyphs, outlines, lines, images and links.
    public func draw(fragments: some Sequence<LineFragment>, at origin: Point) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        drawLayers(Array(fragments))
        cairo_restore(cr)
    }

    /// Draws `fragments` of a vertical container (`TextLayoutOrientation.vertical`): its
    /// line space turned a quarter turn clockwise into `rect`, so that its first line is
    /// the rightmost column of text and each line runs down from the rect's top.
    public func draw(fragments: some Sequence<LineFragment>, turnedInto rect: Rect) {
        cairo_save(cr)
        cairo_translate(cr, rect.maxX, rect.minY)
        cairo_rotate(cr, .pi / 2)
        drawLayers(Array(fragments))
        cairo_restore(cr)
    }

    private func drawLayers(_ fragments: [LineFragment]) {
        drawDecorations(of: fragments)
        guard let hooks = textDrawing else {
            for fragment in fragments { for run in fragment.glyphRuns { drawBackground(run) } }
            for fragment in fragments { for run in fragment.glyphRuns where run.attributes.shadow != nil { drawShadow(run) } }
            for fragment in fragments { for run in fragment.glyphRuns { draw(run) } }
            return
        }
        for fragment in fragments {
            isolated { hooks.drawBackground(of: fragment, in: self) }
            for run in fragment.glyphRuns {
                isolated { hooks.drawBackground(of: run, in: fragment, canvas: self) { drawBackground(run) } }
            }
        }
        for fragment in fragments { for run in fragment.glyphRuns where run.attributes.shadow != nil { drawShadow(run) } }
        for fragment in fragments {
            for run in fragment.glyphRuns {
                isolated { hooks.drawGlyphs(of: run, in: fragment, canvas: self) { draw(run) } }
            }
            isolated { hooks.drawForeground(of: fragment, in: self) }
        }
    }

    /// Runs custom drawing with the graphics state saved around it, so that what it sets
    /// (a colour, a line width, a transform) does not leak into what is drawn next.
    private func isolated(_ body: () -> Void) {
        cairo_save(cr)
        body()
        cairo_restore(cr)
    }

    /// Tables' backgrounds under their borders and rules; of two lines in one place the
    /// thicker is drawn last, so it wins as CSS's collapsing borders say.
    private func drawDecorations(of fragments: [LineFragment]) {
        guard fragments.contains(where: { !$0.decorations.isEmpty }) else { return }
        var lines: [(Point, Point, TableBorder)] = []
        for fragment in fragments {
            for d in fragment.decorations {
                switch d {
                case .background(let r, let color):
                    setColor(color)
                    cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                    cairo_fill(cr)
                case .line(let a, let b, let border) where border.width > 0:
                    lines.append((a, b, border))
                case .line: break
                }
            }
        }
        // Stable: equal widths keep their order, so output is the same every run.
        let ordered = lines.enumerated().sorted { ($0.element.2.width, $0.offset) < ($1.element.2.width, $1.offset) }
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        for (_, (a, b, border)) in ordered {
            setColor(border.color)
            cairo_set_line_width(cr, border.width)
            cairo_move_to(cr, a.x, a.y)
            cairo_line_to(cr, b.x, b.y)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// Strokes the outline of a rect (guides, boxes around measured text).
    public func strokeRect(_ rect: Rect, color: Color = .gray, width: Double = 0.5) {
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_stroke(cr)
    }

    /// Draws a straight line (a column rule, a border).
    public func strokeLine(from a: Point, to b: Point, color: Color = .black, width: Double = 0.5) {
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_stroke(cr)
    }

    /// Fills `rect` with `color` (a rule, a band, a fold mark).
    public func fillRect(_ rect: Rect, color: Color) {
        setColor(color)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Draws the PNG or JPEG at `path` as large as fits in `rect` keeping its aspect
    /// ratio, placed in the room left over by `anchor` — fractions from the left and the
    /// top, `(0.5, 0.5)` centred, `(1, 0)` top right; a missing image leaves a red frame.
    public func drawImage(atPath path: String, fitting rect: Rect, anchor: Point = Point(x: 0.5, y: 0.5)) {
        guard let size = try? ImageInfo.pixelSize(ofImageAt: path) else { return drawImage(path, in: rect) }
        let scale = min(rect.width / size.width, rect.height / size.height)
        let w = size.width * scale, h = size.height * scale
        drawImage(path, in: Rect(x: rect.minX + (rect.width - w) * anchor.x, y: rect.minY + (rect.height - h) * anchor.y, width: w, height: h))
    }

    /// Strokes `path` (container coordinates) with the container's origin at `origin`:
    /// the outline of an exclusion or a shape, drawn as a guide.
    public func stroke(_ path: BezierPath, at origin: Point = Point(x: 0, y: 0), color: Color = .gray, width: Double = 0.5) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        addPath(path)
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Fills `path` with `color`, its coordinates moved by `origin` (a rounded highlight
    /// behind a word, a shape under a line); the non-zero winding rule decides what is inside.
    public func fill(_ path: BezierPath, at origin: Point = Point(x: 0, y: 0), color: Color) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        addPath(path)
        setColor(color)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    private func addPath(_ path: BezierPath) {
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let p, let a, let b): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    // MARK: Runs

    func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    private func drawBackground(_ run: GlyphRun) {
        guard let bg = run.attributes.backgroundColor else { return }
        setColor(bg)
        cairo_rectangle(cr, run.bounds.minX, run.bounds.minY, run.bounds.width, run.bounds.height)
        cairo_fill(cr)
    }

    private func drawShadow(_ run: GlyphRun) {
        guard let shadow = run.attributes.shadow, run.attachment == nil, !run.glyphs.isEmpty else { return }
        setFont(run)
        var glyphs = cairoGlyphs(run)
        defer { glyphBuffer.keep(glyphs) }
        if let centre = run.uprightCentre {
            // Tate-chū-yoko glyphs are placed in their own, turned frame (see `draw(_:)`).
            cairo_save(cr)
            cairo_translate(cr, centre.x, centre.y)
            cairo_rotate(cr, -.pi / 2)
        }
        defer { if run.uprightCentre != nil { cairo_restore(cr) } }
        // Blur is approximated by faint copies: one at the offset and a ring of eight
        // around it. Each copy's opacity is chosen so that where all of them overlap the
        // shadow has the colour's own opacity, fading towards the edges.
        let r = shadow.blurRadius / 2
        let copies: [(Double, Double)] = shadow.blurRadius > 0
            ? [(0, 0)] + (0..<8).map { k in let t = Double(k) * .pi / 4; return (cos(t) * r, sin(t) * r) }
            : [(0, 0)]
        var c = shadow.color
        c.alpha = 1 - pow(1 - min(max(c.alpha, 0), 1), 1 / Double(copies.count))
        setColor(c)
        for (dx, dy) in copies {
            cairo_save(cr)
            cairo_translate(cr, shadow.offset.x + dx, shadow.offset.y + dy)
            // Filled as outlines, not shown as text, so copied text has no doubles.
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Pango's empty glyph (a tab, a control character): nothing to draw, and no glyph
    /// of any font (a CFF font's subsetter aborts on it).
    static let emptyGlyph: UInt32 = 0x0FFF_FFFF

    /// `run`'s glyphs for cairo, in the canvas's buffer (hand it back with `glyphBuffer.keep`).
    private func cairoGlyphs(_ run: GlyphRun) -> [cairo_glyph_t] {
        var glyphs = glyphBuffer.take()
        glyphs.removeAll(keepingCapacity: true)
        glyphs.reserveCapacity(run.glyphs.count)
        for i in run.glyphs.indices where run.glyphs[i] != PageCanvas.emptyGlyph {
            glyphs.append(cairo_glyph_t(index: UInt(run.glyphs[i]), x: run.positions[i].x, y: run.positions[i].y))
        }
        return glyphs
    }

    private func draw(_ run: GlyphRun) {
        let a = run.attributes
        let foreground = a.foregroundColor ?? .black
        let hasContent = run.attachmentRect != nil || !run.glyphs.isEmpty
        let link = hasContent ? a.link.flatMap { PageCanvas.linkAttributes($0, scope: destinationScope) } : nil
        if let link {
            // cairo 1.16 gives every link a structure element but writes the structure
            // tree only when some tag other than Link is present; a link alone leaves
            // references to objects that are never written (a damaged file). Wrapping each
            // link in a Span makes cairo write the tree.
            cairo_tag_begin(cr, "Span", "")
            cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(deviceRect(run.bounds)) \(link)")
        }
        defer {
            if link != nil {
                cairo_tag_end(cr, CAIRO_TAG_LINK)
                cairo_tag_end(cr, "Span")
            }
        }

        if let attachment = run.attachment, let rect = run.attachmentRect {
            drawImage(attachment.path, in: rect)
            return
        }
        guard !run.glyphs.isEmpty else { return }
        if let centre = run.uprightCentre {
            // Tate-chū-yoko: the digits' own frame is the page's, a quarter turn back (for
            // the glyphs only: lines under them follow the vertical line).
            cairo_save(cr)
            cairo_translate(cr, centre.x, centre.y)
            cairo_rotate(cr, -.pi / 2)
        }
        var turned = run.uprightCentre != nil
        defer { if turned { cairo_restore(cr) } }
        setFont(run)
        var glyphs = cairoGlyphs(run)
        defer { glyphBuffer.keep(glyphs) }
        fonts.loadOutlines(of: glyphs, in: cr)

        let stroke = a.stroke
        if a.textEffect == .letterpress, run.uprightCentre == nil {
            drawLetterpress(run, &glyphs, foreground: foreground)
        } else if stroke == nil || stroke!.width < 0 {
            setColor(foreground)
            showText(run, &glyphs)
        }
        if let stroke, stroke.width != 0 {
            if stroke.width > 0 {
                // Outline only. The glyphs are still shown, at an opacity no eye sees,
                // so the text can be found and copied (cairo drops fully clear drawing).
                cairo_save(cr)
                cairo_set_source_rgba(cr, 1, 1, 1, 1.0 / 255)
                showText(run, &glyphs)
                cairo_restore(cr)
            }
            setColor(stroke.color ?? foreground)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            cairo_set_line_width(cr, abs(stroke.width(inPointsAt: run.font.size)))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        if turned { cairo_restore(cr); turned = false }
        // The font's metrics (OpenType's post and OS/2 fields, through Pango) place the
        // *top* of each line; a line is drawn downwards from there, as Pango draws it.
        if let u = a.underline {
            line(u, run: run, top: run.baseline + run.font.underlinePosition, thickness: run.font.underlineThickness, foreground: foreground)
        }
        if let s = a.strikethrough {
            line(s, run: run, top: run.baseline - run.font.strikethroughPosition, thickness: run.font.strikethroughThickness, foreground: foreground)
        }
        if !run.emphasisDots.isEmpty {
            setColor(foreground)
            for dot in run.emphasisDots {
                cairo_new_sub_path(cr)
                cairo_arc(cr, dot.x, dot.y, run.emphasisDotRadius, 0, 2 * .pi)
            }
            cairo_fill(cr)
        }
    }

    /// The `rect` attribute of a link tag: `rect` on the page, in device space (what
    /// cairo 1.16 takes, whatever the current transformation).
    private func deviceRect(_ rect: Rect) -> String {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        return "rect=[\(f(min(x0, x1))) \(f(min(y0, y1))) \(f(abs(x1 - x0))) \(f(abs(y1 - y0)))]"
    }

    /// The `uri` attribute of a link tag, or nil for an empty link. cairo 1.16 copies the
    /// URI into the PDF string as it is, so everything a PDF string or a URI cannot hold
    /// raw — parentheses, backslashes, quotes, spaces, controls, non-ASCII — is
    /// percent-encoded (as UTF-8), which leaves the URI's meaning unchanged.
    static func linkAttributes(_ uri: String, scope: String? = nil) -> String? {
        guard !uri.isEmpty else { return nil }
        if uri.hasPrefix("#") {
            // A link inside the document, to a destination named by `addDestination`.
            let name = String(uri.dropFirst())
            return name.isEmpty ? nil : "dest='\(PageCanvas.destinationName(name, scope: scope))'"
        }
        let encoded = percentEncoded(uri) { byte in
            (0x21...0x7E).contains(byte) && byte != 0x28 && byte != 0x29 && byte != 0x5C && byte != 0x27
        }
        return "uri='\(encoded)'"
    }

    /// Marks `point` (in the canvas's current coordinates) as the destination `name`,
    /// the target of links written `#name`. Each name is defined once per document (per
    /// `destinationScope`).
    public func addDestination(_ name: String, at point: Point) {
        var x = point.x, y = point.y
        cairo_user_to_device(cr, &x, &y)
        cairo_tag_begin(cr, CAIRO_TAG_DEST,
                        "name='\(PageCanvas.destinationName(name, scope: destinationScope))' " + String(format: "x=%.2f y=%.2f", x, y))
        cairo_tag_end(cr, CAIRO_TAG_DEST)
    }

    /// A destination name cairo can quote: anything but letters, digits, `-`, `_` and
    /// `.` is percent-encoded (the same on both ends, so links still meet their targets).
    /// A scope goes before it with a `:`, which no encoded name holds, so a scoped name
    /// never meets an unscoped one.
    static func destinationName(_ name: String, scope: String? = nil) -> String {
        let encoded = percentEncoded(name) { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E: return true
            default: return false
            }
        }
        return scope.map { $0 + ":" + encoded } ?? encoded
    }

    /// `text` as UTF-8 with every byte `keeps` refuses written `%XX`. Built as bytes:
    /// `String(format:)` per byte cost a Chinese heading's name some 200 000 instructions.
    private static func percentEncoded(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
        let hexDigits: StaticString = "0123456789ABCDEF"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        hexDigits.withUTF8Buffer { hex in
            for byte in text.utf8 {
                if keeps(byte) {
                    bytes.append(byte)
                } else {
                    bytes.append(0x25)  // %
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Shows glyphs with the text they stand for, so text extraction gets real text.
    /// When the clusters do not describe the text and glyphs, the glyphs are shown
    /// alone: cairo would otherwise put the whole page into an error state.
    func showText(_ run: GlyphRun, _ glyphs: inout [cairo_glyph_t]) {
        let scaledFont = glyphTexts == nil ? nil : cairo_get_scaled_font(cr)
        let mapped = scaledFont != nil && mapsEveryGlyph(run)
        if mapped, let glyphTexts, let scaledFont, glyphTexts.knowsEveryGlyph(of: run, scaledFont: scaledFont) {
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            return
        }
        // cairo refuses text that is not well-formed UTF-8 or holds a noncharacter (U+FFFE…)
        // and puts the whole page in an error state: such a run is drawn without its text.
        guard PageCanvas.cairoAccepts(run.utf8Text), var clusters = PageCanvas.cairoClusters(run), !clusters.isEmpty else {
            if let scaledFont { glyphTexts?.learnWithoutText(glyphs, scaledFont: scaledFont) }
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            return
        }
        if mapped, let scaledFont { glyphTexts?.learn(run, drawn: glyphs, clusters: clusters, scaledFont: scaledFont) }
        run.utf8Text.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), &glyphs, Int32(glyphs.count),
                                       &clusters, Int32(clusters.count),
                                       run.isRightToLeft ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
            }
        }
    }

    /// Whether cairo maps every glyph of `run`, drawn now, to the text it is given (what
    /// `GlyphTextMap` may learn from, or take as known): drawn over with a colour it does
    /// not take for clear, inside the clip (cairo drops glyphs far outside it), and with
    /// some ink (a run of spaces alone, which cairo may skip as drawing nothing, is not
    /// relied on). Any other run is drawn with its text, as always.
    private func mapsEveryGlyph(_ run: GlyphRun) -> Bool {
        guard run.uprightCentre == nil, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER else { return false }
        var r = 0.0, g = 0.0, b = 0.0, alpha = 0.0
        // cairo skips a source whose alpha is at most 0x00ff / 0xffff as clear.
        guard let source = cairo_get_source(cr), cairo_pattern_get_rgba(source, &r, &g, &b, &alpha) == CAIRO_STATUS_SUCCESS,
              alpha > 255.0 / 65535.0 else { return false }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let box = run.bounds
        guard box.minX >= x1, box.maxX <= x2, box.minY >= y1, box.maxY <= y2 else { return false }
        // A visible ASCII character has ink; other text is asked of Unicode's properties.
        // (Decoded from the run's bytes, no `String` made; bytes that are not UTF-8 end the
        // look, and such a run is not relied on.)
        if run.utf8Text.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
        var bytes = run.utf8Text.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let s) = decoder.decode(&bytes) {
            if !s.properties.isWhitespace && !s.properties.isDefaultIgnorableCodePoint { return true }
        }
        return false
    }

    /// Whether cairo takes `text` as a run's text: well-formed UTF-8 (the bytes of a run
    /// whose attributes cut a character in two are not) without a Unicode noncharacter
    /// (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF), which cairo's UTF-8 check rejects too.
    static func cairoAccepts(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.contains(where: { $0 >= 0x80 }) else { return true }
        // The standard library's decoder: an overlong form, a surrogate or a cut sequence is
        // an error, as cairo takes it.
        var bytes = text.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let s):
                if (0xFDD0...0xFDEF).contains(s.value) || s.value & 0xFFFE == 0xFFFE { return false }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }

    /// The run's clusters as cairo takes them: always walking the text forwards (with
    /// the backward flag, cairo walks the *glyphs* from the end instead), so a
    /// right-to-left run's visual-order clusters are reversed. Nil unless they cover the
    /// text and the glyphs exactly, each cluster whole UTF-8 characters and not empty.
    static func cairoClusters(_ run: GlyphRun) -> [cairo_text_cluster_t]? {
        // One pass over the glyphs, writing each cluster where cairo wants it; glyphs drawn
        // per cluster leave out the empty ones (`cairoGlyphs`).
        let n = run.clusters.count
        var result = [cairo_text_cluster_t](repeating: cairo_text_cluster_t(), count: n)
        let backward = run.isRightToLeft
        let counted = run.glyphs.withUnsafeBufferPointer { glyphs in
            run.clusters.withUnsafeBufferPointer { clusters in
                result.withUnsafeMutableBufferPointer { result -> Bool in
                    var glyphTotal = 0
                    for k in 0..<n {
                        let c = clusters[k]
                        guard c.glyphCount >= 0, c.byteCount >= 0, glyphTotal + c.glyphCount <= glyphs.count else { return false }
                        var drawn = 0
                        for g in glyphTotal..<(glyphTotal + c.glyphCount) where glyphs[g] != emptyGlyph { drawn += 1 }
                        glyphTotal += c.glyphCount
                        guard c.byteCount + drawn > 0 else { return false }
                        result[backward ? n - 1 - k : k] = cairo_text_cluster_t(num_bytes: Int32(c.byteCount), num_glyphs: Int32(drawn))
                    }
                    return glyphTotal == glyphs.count
                }
            }
        }
        guard counted else { return nil }
        // Together the clusters cover the text, each ending on a character boundary.
        let covered = run.utf8Text.withUnsafeBufferPointer { utf8 -> Bool in
            var offset = 0
            for c in result {
                offset += Int(c.num_bytes)
                guard offset <= utf8.count, offset == utf8.count || !UTF8.isContinuation(utf8[offset]) else { return false }
            }
            return offset == utf8.count
        }
        return covered ? result : nil
    }

    private func setFont(_ run: GlyphRun) {
        guard let scaled = fonts.scaledFont(for: run.font) else { return }
        let expansion = run.attributes.expansion ?? 1
        let oblique = run.attributes.obliqueness ?? 0
        if expansion == 1 && oblique == 0 {
            cairo_set_scaled_font(cr, scaled)
            return
        }
        var m = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &m)
        var skewed = cairo_matrix_t()
        // Widen by the expansion; lean the tops of the glyphs right by the obliqueness.
        cairo_matrix_init(&skewed, m.xx * expansion, m.yx, m.xy - oblique * m.yy, m.yy, 0, 0)
        cairo_set_font_face(cr, cairo_scaled_font_get_font_face(scaled))
        cairo_set_font_matrix(cr, &skewed)
        let options = cairo_font_options_create()
        cairo_scaled_font_get_font_options(scaled, options)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    private func line(_ style: TextLine, run: GlyphRun, top: Double, thickness: Double, foreground: Color) {
        setColor(style.color ?? foreground)
        let t = max(thickness, 0.4) * (style.style == .thick ? 2 : 1)
        cairo_set_line_width(cr, t)
        let y = top + t / 2
        let ys = style.style == .double ? [y - t, y + t] : [y]
        for ly in ys {
            cairo_move_to(cr, run.bounds.minX, ly)
            cairo_line_to(cr, run.bounds.maxX, ly)
        }
        cairo_stroke(cr)
    }

    private func drawImage(_ path: String, in rect: Rect) {
        guard let image = images.surface(for: path) else {
            // A missing image leaves a visible frame, not a hole.
            strokeRect(rect, color: Color(red: 0.8, green: 0, blue: 0), width: 0.5)
            return
        }
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / image.width, rect.height / image.height)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

/// An array of cairo glyphs lent to one run after another: filled and drawn without an
/// allocation once it has grown to a line's length.
final class GlyphBuffer {
    private var glyphs: [cairo_glyph_t] = []

    /// The array, no longer held here.
    func take() -> [cairo_glyph_t] {
        defer { glyphs = [] }
        return glyphs
    }

    /// Holds `glyphs` for the next run.
    func keep(_ glyphs: [cairo_glyph_t]) { self.glyphs = glyphs }
}
