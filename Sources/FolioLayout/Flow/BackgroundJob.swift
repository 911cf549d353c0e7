/// Work handed to the worker thread with `LayoutManager.performOnWorkerThread(_:)`;
/// `LayoutManager.wait(for:)` returns once it is done.
public final class BackgroundJob: @unchecked Sendable {
    /// Set by the worker, under the pipeline's lock; a cancelled pipeline has run all its
    /// jobs by the time `cancel()` returns.
    var isDone = false
}
