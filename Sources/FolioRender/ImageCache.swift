import CCairo
import FolioLayout
import Foundation

/// Images loaded once per document: PNG decoded by cairo; JPEG embedded in the PDF as
/// it is (its bytes attached as MIME data, so the PDF carries the original file).
///
/// cairo writes one image object per surface and shares it between every page that
/// paints that surface — but cairo 1.16 also lists a surface in a page's resources once
/// per painting, so a surface painted twice on one page gives a resource dictionary with
/// a duplicated key (`qpdf --check` warns). So the cache keeps, for each path, as many
/// surfaces as one page has needed: the k-th drawing of an image on a page uses the k-th
/// surface. A logo on every page is embedded once; an icon used three times on a page,
/// three times in the whole document.
final class ImageCache {
    struct Image {
        let surface: OpaquePointer
        let width: Double
        let height: Double
    }

    /// Loaded surfaces per path; owned (one reference each).
    private var instances: [String: [Image]] = [:]
    /// Paths that could not be read or decoded.
    private var failed: Set<String> = []
    /// The images that could not be decoded, in the order first met (read after drawing).
    private(set) var undrawable: [String] = []
    /// How many times each path has been drawn on the current page.
    private var drawnOnPage: [String: Int] = [:]

    deinit {
        for list in instances.values { for image in list { cairo_surface_destroy(image.surface) } }
    }

    /// The surface for the next drawing of the image at `path` on the current page, or
    /// nil when the file cannot be read as a PNG or JPEG.
    func surface(for path: String) -> Image? {
        if failed.contains(path) { return nil }
        let k = drawnOnPage[path, default: 0]
        drawnOnPage[path] = k + 1
        if let list = instances[path], k < list.count { return list[k] }
        guard let image = load(path) else {
            failed.insert(path)
            undrawable.append(path)
            return nil
        }
        instances[path, default: []].append(image)
        return image
    }

    /// A new page starts: its drawings use the surfaces from the first again.
    func beginPage() {
        drawnOnPage.removeAll(keepingCapacity: true)
    }

    private func load(_ path: String) -> Image? {
        guard let head = FileHandle(forReadingAtPath: path).flatMap({ h in defer { try? h.close() }; return try? h.read(upToCount: 8) }) else {
            return nil
        }
        // By content, not by name: a JPEG named .png still works.
        if head.starts(with: [0xFF, 0xD8]) { return loadJPEG(path) }
        guard let s = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            return nil
        }
        return Image(surface: s, width: Double(cairo_image_surface_get_width(s)), height: Double(cairo_image_surface_get_height(s)))
    }

    private func loadJPEG(_ path: String) -> Image? {
        guard let data = FileManager.default.contents(atPath: path), let size = ImageCache.jpegSize(data),
              let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            return nil
        }
        // The pixels are only seen by raster output (PNG previews), which cannot decode
        // JPEG: a light grey box with a cross marks where the picture goes.
        paintPlaceholder(s, width: Double(size.width), height: Double(size.height))
        // cairo keeps the pointer and frees it with the surface.
        let copy = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
        data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
        let status = cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(data.count), { p in p?.deallocate() }, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            copy.deallocate()
            cairo_surface_destroy(s)
            return nil
        }
        return Image(surface: s, width: Double(size.width), height: Double(size.height))
    }

    private func paintPlaceholder(_ surface: OpaquePointer, width: Double, height: Double) {
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
        cairo_set_line_width(cr, max(1, min(width, height) / 100))
        cairo_move_to(cr, 0, 0); cairo_line_to(cr, width, height)
        cairo_move_to(cr, width, 0); cairo_line_to(cr, 0, height)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_stroke(cr)
        cairo_surface_flush(surface)
    }

    /// The pixel size from a JPEG's start-of-frame marker.
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data)
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            // Fill bytes, and markers that stand alone (no length follows).
            if marker == 0xFF { i += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image / scan before any frame
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                guard i + 8 < b.count else { return nil }
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }
}
