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
            return Size(width: Double(w), height: Double(h))
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            guard let s = ImageCache.jpegSize(data) else { throw Problem(reason: "is a JPEG whose size cannot be read") }
            return Size(width: Double(s.width), height: Double(s.height))
        }
        throw Problem(reason: "is not a PNG or JPEG image")
    }
}
