import Foundation
import ZIPFoundation

/// A zip archive a multipart request uploads — the document's images, a template folder
/// with its fonts and images — unpacked into the request's private folder, which is then
/// all the document may read.
///
/// Nothing in it may leave that folder or overwhelm the server: entries with absolute
/// paths, `..` components or symbolic links are refused, and so are archives of more than
/// `maximumEntries` entries or `maximumBytes` unpacked (counted as they are written, not
/// as the archive declares them: a zip bomb stops at the limit).
enum UploadedArchive {
    static let maximumEntries = 2_000

    /// Unpacks `zip` into `folder` (which exists and is empty), at most `maximumBytes` of it.
    static func unpack(_ zip: Data, into folder: String, name: String, maximumBytes: Int) throws {
        let archive: Archive
        do {
            archive = try Archive(data: zip, accessMode: .read)
        } catch {
            throw RequestError(.unprocessable, "\(name): not a zip archive (\(error))")
        }
        var entries = 0
        var written = 0
        let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        for entry in archive {
            entries += 1
            guard entries <= maximumEntries else {
                throw RequestError(.unprocessable, "\(name): more than \(maximumEntries) files")
            }
            let path = entry.path
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            guard !path.hasPrefix("/"), !path.contains("\\"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
                throw RequestError(.unprocessable, "\(name): '\(path)' is not a path inside the archive")
            }
            let target = root.appendingPathComponent(parts.joined(separator: "/")).standardizedFileURL
            guard target.path.hasPrefix(root.path + "/"), target.lastPathComponent != "document.md" || parts.count > 1 else {
                throw RequestError(.unprocessable, "\(name): '\(path)' is not a path the archive may hold")
            }
            switch entry.type {
            case .symlink:
                throw RequestError(.unprocessable, "\(name): '\(path)' is a symbolic link; an archive holds files and folders only")
            case .directory:
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            case .file:
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target.path, contents: nil),
                      let handle = FileHandle(forWritingAtPath: target.path) else {
                    throw RequestError(.unprocessable, "\(name): '\(path)' could not be unpacked (named twice?)")
                }
                defer { try? handle.close() }
                do {
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        written += chunk.count
                        guard written <= maximumBytes else { throw UnpackLimit() }
                        handle.write(chunk)
                    }
                } catch is UnpackLimit {
                    throw RequestError(.unprocessable, "\(name): more than \(maximumBytes >> 20) MB unpacked")
                } catch {
                    throw RequestError(.unprocessable, "\(name): '\(path)' could not be unpacked: \(error)")
                }
            }
        }
    }

    private struct UnpackLimit: Error {}
}
