import Prometheus

/// What `GET /metrics` reports, in Prometheus's text format: requests by route and
/// status, render durations, pages set, the queue, and refusals by reason. Each service
/// has its own registry (no process-wide state), so tests can run several.
final class ServeMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let durations: DurationHistogram
    private let pages: Counter
    private let queueDepth: Gauge

    init() {
        durations = registry.makeDurationHistogram(
            descriptor: Self.name("render_duration", unit: "seconds",
                                  help: "Time from a render's start to its last byte written, successful renders only"),
            buckets: [.milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                      .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30)])
        pages = registry.makeCounter(descriptor: Self.name("pages", unit: "total", help: "Pages rendered"))
        queueDepth = registry.makeGauge(descriptor: Self.name("queue_depth", unit: "", help: "Renders running or waiting for a worker"))
    }

    /// `folio_NAME_UNIT`.
    private static func name(_ name: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "folio", metricName: name, unitName: unit, helpText: help)
    }

    /// Counts a request answered with `status` on `route`.
    func request(_ route: String, status: Int) {
        registry.makeCounter(descriptor: Self.name("requests", unit: "total", help: "Requests answered, by route and status"),
                             labels: [("route", route), ("status", String(status))]).increment()
    }

    /// Counts a request refused before rendering, and why: `body_too_large`, `queue_full`,
    /// `timeout`, `client_gone`, `bad_request`, `unprocessable`.
    func rejection(_ reason: String) {
        registry.makeCounter(descriptor: Self.name("rejections", unit: "total", help: "Requests refused or stopped, by reason"),
                             labels: [("reason", reason)]).increment()
    }

    /// Records a finished render.
    func rendered(pages count: Int, in duration: Duration) {
        pages.increment(by: Int64(count))
        durations.record(duration)
    }

    /// Sets the number of renders admitted and not done.
    func queue(_ depth: Int) { queueDepth.set(Int64(depth)) }

    /// The text `/metrics` answers.
    func exposition() -> String { registry.emitToString() }
}
