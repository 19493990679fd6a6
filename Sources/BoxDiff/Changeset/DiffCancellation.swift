/// What a diff that may be abandoned checks between its phases: a
/// background render's diff (``BoxRenderer/renderInBackground(_:)``) that a
/// newer render superseded stops at the next check instead of running to
/// its end, on a thread of its own, for a result nobody applies.
///
/// A Box diff checks it after hashing the new Box, after pairing the rows
/// (the C core's one call, the longest phase left whole), after comparing
/// the paired rows' contents, after planning, and after each staged step
/// that copies rows. A stop throws ``DiffError/cancelled``, which only
/// the renderer sees (it drops the render); the workspace is left ready
/// for the next diff, and the Boxes unchanged (a new Box's table, once
/// hashed, stays cached in it).
///
/// The diffs are generic over it, so that the usual diff
/// (``NeverCancelled``) carries no check at all: its specialization has
/// the code it had before there were checks.
@usableFromInline
protocol DiffCancellation {
    /// Whether the diff should stop.
    func shouldStop() -> Bool
    /// `box`'s identity table, from its cache or computed (and then
    /// cached); throws ``DiffError/cancelled`` when the diff should stop.
    func identityTable<S, R>(of box: borrowing Box<S, R>) throws(DiffError) -> IdentityTable
}

extension DiffCancellation {
    /// Throws ``DiffError/cancelled`` when the diff should stop.
    @inlinable @inline(__always)
    func check() throws(DiffError) {
        if shouldStop() { throw DiffError.cancelled }
    }

    /// `box`'s identity table, from its cache or computed (and then
    /// cached), checking every ``rowsBetweenChecks`` rows or so (at
    /// section boundaries) while it hashes them: a long list's hashing is
    /// a phase of its own. Throws ``DiffError/cancelled`` when it stops,
    /// publishing nothing.
    @inlinable
    func identityTable<S, R>(of box: borrowing Box<S, R>) throws(DiffError) -> IdentityTable {
        if let table = box.cache.cached { return table }
        guard let table = IdentityTable(box, rowIDHash: { IdentityHashing.hash($0) }, cancellation: self) else {
            throw DiffError.cancelled
        }
        return box.cache.table { table }
    }
}

/// How many rows a cancellable table build hashes between two checks
/// (about a tenth of a millisecond; a check is a call into the runtime).
@usableFromInline let rowsBetweenChecks = 16_384

/// The usual diff's cancellation: never stops, and checks nothing.
@frozen @usableFromInline
struct NeverCancelled: DiffCancellation {
    @inlinable init() {}

    @inlinable @inline(__always)
    func shouldStop() -> Bool { false }

    /// The table as every diff reads it, with nothing to check.
    @inlinable @inline(__always)
    func identityTable<S, R>(of box: borrowing Box<S, R>) throws(DiffError) -> IdentityTable { box.identityTable }
}

/// A cancellation that stops once `isCancelled` returns `true` (for a
/// background render: once its task is cancelled).
@frozen @usableFromInline
struct PolledCancellation: DiffCancellation {
    /// Whether to stop.
    @usableFromInline let isCancelled: () -> Bool

    @inlinable
    init(_ isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }

    @inlinable
    func shouldStop() -> Bool { isCancelled() }
}

extension DiffError {
    /// What a diff with a ``PolledCancellation`` throws when it stops.
    /// Never seen outside BoxDiff: only a background render's diff is
    /// cancellable, and the renderer drops a cancelled render whatever its
    /// diff returned.
    @usableFromInline
    static var cancelled: DiffError { .invalidArgument("the diff was cancelled (a superseded render)") }
}
