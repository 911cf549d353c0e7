import Foundation

/// A flag a render checks at each page: set from any thread (a client gone, a deadline
/// passed), it stops the render at the next page, which then throws `RenderCancelled`
/// and leaves no output.
public final class RenderCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: String?
    private var timedOut = false
    private let deadline: Date?

    /// A flag not yet set; with `deadline`, one that counts as set from that moment.
    public init(deadline: Date? = nil) { self.deadline = deadline }

    /// Asks the render to stop, saying why (the first reason given is kept).
    public func cancel(because reason: String) {
        lock.lock(); defer { lock.unlock() }
        if self.reason == nil { self.reason = reason }
    }

    /// Why the render must stop; nil while it may go on.
    public var cancellationReason: String? {
        lock.lock(); defer { lock.unlock() }
        if reason == nil, let deadline, Date() >= deadline { reason = "it ran past its time limit"; timedOut = true }
        return reason
    }

    /// Throws `RenderCancelled` when the render must stop.
    public func check() throws {
        guard let reason = cancellationReason else { return }
        lock.lock(); let late = timedOut; lock.unlock()
        throw RenderCancelled(reason: reason, timedOut: late)
    }
}

/// A render stopped by its `RenderCancellation`.
public struct RenderCancelled: Error, CustomStringConvertible {
    /// Why it was stopped.
    public var reason: String
    /// Whether its deadline passed (rather than being cancelled).
    public var timedOut = false
    public var description: String { "the render was stopped: \(reason)" }
}
