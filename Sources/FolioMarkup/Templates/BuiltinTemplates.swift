import Foundation

/// The templates compiled into Folio: `default`, `book`, `two-column`, `newspaper`,
/// `report`, `large-print` (the folders of Templates/ in the source tree).
public enum BuiltinTemplates {
    /// The built-ins' names, `default` first.
    public static var names: [String] {
        let all = Set(EmbeddedTemplateFiles.files.keys.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count == 2 && parts[1] == "template.yaml" ? String(parts[0]) : nil
        })
        return all.sorted { ($0 == "default" ? 0 : 1, $0) < ($1 == "default" ? 0 : 1, $1) }
    }

    /// The files of built-in `name`, by path inside its folder.
    public static func files(of name: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for (path, base64) in EmbeddedTemplateFiles.files where path.hasPrefix(name + "/") {
            out[String(path.dropFirst(name.count + 1))] = Data(base64Encoded: base64)
        }
        return out
    }

    /// Built-in `name`, its files (images, fonts) written once per process to a
    /// temporary folder so the renderer can read them by path.
    public static func template(named name: String) throws -> Template {
        guard names.contains(name) else {
            throw DocumentError(path: name, reason: "no built-in template '\(name)' (built-ins: \(names.joined(separator: ", ")))")
        }
        let directory = try materialized(name)
        var t = try TemplateLoader.load(directory: directory)
        t.sourcePath = "built-in template '\(name)'"
        t.isBuiltIn = true
        return t
    }

    /// Writes built-in `name` into `directory` to be edited. The folder must not exist
    /// or be empty: nothing is overwritten.
    public static func export(_ name: String, to directory: String) throws {
        guard names.contains(name) else {
            throw DocumentError(path: name, reason: "no built-in template '\(name)' (built-ins: \(names.joined(separator: ", ")))")
        }
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDir), !isDir.boolValue {
            throw DocumentError(path: directory, reason: "is a file; give a new folder to export into")
        }
        if let existing = try? fm.contentsOfDirectory(atPath: directory), !existing.isEmpty {
            throw DocumentError(path: directory, reason: "already exists and is not empty; choose a new folder")
        }
        try write(files(of: name), to: directory)
    }

    /// The folder built-in `name`'s files are written to (once per process), to read
    /// them by path without loading the template.
    static func directory(of name: String) throws -> String {
        guard names.contains(name) else {
            throw DocumentError(path: name, reason: "no built-in template '\(name)' (built-ins: \(names.joined(separator: ", ")))")
        }
        return try materialized(name)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var written: [String: String] = [:]

    /// The built-in's files on disk, in a folder named after their contents: written once
    /// and shared by every run (and every version of Folio with the same files), so runs
    /// leave no litter behind.
    private static func materialized(_ name: String) throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let dir = written[name] { return dir }
        let files = files(of: name)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over paths and contents
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            for byte in Array(path.utf8) + [0] + [UInt8](data) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        let root = try privateRoot()
        let dir = root.appendingPathComponent("\(name)-\(String(hash, radix: 16))").path
        if !FileManager.default.fileExists(atPath: dir + "/template.yaml") {
            // Written aside and renamed into place, so a run never sees half a template.
            let staging = root.appendingPathComponent(".\(name)-\(getpid())-\(UUID().uuidString.prefix(8))").path
            try write(files, to: staging)
            if rename(staging, dir) != 0 { try? FileManager.default.removeItem(atPath: staging) }
        }
        written[name] = dir
        return dir
    }

    /// The folder the built-ins are shared in, `$TMPDIR/folio-templates-UID`: used only
    /// when it is a real folder (not a link), owned by this user and closed to others —
    /// otherwise someone else made it first and could have put a template of theirs there,
    /// and this process writes its own private folder instead (made once per process).
    private static func privateRoot() throws -> URL {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("folio-templates-\(getuid())")
        _ = mkdir(shared.path, 0o700)
        var st = stat()
        if lstat(shared.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid(), st.st_mode & 0o077 == 0 {
            return shared
        }
        if let fallback = fallbackRoot { return fallback }
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("folio-templates-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DocumentError(path: shared.path, reason: "is not a private folder of this user, and no private one can be made instead")
        }
        let url = URL(fileURLWithPath: String(cString: made))
        fallbackRoot = url
        return url
    }

    /// The private folder used instead of an unsafe shared one (see `privateRoot`).
    nonisolated(unsafe) private static var fallbackRoot: URL?

    private static func write(_ files: [String: Data], to directory: String) throws {
        let fm = FileManager.default
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            } catch {
                throw DocumentError(path: url.path, reason: "cannot be written: \(error.localizedDescription)")
            }
        }
    }
}
