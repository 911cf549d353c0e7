import Foundation
import XCTest

/// The outcome of running the `folio` executable.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The folder the build put the executables in (the test bundle's folder).
var productsDirectory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
}

/// Runs `folio` with `arguments`, with `input` (or nothing) on its standard input.
func folio(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("folio")
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { _, new in new }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
        // Written from another thread: a large input must not wait on the pipe's buffer
        // while this thread has yet to read the output.
        let writer = stdin.fileHandleForWriting
        Thread { writer.write(input); try? writer.close() }.start()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs a system tool (pdftotext, qpdf, pdfinfo) and returns its standard output.
func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A fresh temporary folder for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The corpus folder beside the repository, or nil (tests that need it skip).
var corpusDirectory: URL? {
    var dir = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { dir.deleteLastPathComponent() }   // file, FolioCLITests, Tests: the repository
    let corpus = dir.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
}
