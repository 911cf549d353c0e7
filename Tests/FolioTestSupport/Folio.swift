import Foundation

/// The folder the build put the executables in: the test bundle's folder, else the
/// repository's `.build/debug`.
public var productsDirectory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return repositoryDirectory.appendingPathComponent(".build/debug")
}

/// The built `folio` executable (`FOLIO_EXECUTABLE` names another).
public func folioExecutable() throws -> URL {
    let url = ProcessInfo.processInfo.environment["FOLIO_EXECUTABLE"].map { URL(fileURLWithPath: $0) }
        ?? productsDirectory.appendingPathComponent("folio")
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
        throw MissingRequirement(description: "no folio executable at \(url.path): run `swift build --build-tests` first")
    }
    return url
}

/// Runs `folio` with `arguments`, `input` (or nothing) on its standard input and
/// `environment` added to its own; stopped and failed after `timeout` seconds.
public func folio(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
                  timeout: TimeInterval = 300) throws -> ProcessResult {
    try runProcess(try folioExecutable(), arguments, input: input, environment: environment, timeout: timeout)
}

/// Starts `folio` with `arguments` and leaves it running (`folio render --watch`).
public func launchFolio(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
    try ChildProcess(try folioExecutable(), arguments, environment: environment)
}
