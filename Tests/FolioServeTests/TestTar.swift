import CArchive
import FolioTestSupport
import Foundation

/// Tar archives for the tests, hostile ones among them, written with libarchive.
enum TestTar {
    enum Entry {
        case file(String, Data)
        case folder(String)
        case symbolicLink(String, to: String)
        case hardLink(String, to: String)
        case fifo(String)
    }

    /// A pax tar of `entries`, gzip-compressed unless `gzip` is false.
    static func make(_ entries: [Entry], gzip: Bool = true) throws -> Data {
        let dir = try makeTemporaryDirectory("folio-tar")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.tar").path
        let writer = archive_write_new()
        archive_write_set_format_pax_restricted(writer)
        if gzip { archive_write_add_filter_gzip(writer) }
        guard archive_write_open_filename(writer, path) == ARCHIVE_OK else { throw CocoaError(.fileWriteUnknown) }
        for item in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            var data = Data()
            switch item {
            case let .file(name, bytes):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_size(entry, la_int64_t(bytes.count))
                data = bytes
            case let .folder(name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o040000)
            case let .symbolicLink(name, target):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o120000)
                archive_entry_set_symlink(entry, target)
            case let .hardLink(name, target):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_hardlink(entry, target)
            case let .fifo(name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o010000)
            }
            archive_entry_set_perm(entry, 0o644)
            archive_write_header(writer, entry)
            if !data.isEmpty { _ = data.withUnsafeBytes { archive_write_data(writer, $0.baseAddress, $0.count) } }
        }
        archive_write_close(writer)
        archive_write_free(writer)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
