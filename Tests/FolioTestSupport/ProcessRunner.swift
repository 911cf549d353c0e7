import Foundation

/// What a finished child process left: its exit status and everything it wrote.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status; self.stdout = stdout; self.stderr = stderr
    }

    /// Standard output followed by standard error, for messages and for tools whose
    /// report may go to either.
    public var output: String { stdout + stderr }
}

/// A child process that did not finish in time, with what it had written by then.
public struct ProcessTimeout: Error, CustomStringConvertible {
    public var command: String
    public var seconds: Double
    public var stdout: String
    public var stderr: String
    public var description: String {
        "\(command) did not finish within \(seconds) s (stopped)\nstdout: \(stdout.suffix(2000))\nstderr: \(stderr.suffix(2000))"
    }
}

/// Bytes collected from a pipe by a reader thread.
final class Collected: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    func append(_ chunk: Data) {
        condition.lock(); data.append(chunk); condition.broadcast(); condition.unlock()
    }
    func end() {
        condition.lock(); ended = true; condition.broadcast(); condition.unlock()
    }
    var text: String {
        condition.lock(); defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
    /// Waits until `predicate` holds for the text so far, the pipe closes, or `deadline`
    /// passes; returns whether it holds.
    func wait(until deadline: Date, for predicate: (String) -> Bool) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while true {
            if predicate(String(decoding: data, as: UTF8.self)) { return true }
            if ended || !condition.wait(until: deadline) {
                return predicate(String(decoding: data, as: UTF8.self))
            }
        }
    }
    /// Waits for the end of the pipe; false when `deadline` passes first.
    func waitForEnd(until deadline: Date) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while !ended { if !condition.wait(until: deadline) { return ended } }
        return true
    }

    /// Reads `handle` on a thread of its own until end of file, then closes it.
    static func reading(_ handle: FileHandle) -> Collected {
        let collected = Collected()
        let thread = Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collected.append(chunk)
            }
            // Closed here, not left to the handle's release: Foundation's `Process` may
            // outlive the run (it keeps its pipes), and every run's descriptors would pile
            // up over a test run until the process runs out of them.
            try? handle.close()
            collected.end()
        }
        thread.start()
        return collected
    }
}

/// The current environment with `overrides` on top.
func mergedEnvironment(_ overrides: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(overrides) { _, new in new }
}

/// Runs `executable` with `arguments` and waits for it: `input` (or nothing) on its
/// standard input, `environment` added to this process's own (given to the child only,
/// never set here), stopped and reported as a `ProcessTimeout` after `timeout` seconds.
public func runProcess(_ executable: URL, _ arguments: [String], input: Data? = nil,
                       environment: [String: String] = [:], timeout: TimeInterval = 300) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = mergedEnvironment(environment)
    let out = Pipe(), err = Pipe(), stdin: Pipe? = input == nil ? nil : Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin ?? FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do { try process.run() } catch {
        for pipe in [out, err] + (stdin.map { [$0] } ?? []) { closeBothEnds(of: pipe) }
        throw error
    }
    let stdout = Collected.reading(out.fileHandleForReading)
    let stderr = Collected.reading(err.fileHandleForReading)
    if let input, let stdin {
        // From another thread: a large input must not wait on the pipe's buffer while
        // the child waits for its output to be read.
        let writer = stdin.fileHandleForWriting
        Thread { try? writer.write(contentsOf: input); try? writer.close() }.start()
    }
    let deadline = Date(timeIntervalSinceNow: timeout)
    if exited.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        exited.wait()
        throw ProcessTimeout(command: ([executable.path] + arguments).joined(separator: " "), seconds: timeout,
                             stdout: stdout.text, stderr: stderr.text)
    }
    // A grandchild could hold the pipes open; the child's own output is in by now.
    _ = stdout.waitForEnd(until: max(deadline, Date(timeIntervalSinceNow: 5)))
    _ = stderr.waitForEnd(until: max(deadline, Date(timeIntervalSinceNow: 5)))
    return ProcessResult(status: process.terminationStatus, stdout: stdout.text, stderr: stderr.text)
}

/// Closes a pipe that was never handed to a child.
private func closeBothEnds(of pipe: Pipe) {
    try? pipe.fileHandleForReading.close()
    try? pipe.fileHandleForWriting.close()
}

/// A child process left running while the test watches what it writes (e.g. `folio
/// render --watch`): wait for a line to appear rather than sleep. Stopped when released.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let out: Collected
    private let err: Collected

    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = mergedEnvironment(environment)
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            closeBothEnds(of: outPipe); closeBothEnds(of: errPipe)
            throw error
        }
        out = Collected.reading(outPipe.fileHandleForReading)
        err = Collected.reading(errPipe.fileHandleForReading)
    }

    deinit { stop() }

    /// Everything the child has written to standard output so far.
    public var stdout: String { out.text }
    /// Everything the child has written to standard error so far.
    public var stderr: String { err.text }
    public var isRunning: Bool { process.isRunning }

    /// Waits until standard output holds `text` at least `count` times; false if the
    /// child ends or `timeout` passes first.
    @discardableResult
    public func waitForStdout(_ text: String, count: Int = 1, timeout: TimeInterval = 60) -> Bool {
        out.wait(until: Date(timeIntervalSinceNow: timeout)) { $0.occurrences(of: text) >= count }
    }

    /// Waits until standard error holds `text` at least `count` times; false if the
    /// child ends or `timeout` passes first.
    @discardableResult
    public func waitForStderr(_ text: String, count: Int = 1, timeout: TimeInterval = 60) -> Bool {
        err.wait(until: Date(timeIntervalSinceNow: timeout)) { $0.occurrences(of: text) >= count }
    }

    /// Interrupts the child (SIGINT, as ^C does); `waitUntilExit()` waits for it to end.
    public func interrupt() { process.interrupt() }

    /// Waits for the child to end.
    public func waitUntilExit() { process.waitUntilExit() }

    /// The child's exit status, once it has ended (128 + the signal's number when a
    /// signal it handles ended it).
    public var terminationStatus: Int32 { process.terminationStatus }

    /// Stops the child (SIGTERM) and waits for it to end.
    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

extension String {
    /// How many times `text` occurs, not overlapping.
    public func occurrences(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        return components(separatedBy: text).count - 1
    }
}
