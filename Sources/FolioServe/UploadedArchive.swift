import CArchive
import Foundation

/// An archive a multipart request uploads — the document's images, a template folder with
/// its fonts and images — unpacked into the request's private folder, which is then all the
/// document may read. A zip, or a tar (ustar, pax or GNU), plain or compressed with gzip,
/// bzip2, xz or zstd; libarchive reads them, and only those formats are enabled.
///
/// Nothing in it may leave that folder or overwhelm the server: entries with absolute
/// paths, `..` components, symbolic or hard links, or any other kind of file than a
/// regular file or a folder are refused, and so are archives of more than
/// `maximumEntries` entries or `maximumBytes` unpacked (counted as they are written, not
/// as the archive declares them: a zip or gzip bomb stops at the limit).
enum UploadedArchive {
    static let maximumEntries = 2_000

    /// Unpacks `archive` into `folder` (which exists and is empty), at most `maximumBytes`
    /// of it; `name` is the request part it came in, for messages.
    static func unpack(_ archive: Data, into folder: String, name: String, maximumBytes: Int) throws {
        let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        try archive.withUnsafeBytes { bytes in
            let reader = try Reader(bytes, name: name)
            var entries = 0
            var written = 0
            while let entry = try reader.next() {
                entries += 1
                guard entries <= maximumEntries else {
                    throw RequestError(.unprocessable, "\(name): more than \(maximumEntries) files")
                }
                let target = try place(of: entry.path, in: root, name: name)
                switch entry.kind {
                case .folder:
                    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                case .file:
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    // O_EXCL: a path named twice (or a file where a folder was) is an error,
                    // not an overwrite.
                    let fd = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                    guard fd >= 0 else {
                        throw RequestError(.unprocessable, "\(name): '\(entry.path)' could not be unpacked (named twice?)")
                    }
                    defer { close(fd) }
                    try reader.readData { chunk in
                        written += chunk.count
                        guard written <= maximumBytes else {
                            throw RequestError(.unprocessable, "\(name): more than \(maximumBytes >> 20) MB unpacked")
                        }
                        var offset = 0
                        while offset < chunk.count {
                            let n = write(fd, chunk.baseAddress! + offset, chunk.count - offset)
                            guard n > 0 else {
                                throw RequestError(.internalServerError, "\(name): '\(entry.path)' could not be written")
                            }
                            offset += n
                        }
                    }
                case .symbolicLink:
                    throw RequestError(.unprocessable, "\(name): '\(entry.path)' is a symbolic link; an archive holds files and folders only")
                case .hardLink:
                    throw RequestError(.unprocessable, "\(name): '\(entry.path)' is a hard link; an archive holds files and folders only")
                case .other:
                    throw RequestError(.unprocessable, "\(name): '\(entry.path)' is a device, pipe or socket; an archive holds files and folders only")
                }
            }
        }
    }

    /// Where `path` goes under `root`, or an error if it would go anywhere else.
    private static func place(of path: String, in root: URL, name: String) throws -> URL {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"), !parts.isEmpty,
              !parts.contains(where: { $0 == ".." }) else {
            throw RequestError(.unprocessable, "\(name): '\(path)' is not a path inside the archive")
        }
        // `./images/a.png`, as tar writes it, is `images/a.png`.
        let inside = parts.filter { $0 != "." }
        guard !inside.isEmpty else { return root }
        let target = root.appendingPathComponent(inside.joined(separator: "/")).standardizedFileURL
        guard target.path.hasPrefix(root.path + "/"), target.lastPathComponent != "document.md" || inside.count > 1 else {
            throw RequestError(.unprocessable, "\(name): '\(path)' is not a path the archive may hold")
        }
        return target
    }

    /// One entry's header.
    struct Entry {
        enum Kind { case file, folder, symbolicLink, hardLink, other }
        var path: String
        var kind: Kind
    }

    /// libarchive reading an archive held in memory; the memory must outlive the reader.
    private final class Reader {
        private let handle: OpaquePointer
        private let name: String

        init(_ bytes: UnsafeRawBufferPointer, name: String) throws {
            guard let handle = archive_read_new() else { throw RequestError(.internalServerError, "\(name): no memory to read it") }
            self.handle = handle
            self.name = name
            archive_read_support_format_zip(handle)
            archive_read_support_format_tar(handle)
            archive_read_support_format_gnutar(handle)
            // A filter libarchive was built without is reported at open, if the archive needs it.
            archive_read_support_filter_gzip(handle)
            archive_read_support_filter_bzip2(handle)
            archive_read_support_filter_xz(handle)
            archive_read_support_filter_zstd(handle)
            guard let base = bytes.baseAddress, bytes.count > 0,
                  archive_read_open_memory(handle, base, bytes.count) == ARCHIVE_OK else {
                throw RequestError(.unprocessable, "\(name): not a zip or tar archive (\(message(default: "empty")))")
            }
        }

        deinit { archive_read_free(handle) }

        /// The next entry's header; nil after the last.
        func next() throws -> Entry? {
            var header: OpaquePointer?
            let status = archive_read_next_header(handle, &header)
            if status == ARCHIVE_EOF { return nil }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else {
                throw RequestError(.unprocessable, "\(name): the archive is damaged (\(message(default: "unreadable header")))")
            }
            let path = (archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header)).map { String(cString: $0) } ?? ""
            let kind: Entry.Kind
            if archive_entry_hardlink(header) != nil {
                kind = .hardLink
            } else {
                // AE_IFREG, AE_IFDIR, AE_IFLNK: macros with a cast Swift does not import.
                switch archive_entry_filetype(header) {
                case 0o100000: kind = .file
                case 0o040000: kind = .folder
                case 0o120000: kind = .symbolicLink
                default: kind = .other
                }
            }
            return Entry(path: path, kind: kind)
        }

        /// Reads the current entry's data, handing it over in chunks.
        func readData(_ take: (UnsafeRawBufferPointer) throws -> Void) throws {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let n = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
                if n == 0 { return }
                guard n > 0 else {
                    throw RequestError(.unprocessable, "\(name): the archive is damaged (\(message(default: "unreadable data")))")
                }
                try buffer.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            }
        }

        private func message(default fallback: String) -> String {
            archive_error_string(handle).map { String(cString: $0) } ?? fallback
        }
    }
}
