import CCairo
import FolioDocument
import Foundation

/// A PNG file decoded by cairo, for tests that look at pixels: width, height and each
/// pixel's colour (0–255, un-premultiplied).
struct RasterImage {
    let width: Int, height: Int
    private let argb: [UInt32]

    init?(path: String) {
        guard let s = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(s) }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(s)
        let format = cairo_image_surface_get_format(s)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24, let data = cairo_image_surface_get_data(s) else { return nil }
        width = Int(cairo_image_surface_get_width(s)); height = Int(cairo_image_surface_get_height(s))
        let stride = Int(cairo_image_surface_get_stride(s))
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = format == CAIRO_FORMAT_RGB24 ? row[x] | 0xFF00_0000 : row[x] }
        }
        argb = pixels
    }

    struct Pixel: Equatable, CustomStringConvertible {
        var r, g, b, a: Int
        var isWhite: Bool { r == 255 && g == 255 && b == 255 }
        /// 0 black … 255 white.
        var luminance: Int { (r * 299 + g * 587 + b * 114) / 1000 }
        var description: String { "rgba(\(r), \(g), \(b), \(a))" }
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel {
        let v = argb[y * width + x]
        let a = Int(v >> 24 & 0xFF)
        func channel(_ shift: UInt32) -> Int {
            let c = Int(v >> shift & 0xFF)
            return a == 0 ? 0 : min(255, (c * 255 + a / 2) / a)
        }
        return Pixel(r: channel(16), g: channel(8), b: channel(0), a: a)
    }

    /// Every pixel whose centre lies in `rect` (pixel coordinates), clipped to the image.
    func pixels(in rect: Rect) -> [(x: Int, y: Int, pixel: Pixel)] {
        let x0 = max(0, Int((rect.minX - 0.5).rounded(.up))), x1 = min(width - 1, Int((rect.maxX - 0.5).rounded(.down)))
        let y0 = max(0, Int((rect.minY - 0.5).rounded(.up))), y1 = min(height - 1, Int((rect.maxY - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return [] }
        var out: [(Int, Int, Pixel)] = []
        for y in y0...y1 { for x in x0...x1 { out.append((x, y, pixel(x, y))) } }
        return out
    }
}
