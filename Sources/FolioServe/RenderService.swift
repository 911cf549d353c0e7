import FolioDocument
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MultipartKit
import NIOCore
import ServiceLifecycle

/// `folio serve`: Folio as an HTTP service.
///
/// - `POST /render` sets a JSON request (`RenderRequest`) and answers the PDF, or with
///   `?format=png&page=N` one page as a PNG.
/// - `GET /templates`, `GET /fonts`: what a request may name.
/// - `GET /health` (the process answers), `GET /ready` (a render would be admitted now),
///   `GET /metrics` (Prometheus text).
///
/// Renders run on `configuration.jobs` threads of their own (`RenderWorkers`); at most
/// `configuration.queue` more wait, and a request past that is refused with 429 and
/// `Retry-After`. A render that runs past `configuration.timeout`, whose client hangs up
/// (`ClientConnections`), or whose request task is cancelled (a shutdown past its grace) is
/// stopped at its next page (503, if anyone is still there to read it). A request reads nothing of the server's
/// files: its document is set in a private, empty folder that is its `--root`, so it can
/// use the built-in templates, the server's own (`configuration.templates`) and the
/// installed fonts, and nothing else.
public struct RenderService: Sendable {
    /// How the service runs.
    public struct Configuration: Sendable {
        /// The address to listen on.
        public var host = "127.0.0.1"
        /// The port (0: any free one, as tests use).
        public var port = 8080
        /// Render threads (default: the machine's cores).
        public var jobs = ProcessInfo.processInfo.activeProcessorCount
        /// Renders that may wait for a thread before requests are refused (429).
        public var queue = 64
        /// The largest request body, in bytes (413 past it).
        public var maxBody = 16 << 20
        /// How long a render may take, waiting included, before it is stopped (503).
        public var timeout: Duration = .seconds(30)
        /// How long in-flight renders may go on after SIGTERM before the process ends.
        public var grace: Duration = .seconds(30)
        /// The most a multipart request's archive of files may unpack to, in bytes.
        public var maxUnpacked = 256 << 20
        /// A folder of template folders requests may name besides the built-ins.
        public var templates: String?

        /// The defaults: loopback, port 8080, a thread per core, a queue of 64, 16 MB
        /// bodies, 30 s renders.
        public init() {}
    }

    let configuration: Configuration
    let workers: RenderWorkers
    let metrics = ServeMetrics()
    let connections = ClientConnections()

    /// A service with `configuration`; its render threads start now.
    public init(configuration: Configuration) {
        // First, before those threads: it sets the font environment (see LayoutWarmUp).
        LayoutWarmUp.loadFontConfiguration()
        self.configuration = configuration
        workers = RenderWorkers(count: configuration.jobs, waiting: configuration.queue)
    }

    /// The HTTP application, ready to run (`runService()`) or to test.
    public func application(logger: Logger? = nil,
                            onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        // A connection that sends nothing for longer than a render may take is closed, so
        // stalled or trickling clients cannot hold connections for ever.
        let idle = TimeAmount.milliseconds(configuration.timeout.components.seconds * 1000 + 5000)
        let connections = self.connections
        return Application(router: router(),
                    server: .http1(configuration: .init(additionalChannelHandlers: connections.channelHandlers(), idleTimeout: idle)),
                    configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "folio"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                    logger: logger ?? Logger(label: "folio.serve"))
    }

