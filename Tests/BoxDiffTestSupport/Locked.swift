import Foundation

/// A value handed between threads under a lock: a concurrency test's own
/// bookkeeping (counts of failures, mailboxes), kept out of what is tested.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held.
    public func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
