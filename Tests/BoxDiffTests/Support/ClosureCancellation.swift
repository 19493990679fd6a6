@testable import BoxDiff

/// A diff cancellation that stops once `isCancelled` returns `true`: the
/// tests count a diff's checks and stop it at each in turn. The Swift
/// layer's checks only (no flag for the C core's calls to watch).
struct ClosureCancellation: DiffCancellation {
    /// Whether to stop, asked at each check.
    let isCancelled: () -> Bool

    init(_ isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }

    func shouldStop() -> Bool { isCancelled() }

    func watch(_ on: Bool, in workspace: DiffWorkspace) {}
}
