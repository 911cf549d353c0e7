import Foundation

/// The folder a document or template may read files from (`--root`): images, fonts,
/// templates named in front matter. A path that leads outside it — `../`, an absolute
/// path, a `%2F`, or a symbolic link inside the folder that points out of it — is refused.
///
/// The refusal is decided before the file system is asked whether the file exists, and
/// says the same whether it does or not, so an error never tells what lies outside.
public struct ReadRoot: Sendable, Equatable {
    /// The folder as given, made absolute and without `.`/`..` components.
    public let path: String
    /// The same folder with its symbolic links resolved.
    let realPath: String
    /// How messages name the folder: "the document's folder", "the template's folder", "--root".
    public let role: String

    /// The role of a template's folder, which `--root` does not change.
    public static let templateRole = "the template's folder"

    /// Files under `folder` (relative to the working directory when relative) may be read.
    public init(_ folder: String, role: String) {
        let absolute = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.path
        path = absolute
        realPath = ReadRoot.realPath(of: absolute)
        self.role = role
    }

    /// `relative` (a path as written; relative ones are taken from `base`, which defaults
    /// to the root) as an absolute path inside the root, or nil when it leads outside.
    public func confine(_ relative: String, base: String? = nil) -> String? {
        let from = base ?? path
        let absolute = (relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                        : URL(fileURLWithPath: from, isDirectory: true).appendingPathComponent(relative)).standardizedFileURL.path
        guard ReadRoot.isInside(absolute, path) else { return nil }
        // Inside as written; where it really leads decides (a link may point out).
        guard ReadRoot.isInside(ReadRoot.realPath(of: absolute), realPath) else { return nil }
        return absolute
    }

    /// The sentence an error gives for a path outside: the same whether it exists or not.
    public func outsideReason(_ what: String) -> String {
        let remedy = role == Self.templateRole ? "move the file into the template's folder"
            : "move the file in, or give --root a folder that holds both"
        return "\(what) is outside \(role) (\(path)), and Folio reads no file outside it; \(remedy)"
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The path with every symbolic link resolved; for a path that does not exist, its
    /// deepest existing folder resolved and the rest appended, so a link to a folder
    /// outside is caught even when the file named in it is missing.
    static func realPath(of path: String) -> String {
        var head = path
        var tail: [String] = []
        // Bounded as the kernel bounds link chains (a loop of links ends here too).
        for _ in 0..<64 {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for part in tail.reversed() { result += (result.hasSuffix("/") ? "" : "/") + part }
                return result
            }
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: head) {
                // A dangling link: where it points decides.
                let parent = URL(fileURLWithPath: head).deletingLastPathComponent()
                head = (target.hasPrefix("/") ? URL(fileURLWithPath: target) : parent.appendingPathComponent(target)).standardizedFileURL.path
                continue
            }
            let url = URL(fileURLWithPath: head)
            let parent = url.deletingLastPathComponent().path
            if parent == head || head.isEmpty { return path }
            tail.append(url.lastPathComponent)
            head = parent
        }
        return "/\u{0}loop"
    }
}
