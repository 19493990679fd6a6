/// The changes from old data to new data, as ordered stages that UIKit's
/// batch updates accept: apply each stage's calls in one
/// `performBatchUpdates`, after setting the stage's `data`.
///
/// ```swift
/// let changeset = try StagedChangeset(source: oldItems, target: newItems)
/// for stage in changeset {
///     items = stage.data
///     // tableView.performBatchUpdates { delete / insert / move / reload }
/// }
/// ```
///
/// When ``reloadsEverything`` is true (any diff, flat, sectioned or Box,
/// past ``DiffOptions/reloadThreshold``) there is one stage without calls,
/// whose data is the target: reload the whole view with it.
///
/// Printing shows one line per stage (`stage 1: delete [0,3] [1,0]`), or
/// `reload everything`. Two changesets are equal when their stages are, in
/// order, each compared ignoring the order of its calls (see
/// ``BatchUpdate``), and their ``reloadsEverything`` and ``isMinimal``
/// agree: an LCS diff cut at its cost bound (`isMinimal` false) is not
/// `==` to a hand-written changeset of the same stages (compare `stages`
/// for DifferenceKit's equality, which has neither flag). When `Data` is
/// `Codable` the changeset is too, as
/// `{"stages":[…],"reloadsEverything":false,"isMinimal":true}`.
public struct StagedChangeset<Data> {
    /// The stages, in order; empty when nothing changed (one stage without
    /// calls when ``reloadsEverything``).
    public var stages: [Changeset<Data>]
    /// True when the changeset is a plan to reload everything instead of
    /// animating stages (see ``DiffOptions/reloadThreshold``).
    public var reloadsEverything: Bool
    /// Whether the pairing is known to be minimal for its algorithm (LCS
    /// past its cost bound may not be).
    public var isMinimal: Bool

    /// A changeset made of the given stages.
    public init(_ stages: [Changeset<Data>] = [], reloadsEverything: Bool = false, isMinimal: Bool = true) {
        self.stages = stages
        self.reloadsEverything = reloadsEverything
        self.isMinimal = isMinimal
    }

    /// Total number of changes over all stages.
    public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }
}

extension StagedChangeset: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// A changeset without stages: nothing changed (DifferenceKit's
    /// `StagedChangeset()`).
    public init() {
        self.init([Changeset<Data>]())
    }

    /// Index of the first stage.
    public var startIndex: Int { stages.startIndex }
    /// One past the last stage.
    public var endIndex: Int { stages.endIndex }
    /// The stage at `position`.
    public subscript(position: Int) -> Changeset<Data> {
        get { stages[position] }
        set { stages[position] = newValue }
    }

    /// Replaces the stages in `subrange` with `newStages`, as DifferenceKit's
    /// `StagedChangeset` (a `RangeReplaceableCollection`) does: `append`,
    /// `insert`, `remove`, `filter` (which keeps the type) and
    /// `StagedChangeset(someStages)` from any sequence of stages.
    /// Replacing stages keeps ``reloadsEverything`` and ``isMinimal``; a
    /// changeset made anew from stages (`StagedChangeset(someStages)`,
    /// `filter`) starts as `StagedChangeset()` does, with `false` and
    /// `true`, so a plan to reload everything is one no longer.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newStages: C)
    where C.Element == Changeset<Data> {
        stages.replaceSubrange(subrange, with: newStages)
    }

    /// Removes every stage, keeping ``reloadsEverything`` and
    /// ``isMinimal`` as ``replaceSubrange(_:with:)`` does (the collection's
    /// default started anew, as `StagedChangeset()`, unless asked to keep
    /// the capacity).
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        stages.removeAll(keepingCapacity: keepCapacity)
    }
}

extension StagedChangeset: ExpressibleByArrayLiteral {
    /// A changeset made of the listed stages, as DifferenceKit's tests
    /// write an expected changeset: `[Changeset(data: …, elementDeleted: …)]`.
    public init(arrayLiteral stages: Changeset<Data>...) {
        self.init(stages)
    }
}

extension StagedChangeset: Equatable where Data: Equatable {}
extension StagedChangeset: Sendable where Data: Sendable {}
