import Foundation
import XCTest

/// Whether the tests run under continuous integration (`CI=true`): there a missing tool
/// or corpus fails the test instead of skipping it.
public var isCI: Bool {
    ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
}

/// Something a test needs that this machine lacks, reported under CI as a failure.
public struct MissingRequirement: Error, CustomStringConvertible {
    public var description: String
}

/// Skips the test for `reason` — or, under CI, fails it: there everything must be installed.
public func skipOrFail(_ reason: String) -> Error {
    isCI ? MissingRequirement(description: "\(reason) (CI=true: required)") : XCTSkip(reason)
}

/// The repository's root folder.
public let repositoryDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The executable `name` on PATH (or in /usr/bin); skips the test when it is not
/// installed, fails it under CI.
public func requireTool(_ name: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
        let candidate = URL(fileURLWithPath: dir).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw skipOrFail("\(name) is not installed (poppler-utils / qpdf)")
}

/// The shared corpus folder (`../shared/corpus` beside the repository, or `FOLIO_CORPUS`),
/// or the file `name` in it; skips the test when it is absent, fails it under CI.
public func requireCorpus(_ name: String? = nil) throws -> URL {
    let base = ProcessInfo.processInfo.environment["FOLIO_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? repositoryDirectory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    let url = name.map { base.appendingPathComponent($0) } ?? base
    guard FileManager.default.fileExists(atPath: url.path) else { throw skipOrFail("the corpus is absent: no \(url.path)") }
    return url
}

/// A new, empty folder of its own under the system's temporary folder (a unique name,
/// never a fixed one).
public func makeTemporaryDirectory(_ prefix: String = "folio-test") throws -> URL {
    var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else { throw MissingRequirement(description: "cannot create a temporary folder: errno \(errno)") }
    return URL(fileURLWithPath: String(cString: template), isDirectory: true)
}
