import FolioLayout

/// Custom drawing around and in place of what the renderer draws for each line and run:
/// the home of what a TextKit developer does by overriding `NSLayoutManager`'s
/// `drawBackground(forGlyphRange:at:)` and `drawGlyphs(forGlyphRange:at:)` — a rounded
/// highlight behind marked text, a dotted rule under a line, glyphs drawn twice.
///
/// Set it on `PDFDocument.textDrawing` (or on a `PageCanvas`). Every method has a default
/// that draws what the renderer would; a run's methods get the standard drawing as a
/// closure, to call (as `super`) or not. Coordinates are the container's: a fragment's
/// `rect` and a run's `bounds` are where they are drawn. Text is drawn in layers — all
/// backgrounds, then shadows, then glyphs — so a line's background never covers the
/// glyphs of the line before.
public protocol TextDrawingDelegate {
    /// Behind `fragment`'s runs, before their backgrounds (nothing by default).
    func drawBackground(of fragment: LineFragment, in canvas: PageCanvas)
    /// The background of `run` (its `backgroundColor`, by default): call `standard` to draw it.
    func drawBackground(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void)
    /// The glyphs of `run` with their outlines, underlines, strikethroughs, images and
    /// link: call `standard` to draw them as the renderer would.
    func drawGlyphs(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void)
    /// Over `fragment`, after its glyphs (nothing by default).
    func drawForeground(of fragment: LineFragment, in canvas: PageCanvas)
}

extension TextDrawingDelegate {
    /// Draws nothing.
    public func drawBackground(of fragment: LineFragment, in canvas: PageCanvas) {}
    /// Draws the standard background.
    public func drawBackground(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void) { standard() }
    /// Draws the standard glyphs.
    public func drawGlyphs(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void) { standard() }
    /// Draws nothing.
    public func drawForeground(of fragment: LineFragment, in canvas: PageCanvas) {}
}
