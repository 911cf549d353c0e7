import NIOConcurrencyHelpers
import NIOCore

/// The service's open connections, each with a way to learn that its client hung up, so
/// the render it asked for stops (a render can hold a thread for seconds; a client that
/// gave up should not keep it).
///
/// Hummingbird reads nothing more of a connection while its handler runs, and it lets a
/// client half-close, so a hang-up reaches the server only as an `inputClosed` event (or,
/// after a reset, the channel going inactive) travelling down the channel pipeline. One
/// `HangUpWatch` per connection turns that event into a call to what the request in progress
/// registered with its `ClientLine`. (Hummingbird's own `consumeWithCancellationOnInboundClose`
/// does the same by reading the connection in a second task, but then closes the
/// connection after every response: keep-alive clients would pay a new connection a render.)
///
/// A client that half-closes its side on purpose after sending a request — rare, and
/// allowed by HTTP/1.1 — is taken to have gone.
final class ClientConnections: Sendable {
    private let lines = NIOLockedValueBox<[ObjectIdentifier: ClientLine]>([:])

    /// The handlers Hummingbird adds to each new connection's pipeline.
    func channelHandlers() -> [any RemovableChannelHandler] { [HangUpWatch(connections: self)] }

    /// The line of the connection `channel` carries; nil for a channel not served here
    /// (a test's channel).
    func line(for channel: any Channel) -> ClientLine? {
        lines.withLockedValue { $0[ObjectIdentifier(channel)] }
    }

    /// How many connections are open.
    var count: Int { lines.withLockedValue { $0.count } }

    fileprivate func opened(_ channel: any Channel) -> ClientLine {
        let line = ClientLine()
        lines.withLockedValue { $0[ObjectIdentifier(channel)] = line }
        return line
    }

    fileprivate func closed(_ channel: any Channel) {
        _ = lines.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

/// One connection as a request in progress sees it: whether its client is still there.
final class ClientLine: Sendable {
    private struct State {
        var gone = false
        var action: (@Sendable () -> Void)?
        var registration: UInt64 = 0
    }
    private let state = NIOLockedValueBox(State())

    /// Whether the client has hung up.
    var isGone: Bool { state.withLockedValue { $0.gone } }

    /// Runs `action` (once, on a network thread) when the client hangs up — at once if it
    /// already has — until `clear(_:)` with the number this returns. A later call replaces
    /// the action (the connection's next request).
    @discardableResult
    func whenGone(_ action: @escaping @Sendable () -> Void) -> UInt64 {
        let (goneAlready, registration) = state.withLockedValue { state -> (Bool, UInt64) in
            state.registration += 1
            if state.gone { return (true, state.registration) }
            state.action = action
            return (false, state.registration)
        }
        if goneAlready { action() }
        return registration
    }

    /// Forgets the action registered as `registration`: its request is answered. (A later
    /// request's action is kept: a streamed answer may be cleared after the client, having
    /// read it, has sent its next request.)
    func clear(_ registration: UInt64) {
        state.withLockedValue { state in
            if state.registration == registration { state.action = nil }
        }
    }

    fileprivate func hangUp() {
        let action = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.gone = true
            defer { state.action = nil }
            return state.action
        }
        action?()
    }
}

/// Watches one connection's pipeline for its client hanging up; passes everything on.
private final class HangUpWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let connections: ClientConnections
    private var line: ClientLine?

    init(connections: ClientConnections) { self.connections = connections }

    func handlerAdded(context: ChannelHandlerContext) {
        line = connections.opened(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connections.closed(context.channel)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { line?.hangUp() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        line?.hangUp()
        connections.closed(context.channel)
        context.fireChannelInactive()
    }
}
