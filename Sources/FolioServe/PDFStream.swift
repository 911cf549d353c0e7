import FolioDocument
import Foundation
import NIOCore

/// A PDF answered as it is written: the render writes into a pipe, a reader thread turns
/// what comes out into the response body's chunks, so the client has the first pages while
/// the last are set. (Cairo writes each page when it ends, the fonts at the close.)
///
/// The body buffers what the client has not taken yet (at most the PDF, as the whole file
/// would be), so the render never waits on a slow client. A client that goes away stops the
/// render through its `RenderCancellation`; a render that fails after it began ends the
/// body with an error, which closes the connection (the status was sent already).
final class PDFStream: @unchecked Sendable {
    /// Where the render writes.
    let path: String
    /// The answer's body.
    let body: AsyncThrowingStream<ByteBuffer, Error>
    private let readEnd: Int32
    private var writeEnd: Int32
    private let continuation: AsyncThrowingStream<ByteBuffer, Error>.Continuation
    private let lock = NSLock()
    private var failure: Error?

    init(cancellation: RenderCancellation) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw RequestError(.internalServerError, "no pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        readEnd = ends[0]; writeEnd = ends[1]
        path = "/dev/fd/\(ends[1])"
        (body, continuation) = AsyncThrowingStream<ByteBuffer, Error>.makeStream()
        continuation.onTermination = { reason in
            if case .cancelled = reason { cancellation.cancel(because: "the client went away") }
        }
        let thread = Thread { [self] in pump() }
        thread.name = "folio-pdf-stream"
        thread.start()
    }

    /// The render is over: the body ends when the reader has passed on the last bytes,
    /// with `error` if it failed.
    func finish(_ error: Error? = nil) {
        lock.lock()
        if let error, failure == nil { failure = error }
        let end = writeEnd
        writeEnd = -1
        lock.unlock()
        if end >= 0 { close(end) }
    }

    /// Cairo writes a PDF in many small pieces: they are gathered into chunks of up to
    /// `chunkSize`, a chunk going out when it is full or when nothing more has come for
    /// `pause` milliseconds (a page being set), so a short PDF is one chunk and a long one
    /// reaches the client page by page.
    private static let chunkSize = 32 << 10
    private static let pause: Int32 = 20

    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var pending = ByteBuffer()
        func send() {
            guard pending.readableBytes > 0 else { return }
            continuation.yield(pending)
            pending = ByteBuffer()
        }
        while true {
            if pending.readableBytes > 0 {
                var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Self.pause) == 0 { send() }
            }
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n > 0 {
                pending.writeBytes(buffer[0..<n])
                if pending.readableBytes >= Self.chunkSize { send() }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        send()
        close(readEnd)
        lock.lock(); let error = failure; lock.unlock()
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}

/// A value handed from a render thread to the request waiting on it, once.
final class Handoff: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Void, Error>?
    private var waiter: CheckedContinuation<Void, Error>?

    /// Sets the result (the first one given counts) and wakes the waiter.
    func resolve(_ value: Result<Void, Error>) {
        lock.lock()
        guard result == nil else { lock.unlock(); return }
        result = value
        let w = waiter
        waiter = nil
        lock.unlock()
        w?.resume(with: value)
    }

    /// Whether a result was given.
    var isResolved: Bool { lock.lock(); defer { lock.unlock() }; return result != nil }

    /// Waits for the result.
    func wait() async throws {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
            lock.lock()
            if let result { lock.unlock(); c.resume(with: result) } else { waiter = c; lock.unlock() }
        }
    }
}
