import CCairo
import FolioLayout
import Foundation

/// Renders a page to a PNG file (previews, visual tests), drawn by the same code as PDF.
public enum PNGRenderer {
    /// Draws one page of `size` points, white, at `scale` pixels per point, and writes it
    /// to `path` (via a temporary file, renamed when complete).
    public static func renderPage(size: Size, scale: Double = 1, to path: String, draw: (PageCanvas) -> Void) throws {
        let w = Int32((size.width * scale).rounded(.up)), h = Int32((size.height * scale).rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else {
            throw PDFDocument.WriteError(path: path, reason: "cannot make a \(w)×\(h) image")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        let images = ImageCache()
        draw(PageCanvas(cr: cr, images: images))
        cairo_destroy(cr)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let status = cairo_surface_write_to_png(surface, temporary)
        guard status == CAIRO_STATUS_SUCCESS, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw PDFDocument.WriteError(path: path, reason: "cannot be written: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
