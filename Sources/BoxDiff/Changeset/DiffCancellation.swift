/// What a diff that may be abandoned checks between its phases: a
/// background render's diff (``BoxRenderer/renderInBackground(_:)``) that a
/// newer render superseded, or an app's diff handed a
/// ``DiffCancellationFlag`` that was raised, stops at the next check
/// instead of running to its end, on a thread of its own, for a result
/// nobody applies.
///
/// A Box diff checks it while hashing the new Box, while confirming
/// paired rows with equal content hashes by `==` and while the staged
/// update and delete steps copy rows (every 16,384 rows or so, between
/// sections: one long section is hashed, confirmed and copied whole);
/// every 16,384 rows while a sectioned diff compares its rows with
/// `isContentEqual(to:)`; after pairing the rows, after comparing the
/// paired rows' contents, after planning, and after the update and delete
/// steps. With a flag (``PolledCancellation/init(flag:)``), the C core's
/// calls read it too, between their steps (a Heckel table's build and
/// probe, LCS's classes and every 256 steps of its searches, the runs). A
/// stop throws ``DiffError/cancelled``, which no caller sees (the renderer
/// drops the render; the public diffs that take a flag return `nil`); the
/// workspace is left ready for the next diff, and the Boxes unchanged (a
/// new Box's table, once hashed, stays cached in it).
///
/// The diffs are generic over it, so that the usual diff
/// (``NeverCancelled``) carries no check at all: its specialization has
/// the code it had before there were checks.
@usableFromInline
protocol DiffCancellation {
    /// Whether the diff should stop.
    func shouldStop() -> Bool
    /// Makes the C core's calls through `workspace` stop too when the diff
    /// should (or no longer, with `false`): for the diff's own workspace,
    /// on at its start and off at its end.
    func watch(_ on: Bool, in workspace: DiffWorkspace)
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
        guard let table = IdentityTable(box, cancellation: self) else {
            throw DiffError.cancelled
        }
        return box.cache.table { table }
    }
}

/// How many rows a diff hashes or copies between two checks inside a
/// long step (a tenth of a millisecond or so).
@usableFromInline let rowsBetweenChecks = 16_384

/// Counts the rows a long step handles and checks a cancellation every
/// ``rowsBetweenChecks`` rows or so (at the boundaries the step passes it,
/// such as a section's start). With ``NeverCancelled`` it compiles to
/// nothing.
@frozen @usableFromInline
struct CancellationGate {
    /// Rows handled so far.
    @usableFromInline var rows = 0
    /// The count at which the next check is due.
    @usableFromInline var next = rowsBetweenChecks

    @inlinable init() {}

    /// Whether the step should stop, `rows` more rows on (checked once a
    /// check is due).
    @inlinable @inline(__always)
    mutating func stops<C: DiffCancellation>(after rows: Int, _ cancellation: C) -> Bool {
        self.rows &+= rows
        guard self.rows >= next else { return false }
        next = self.rows &+ rowsBetweenChecks
        return cancellation.shouldStop()
    }
}

/// The usual diff's cancellation: never stops, and checks nothing.
@frozen @usableFromInline
struct NeverCancelled: DiffCancellation {
    @inlinable init() {}

    @inlinable @inline(__always)
    func shouldStop() -> Bool { false }

    @inlinable @inline(__always)
    func watch(_ on: Bool, in workspace: DiffWorkspace) {}

    /// The table as every diff reads it, with nothing to check.
    @inlinable @inline(__always)
    func identityTable<S, R>(of box: borrowing Box<S, R>) throws(DiffError) -> IdentityTable { box.identityTable }
}

/// A cancellation that stops once `flag` is raised (a background render's:
/// its task's cancellation handler raises it; a public diff's: its
/// caller's), in the C core's calls too (they read the flag between their
/// steps).
@frozen @usableFromInline
struct PolledCancellation: DiffCancellation {
    /// The flag the Swift layer's checks read and the core's calls watch.
    @usableFromInline let flag: DiffCancellationFlag

    /// Stops once `flag` is raised.
    @inlinable
    init(flag: DiffCancellationFlag) { self.flag = flag }

    @inlinable
    func shouldStop() -> Bool { flag.isCancelled }

    @inlinable
    func watch(_ on: Bool, in workspace: DiffWorkspace) {
        DiffCancellationFlag.watch(on ? flag : nil, in: workspace)
    }
}

extension DiffError {
    /// What a diff with a ``PolledCancellation`` throws when it stops.
    /// Never seen outside BoxDiff: the renderer drops a cancelled render
    /// whatever its diff returned, and the public diffs that take a
    /// ``DiffCancellationFlag`` return `nil` instead.
    @usableFromInline
    static var cancelled: DiffError { .invalidArgument("the diff was cancelled") }
}
