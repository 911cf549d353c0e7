import Hummingbird
import NIOCore

/// What a handler knows besides its request: Hummingbird's basics, and the connection the
/// request came on, through which the service learns that its client hung up
/// (`ClientConnections`).
struct ServeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's channel (a stand-in in tests that call the router directly).
    let channel: (any Channel)?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
