import CCairo
import FolioLayout
import Foundation

/// Draws laid-out text onto one page of a PDF or PNG: glyphs from the shaped runs and
/// their decorations — backgrounds, shadows, outlines, underlines, strikethroughs — inline
/// images, and link annotations. The same code draws every kind of output.
public struct PageCanvas {
    let cr: OpaquePointer
    let images: ImageCache

    /// Draws the line fragments of container `index` of `layoutManager` with the
    /// container's origin at `origin` on the page.
    public func draw(_ layoutManager: LayoutManager, containerAt index: Int, at origin: Point) {
        draw(fragments: layoutManager.lineFragments(inContainerAt: index), at: origin)
    }

    /// Draws `fragments` (in container coordinates) with the container's origin at `origin`.
    public func draw(fragments: some Sequence<LineFragment>, at origin: Point) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        for fragment in fragments {
            for run in fragment.glyphRuns { drawBackground(run) }
            for run in fragment.glyphRuns { draw(run, origin: origin) }
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

    /// Strokes `path` (container coordinates) with the container's origin at `origin`:
    /// the outline of an exclusion or a shape, drawn as a guide.
    public func stroke(_ path: BezierPath, at origin: Point, color: Color = .gray, width: Double = 0.5) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let p, let a, let b): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    // MARK: Runs

    private func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    private func drawBackground(_ run: GlyphRun) {
        guard let bg = run.attributes.backgroundColor else { return }
        setColor(bg)
        cairo_rectangle(cr, run.bounds.minX, run.bounds.minY, run.bounds.width, run.bounds.height)
        cairo_fill(cr)
    }

    private func draw(_ run: GlyphRun, origin: Point) {
        let a = run.attributes
        let foreground = a.foregroundColor ?? .black
        if let link = a.link {
            let r = run.bounds
            let escaped = link.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            let attrs = "rect=[\(r.minX + origin.x) \(r.minY + origin.y) \(r.width) \(r.height)] uri='\(escaped)'"
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attrs)
        }
        defer { if a.link != nil { cairo_tag_end(cr, CAIRO_TAG_LINK) } }

        if let attachment = run.attachment, let rect = run.attachmentRect {
            drawImage(attachment.path, in: rect)
            return
        }
        guard !run.glyphs.isEmpty else { return }
        setFont(run)
        var glyphs = [cairo_glyph_t]()
        glyphs.reserveCapacity(run.glyphs.count)
        for i in run.glyphs.indices {
            glyphs.append(cairo_glyph_t(index: UInt(run.glyphs[i]), x: run.positions[i].x, y: run.positions[i].y))
        }

        if let shadow = a.shadow {
            // Blur is approximated by a ring of faint copies around the offset.
            let copies: [(Double, Double)] = shadow.blurRadius > 0
                ? (0..<8).map { k in let t = Double(k) * .pi / 4; return (cos(t) * shadow.blurRadius / 2, sin(t) * shadow.blurRadius / 2) } + [(0, 0)]
                : [(0, 0)]
            var c = shadow.color
            c.alpha /= Double(copies.count) / (shadow.blurRadius > 0 ? 2.5 : 1)
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

        let stroke = a.stroke
        if stroke == nil || stroke!.width < 0 {
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
            cairo_set_line_width(cr, abs(stroke.width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        if let u = a.underline {
            line(u, run: run, y: run.baseline + run.font.underlinePosition, thickness: run.font.underlineThickness, foreground: foreground)
        }
        if let s = a.strikethrough {
            line(s, run: run, y: run.baseline - run.font.strikethroughPosition, thickness: run.font.strikethroughThickness, foreground: foreground)
        }
    }

    /// Shows glyphs with the text they stand for, so text extraction gets real text.
    private func showText(_ run: GlyphRun, _ glyphs: inout [cairo_glyph_t]) {
        var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.byteCount), num_glyphs: Int32($0.glyphCount)) }
        var text = run.text
        let totalBytes = run.clusters.reduce(0) { $0 + $1.byteCount }
        guard totalBytes == text.utf8.count, run.clusters.reduce(0, { $0 + $1.glyphCount }) == glyphs.count else {
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            return
        }
        text.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { chars in
                cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), &glyphs, Int32(glyphs.count),
                                       &clusters, Int32(clusters.count),
                                       run.isRightToLeft ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
            }
        }
    }

    private func setFont(_ run: GlyphRun) {
        guard let scaled = run.font.cairoScaledFont else { return }
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

    private func line(_ style: TextLine, run: GlyphRun, y: Double, thickness: Double, foreground: Color) {
        setColor(style.color ?? foreground)
        let t = max(thickness, 0.4) * (style.style == .thick ? 2 : 1)
        cairo_set_line_width(cr, t)
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
