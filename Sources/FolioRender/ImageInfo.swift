import Foundation

/// What layout needs to know about an image file before it is drawn.
public enum ImageInfo {
    /// Why an image cannot be used.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// What is wrong with the file, naming it.
        public var reason: String
        /// The reason, as printed.
        public var description: String { reason }
    }

    /// The pixel size of the PNG or JPEG at `path`, read from its header (the image is
    /// not decoded). Throws when the file is missing or is neither format.
    public static func pixelSize(ofImageAt path: String) throws -> Size {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        let bytes = [UInt8](data.prefix(32))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            // IHDR is the first chunk: width and height, big-endian, at bytes 16 and 20.
            func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let w = be32(16), h = be32(20)
            guard w > 0, h > 0 else { throw Problem(reason: "is a PNG with no pixels") }
            try checkPixels(w, h)
            if let problem = pngStructureProblem(data) { throw Problem(reason: problem) }
            return Size(width: Double(w), height: Double(h))
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            guard let s = ImageCache.jpegSize(data) else { throw Problem(reason: "is a JPEG whose size cannot be read") }
            try checkPixels(s.width, s.height)
            return Size(width: Double(s.width), height: Double(s.height))
        }
        throw Problem(reason: "is not a PNG or JPEG image")
    }

    /// The most pixels an image may have: 64 million (8 000 × 8 000, a 64-megapixel photo).
    /// A PNG is decoded whole to be drawn — four bytes a pixel — so a small file of
    /// 20 000 × 20 000 pixels would take 1.6 GB.
    public static let maximumPixels = 64_000_000

    private static func checkPixels(_ width: Int, _ height: Int) throws {
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels, width <= 1 << 20, height <= 1 << 20 else {
            throw Problem(reason: "is \(width) × \(height) pixels, more than the \(maximumPixels / 1_000_000) million Folio draws; scale it down (300 dpi at the size it is shown is plenty)")
        }
    }

    /// Why a PNG's chunks do not hold together — cut short, or a chunk running past the
    /// end — or nil. (The pixels themselves are checked when cairo decodes them.)
    static func pngStructureProblem(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        var at = 8
        var sawData = false
        while at + 8 <= bytes.count {
            let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length <= bytes.count, at + 12 + length <= bytes.count else {
                return "is a truncated or damaged PNG: its \(type) chunk runs past the end of the file"
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "is a damaged PNG: it has no image data (IDAT)" }
            at += 12 + length
        }
        return "is a truncated PNG: it ends before its IEND chunk"
    }
}
