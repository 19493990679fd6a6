/// How elements of the old and new lists are paired.
public enum DiffAlgorithm: Sendable, Hashable, CaseIterable {
    /// Hashed Heckel: O(n) pairing by identity; duplicate ids are paired in
    /// order of occurrence; moves are minimal. The default.
    case heckel
    /// Myers' longest common subsequence over identities, in linear space:
    /// a minimal edit script (within the cost bound); elements outside the
    /// subsequence whose identity is on both sides become moves.
    case lcs
}

/// What to do when an identifier occurs more than once in one list.
public enum DuplicatePolicy: Sendable, Hashable, CaseIterable {
    /// Pair duplicates in order of occurrence (first old with first new);
    /// surplus occurrences become deletes or inserts. The default.
    case pairInOrder
    /// Throw ``DiffError/duplicateIdentifier(_:side:location:firstLocation:)``
    /// naming the first duplicate.
    case reject
}

/// How changed content is reported.
public enum UpdateStyle: Sendable, Hashable, CaseIterable {
    /// As reloads (`reloadRows`), in old index space, in the first stage.
    case reload
    /// As reconfigures (`reconfigureRows`), in new index space, issued after
    /// the batch that moves rows (iOS 15+). A Box row whose component
    /// changed type is deleted and inserted instead: a reconfigured cell
    /// must keep its type.
    case reconfigure
}

/// How a Box changeset is laid out in batches.
public enum BatchMode: Sendable, Hashable, CaseIterable {
    /// Up to five ordered stages, each one `performBatchUpdates` call with
    /// its intermediate data (the default; what DifferenceKit does).
    case staged
    /// One batch, rewritten so UIKit accepts it in a single
    /// `performBatchUpdates` call (as Bento applies a render). Its only
    /// data is the target, so no intermediate Box is built: for Boxes the
    /// faster mode, about 2× faster than ``staged`` at 20 rows and 2.8×
    /// at 10,000 rows in 100 sections (see the README's benchmarks). A few
    /// moves show as a
    /// delete and an insert instead.
    case singleBatch
}

/// Options of a diff.
///
/// ```swift
/// var options = DiffOptions()
/// options.algorithm = .lcs
/// options.duplicates = .reject
/// let changeset = try StagedChangeset(source: old, target: new, options: options)
/// // or: DiffOptions(algorithm: .lcs, duplicates: .reject)
/// ```
public struct DiffOptions: Sendable, Hashable {
    /// The pairing algorithm (default ``DiffAlgorithm/heckel``).
    public var algorithm: DiffAlgorithm = .heckel
    /// The duplicate-identifier policy (default ``DuplicatePolicy/pairInOrder``).
    public var duplicates: DuplicatePolicy = .pairInOrder
    /// LCS only: past this many edit steps in one search the LCS search
    /// stops being exhaustive and splits heuristically, bounding the time of
    /// a fully shuffled list (the result is still valid, maybe not minimal).
    /// Zero or negative means the default, 4096.
    ///
    /// The bound also sets the diff's work budget: 2 · bound² steps (what
    /// the searches of lists up to about 2 · bound edits apart take in all)
    /// plus a small amount per element. Past
    /// it, every further search stops after 32 steps, so ids in an order
    /// someone else chose (a random permutation, two ids in random order)
    /// cost linear time with a small constant: 0.24 s and 1.0 s at
    /// 1,000,000 ids a side in the C core (release; 5.3 s and 12.9 s
    /// without the budget). Lists up to a few thousand edits apart stay
    /// minimal. For an exhaustive search pass `Int.max`.
    public var lcsCostBound: Int = 4096
    /// How content changes are reported (default ``UpdateStyle/reload``).
    public var updateStyle: UpdateStyle = .reload
    /// Staged or single-batch (default ``BatchMode/staged``).
    public var mode: BatchMode = .staged
    /// Above this many changes (section and row deletes, inserts,
    /// moves, updates and reconfigures together) the changeset is a plan
    /// to reload everything instead of stages. `nil` (the default) never
    /// does. The count is the ``StagedChangeset/changeCount`` of the
    /// changeset the diff would give otherwise, over all its stages
    /// (Carbon's `animatableChangeCount`, not a count per stage): with
    /// ``BatchMode/singleBatch``, a section the batch replaces whole
    /// (deleted and inserted: one whose footer changed while rows were
    /// inserted into it, say) counts 2, whatever its rows. A negative
    /// threshold counts as 0: any change reloads everything, and a diff
    /// with no change is still empty (not a reload).
    ///
    /// Re-binds do not count: the reconfigures of Box rows whose
    /// components are incomparable on both sides
    /// (``Component/init(incomparable:)``, as Bento's component classes go
    /// in), and the reloads of sections whose header or footer is
    /// incomparable on both sides. A diff makes them on every render, as
    /// Bento re-binds its components, so nothing says they changed: an
    /// unchanged Bento screen is never reloaded whole, whatever its size
    /// (its text field keeps the keyboard). ``BatchUpdate/changeCount``
    /// counts them.
    public var reloadThreshold: Int? = nil

    /// The default options.
    public init() {}

    /// Options with the settings given; the others keep their defaults.
    ///
    /// ```swift
    /// let renderer = BoxRenderer(view: view, options: DiffOptions(mode: .singleBatch)) { [unowned self] in
    ///     self.box = $0
    /// }
    /// let strict = DiffOptions(algorithm: .lcs, duplicates: .reject)
    /// ```
    public init(
        algorithm: DiffAlgorithm? = nil, duplicates: DuplicatePolicy? = nil, mode: BatchMode? = nil,
        updateStyle: UpdateStyle? = nil, reloadThreshold: Int? = nil, lcsCostBound: Int? = nil
    ) {
        if let algorithm { self.algorithm = algorithm }
        if let duplicates { self.duplicates = duplicates }
        if let mode { self.mode = mode }
        if let updateStyle { self.updateStyle = updateStyle }
        self.reloadThreshold = reloadThreshold
        if let lcsCostBound { self.lcsCostBound = lcsCostBound }
    }

    /// The change count above which a diff reloads everything:
    /// ``reloadThreshold``, at least 0, or `Int.max` without one.
    @inlinable
    var changeCountAllowed: Int { reloadThreshold.map { max(0, $0) } ?? Int.max }
}
