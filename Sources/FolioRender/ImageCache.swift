import CCairo
import FolioLayout
import Foundation

/// Images loaded once per document: PNG decoded by cairo; JPEG embedded in the PDF as
/// it is (its bytes attached as MIME data, so the PDF carries the original file).
final class ImageCache {
    struct Image {
        let surface: OpaquePointer
        let width: Double
        let height: Double
    }

    private var images: [String: Image?] = [:]
    private var jpegData: [Data] = []

    deinit {
        for surface in drawn { cairo_surface_destroy(surface) }
    }

    /// A surface for one drawing of the image at `path`. Each drawing gets its own
    /// surface: cairo 1.16 writes a duplicate resource key when one surface is painted
    /// twice on a page. Decoded surfaces are kept until the cache goes.
    func surface(for path: String) -> Image? {
        if let known = images[path], known == nil { return nil }
        let image = load(path)
        if let image { drawn.append(image.surface) } else { images[path] = .some(nil) }
        return image
    }

    private var drawn: [OpaquePointer] = []

    private func load(_ path: String) -> Image? {
        let lower = path.lowercased()
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return loadJPEG(path) }
        guard let s = cairo_image_surface_create_from_png(path), cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        return Image(surface: s, width: Double(cairo_image_surface_get_width(s)), height: Double(cairo_image_surface_get_height(s)))
    }

    private func loadJPEG(_ path: String) -> Image? {
        guard let data = FileManager.default.contents(atPath: path), let size = ImageCache.jpegSize(data) else { return nil }
        let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))!
        // cairo keeps the pointer; the bytes live as long as this cache.
        let copy = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
        data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
        cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(data.count),
                                    { p in p?.deallocate() }, copy)
        return Image(surface: s, width: Double(size.width), height: Double(size.height))
    }

    /// The pixel size from a JPEG's start-of-frame marker.
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data)
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            i += 2 + length
        }
        return nil
    }
}
