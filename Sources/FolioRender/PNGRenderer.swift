import CCairo
import FolioLayout
import Foundation

/// Renders a page to a PNG file (previews, visual tests), drawn by the same code as PDF.
/// Raster output cannot decode JPEG attachments: they show as grey boxes with a cross.
public enum PNGRenderer {
    /// Draws one page of `size` points on `background` (white unless given; nil leaves
    /// the pixels transparent, as `PDFDocument.pageBackground` does the page) at `scale`
    /// pixels per point, and writes it to `path` (via a temporary file, renamed when
    /// complete, so an existing file is never replaced by a partial one).
    public static func renderPage(size: Size, scale: Double = 1, background: Color? = .white, to path: String,
                                  draw: (PageCanvas) -> Void) throws {
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w <= 32767, h <= 32767 else {
            throw PDFDocument.WriteError(path: path, reason: "cannot make a \(Int(w))×\(Int(h)) pixel image")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            throw PDFDocument.WriteError(path: path, reason: "cannot make a \(Int(w))×\(Int(h)) pixel image")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PDFDocument.WriteError(path: path, reason: String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        let images = ImageCache()
        let cr = cairo_create(surface)!
        if let background {
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
        }
        cairo_scale(cr, scale, scale)
        withExtendedLifetime(images) { draw(PageCanvas(cr: cr, images: images, fonts: DrawingFonts())) }
        let drawn = cairo_status(cr)
        cairo_destroy(cr)
        guard drawn == CAIRO_STATUS_SUCCESS else {
            throw PDFDocument.WriteError(path: path, reason: "the page could not be drawn: \(String(cString: cairo_status_to_string(drawn)))")
        }
        let output = try OutputFile(path: path)
        let status = cairo_surface_write_to_png_stream(surface, OutputFile.cairoWrite, Unmanaged.passUnretained(output).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            output.discard()
            throw PDFDocument.WriteError(path: path, reason: "cannot be written: \(String(cString: cairo_status_to_string(status)))")
        }
        try output.commit()
    }
}