    /// Runs until SIGTERM or SIGINT, then stops accepting connections and lets in-flight
    /// renders finish, for at most `configuration.grace`.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "folio.serve")
        logger.logLevel = .notice
        let app = application(logger: logger, onServerRunning: onServerRunning)
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = configuration.grace
        try await ServiceGroup(configuration: group).run()
        workers.stop()
    }

    func router() -> Router<ServeRequestContext> {
        let router = Router(context: ServeRequestContext.self)
        router.get("health") { _, _ in self.text("ok\n", route: "health") }
        router.get("ready") { _, _ in
            if self.workers.hasRoom { return self.text("ready\n", route: "ready") }
            self.metrics.request("ready", status: 503)
            return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "busy: \(self.workers.load) renders admitted\n")))
        }
        router.get("metrics") { _, _ in
            self.metrics.queue(self.workers.load)
            self.metrics.request("metrics", status: 200)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: self.metrics.exposition())))
        }
        router.get("templates") { _, _ in
            self.json(TemplateCatalog(extraFolder: self.configuration.templates).entries, route: "templates")
        }
        router.get("fonts") { _, _ in self.json(FontCatalog.families(), route: "fonts") }
        router.post("render") { request, context in
            do {
                return try await self.render(request, line: context.channel.flatMap(self.connections.line(for:)))
            } catch let e as RequestError {
                self.metrics.request("render", status: Int(e.status.code))
                throw e
            }
        }
        return router
    }

    private func text(_ body: String, route: String) -> Response {
        metrics.request(route, status: 200)
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private func json(_ value: some Encodable, route: String) -> Response {
        metrics.request(route, status: 200)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: RequestError.json(value))))
    }

    private func render(_ request: Request, line: ClientLine?) async throws -> Response {
        let start = ContinuousClock.now
        let deadline = Date().addingTimeInterval(Double(configuration.timeout.components.seconds)
                                                 + Double(configuration.timeout.components.attoseconds) / 1e18)
        let contentType = request.headers[.contentType] ?? "application/json"
        let media = MediaType(from: contentType)
        let isMultipart = media?.isType(.multipartForm) ?? false
        guard isMultipart || contentType.hasPrefix("application/json") else {
            metrics.rejection("unsupported_media_type")
            throw RequestError(.unsupportedMediaType,
                               "a render request is JSON (Content-Type: application/json) or multipart/form-data, not \(contentType)")
        }
        // A body announced as too large is refused before a byte of it is read.
        if let length = request.headers[.contentLength].flatMap(Int.init), length > configuration.maxBody {
            metrics.rejection("body_too_large")
            throw RequestError(.contentTooLarge, "the request body is over the limit of \(configuration.maxBody) bytes (--max-body)")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: configuration.maxBody)
        } catch is NIOTooManyBytesError {
            metrics.rejection("body_too_large")
            throw RequestError(.contentTooLarge, "the request body is over the limit of \(configuration.maxBody) bytes (--max-body)")
        }
        let query = request.uri.queryParameters
        let format = try OutputFormat(format: query["format"].map(String.init), page: query["page"].map(String.init),
                                      each: query["each"].map(String.init))
        let parsed: RenderRequest
        var archive: Data?
        do {
            if isMultipart {
                guard let parameter = media?.parameter, parameter.name.lowercased() == "boundary", !parameter.value.isEmpty else {
                    throw RenderRequest.Problem.malformed("a multipart request names its boundary: multipart/form-data; boundary=…")
                }
                (parsed, archive) = try MultipartUpload.read(body, boundary: parameter.value)
            } else {
                parsed = try RenderRequest(body: Data(buffer: body))
            }
        } catch let e as RenderRequest.Problem {
            metrics.rejection(e.kind == .malformed ? "bad_request" : "unprocessable")
            throw RequestError(e.kind == .malformed ? .badRequest : .unprocessable, e.message)
        }
        let templates = TemplateCatalog(extraFolder: configuration.templates)
        let files = archive
        // A template the request uploads is found once its archive is unpacked.
        if archive == nil, let name = parsed.template { _ = try templates.reference(for: name) }
        let cancellation = RenderCancellation(deadline: deadline)
        // Until the answer is written: the end of the handler for a whole answer, the end
        // of the stream for a streamed one.
        let registration = line?.whenGone { cancellation.cancel(because: "the client hung up") } ?? 0
        let run = RenderRun(request: parsed, archive: files, templates: templates, maximumUnpacked: configuration.maxUnpacked,
                            format: format, cancellation: cancellation, parallelShaping: configuration.jobs == 1)
        // A long document, or a mail merge, is answered as its pages are written; a short one
        // whole (with its page count), which costs a small request less.
        if case .pdf = format, parsed.document.utf8.count > Self.streamingThreshold || parsed.data?.arrayValue != nil {
            return try await streamed(run, cancellation: cancellation, line: line, registration: registration, start: start)
        }
        let outcome: RenderOutcome?
        defer { line?.clear(registration) }
        do {
            outcome = try await withTaskCancellationHandler {
                try await workers.run { () throws -> RenderOutcome in
                    try cancellation.check()
                    return try run.perform()
                }
            } onCancel: {
                cancellation.cancel(because: "the request was cancelled")
            }
        } catch {
            throw refusal(error, line: line)
        }
        guard let outcome else { throw refusal(QueueFull()) }
        metrics.rendered(pages: outcome.pages, in: ContinuousClock.now - start)
        metrics.request("render", status: 200)
        var headers: HTTPFields = [.contentType: outcome.contentType]
        headers[HTTPField.Name("X-Folio-Pages")!] = String(outcome.pages)
        if case .each = format { headers[HTTPField.Name("X-Folio-Files")!] = String(outcome.files) }
        if !outcome.warnings.isEmpty { headers[HTTPField.Name("X-Folio-Warnings")!] = String(outcome.warnings.count) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: outcome.bytes)))
    }

    /// Documents longer than this (bytes of Markdown) have their PDF streamed.
    static let streamingThreshold = 64 << 10

    /// A PDF answered as its pages are written (`PDFStream`): the status goes once the
    /// document is built, so a document, data or template error is still a 4xx; the page
    /// count is not known then, so the answer has no `X-Folio-Pages`.
    private func streamed(_ run: RenderRun, cancellation: RenderCancellation, line: ClientLine?, registration: UInt64,
                          start: ContinuousClock.Instant) async throws -> Response {
        let stream = try PDFStream(cancellation: cancellation)
        let started = Handoff()
        let metrics = self.metrics
        let workers = self.workers
        Task {
            defer { line?.clear(registration) }
            let admitted = try? await workers.run { () -> Bool in
                do {
                    try cancellation.check()
                    let outcome = try run.perform(stream: stream.path) { started.resolve(.success(())) }
                    stream.finish()
                    metrics.rendered(pages: outcome.pages, in: ContinuousClock.now - start)
                } catch {
                    // Stopped once its answer had begun: the client went, or time ran out.
                    if let e = error as? RenderCancelled, started.isResolved {
                        metrics.rejection(e.timedOut ? "timeout" : "client_gone")
                    }
                    stream.finish(error)
                    started.resolve(.failure(error))
                }
                return true
            }
            if admitted == nil {
                stream.finish(QueueFull())
                started.resolve(.failure(QueueFull()))
            }
        }
        do { try await started.wait() } catch { throw refusal(error, line: line) }
        metrics.request("render", status: 200)
        return Response(status: .ok, headers: [.contentType: "application/pdf"], body: ResponseBody(asyncSequence: stream.body))
    }

    /// The answer to a render that did not start or was stopped, counted by reason.
    private func refusal(_ error: Error, line: ClientLine? = nil) -> Error {
        switch error {
        case let e as RenderCancelled:
            metrics.rejection(e.timedOut ? "timeout" : line?.isGone == true ? "client_gone" : "cancelled")
            return RequestError(.serviceUnavailable, e.description + (e.timedOut ? " (the limit is \(configuration.timeout))" : ""))
        case is QueueFull:
            metrics.rejection("queue_full")
            return RequestError(.tooManyRequests, "all \(workers.count) render threads are busy and \(workers.waiting) renders are waiting; try again shortly",
                                retryAfter: 1)
        case let e as RequestError:
            metrics.rejection(e.status == .unprocessable ? "unprocessable" : "error")
            return e
        default:
            return error
        }
    }

    /// No room for another render.
    private struct QueueFull: Error {}
}

/// What `POST /render` answers with: the PDF, one page as a PNG, or a zip of one PDF per
/// record.
enum OutputFormat: Sendable, Equatable {
    case pdf
    case png(page: Int)
    case each(pattern: String)

    /// `?format=pdf` (the default), `?format=png&page=N` (N from 1; 1 by default), or
    /// `?each=PATTERN` (a mail merge's records each in a PDF named by the pattern, zipped).
    init(format: String?, page: String?, each: String? = nil) throws {
        if let each {
            guard format == nil || format == "pdf" else { throw RequestError(.badRequest, "each= makes PDFs; it does not go with format=\(format!)") }
            guard !each.isEmpty else { throw RequestError(.badRequest, "each= names each record's PDF, e.g. each={{number}}.pdf") }
            self = .each(pattern: each)
            return
        }
        switch format ?? "pdf" {
        case "pdf": self = .pdf
        case "png":
            let text = page ?? "1"
            guard let n = Int(text), n >= 1, n <= 1_000_000 else {
                throw RequestError(.badRequest, "page is a page number from 1, not '\(text)'")
            }
            self = .png(page: n)
        case let other:
            throw RequestError(.badRequest, "format is pdf or png, not '\(other)'")
        }
    }
}
