import BoxDiff
import Foundation

/// The result of ``ListDiff(oldArray:newArray:option:)``
/// (IGListKit's `ListIndexSetResult`).
///
/// Index spaces are UIKit's for one batch: ``deletes``, ``updates`` and a
/// move's `from` are indexes of the old array; ``inserts`` and a move's
/// `to` are indexes of the new array.
///
/// The result as it is can be applied in one `performBatchUpdates` call,
/// updates as reloads, only when no update is also a move source (UIKit
/// rejects a reload and a move of one item in one batch); as in IGListKit,
/// every updated object whose index changes other than by the deletes and
/// inserts before it is a move source, so the check is on ``moves``.
/// ``resultForBatchUpdates()`` is always safe for one batch.
///
/// `Sendable` (checked by hand), so that a diff run off the main thread
/// hands its result to the main thread, as IGListKit's adapters do: the
/// result is immutable, and lookups on one result from several threads at
/// once are safe (the identifier maps are built once, under a lock, on
/// first use). It keeps the diff identifiers, which may be any objects,
/// and a lookup calls their `hash` and `isEqual(_:)` on the caller's
/// thread: as IGListKit requires, identifiers must not change once
/// returned from `diffIdentifier()` (strings, numbers, immutable objects).
///
/// A result keeps both diffed arrays (their objects and identifiers) as
/// long as it lives: its identifier lookups read them.
public final class ListIndexSetResult: @unchecked Sendable, CustomStringConvertible {
    let diff: IGListKitDiff
    /// The identifier maps, built on the first lookup of each side.
    private let maps = BuiltOnce<[DiffIdentifierKey: Int]>(count: 2)
    /// The index sets (inserts, deletes, updates), each made from its
    /// ascending index array when first read.
    private let sets = BuiltOnce<IndexSet>(count: 3)

    init(_ diff: IGListKitDiff) {
        self.diff = diff
    }

    /// The indexes inserted into the new array.
    public var inserts: IndexSet { sets.value(0) { IGListKitDiff.indexSet(ascending: diff.inserts) } }

    /// The indexes deleted from the old array.
    public var deletes: IndexSet { sets.value(1) { IGListKitDiff.indexSet(ascending: diff.deletes) } }

    /// The indexes in the old array of the objects that need updating:
    /// paired by identifier with a new object whose contents differ (see
    /// ``ListDiffOption``), and, as in IGListKit (one updated flag per
    /// identifier), every other pair of an identifier that has such a pair
    /// when the identifier repeats. An updated object may also move.
    public var updates: IndexSet { sets.value(2) { IGListKitDiff.indexSet(ascending: diff.updates) } }

    /// The moves from an index in the old array to an index in the new
    /// array, ascending by destination. Minimal, except for updated
    /// objects: the objects that stay put relative to each other are not
    /// listed, unless updated and off the index the deletes and inserts
    /// alone give them (where UIKit would put their reload), which are
    /// listed as IGListKit lists them.
    public var moves: [ListMoveIndex] { diff.moves }

    /// Whether there is any insert, delete, update or move.
    public var hasChanges: Bool { changeCount > 0 }

    /// The number of inserts, deletes, updates and moves together
    /// (internal in IGListKit, public here).
    public var changeCount: Int { diff.inserts.count + diff.deletes.count + diff.updates.count + moves.count }

    /// The index in the old array of the object with this diff identifier,
    /// or `NSNotFound`. When several old objects share it, the last one's.
    ///
    /// - Parameter identifier: A ``ListDiffable/diffIdentifier()``.
    /// - Returns: The old index, or `NSNotFound`.
    public func oldIndex(forIdentifier identifier: NSObjectProtocol) -> Int {
        maps.value(0) { IGListKitDiff.lastIndexes(diff.oldElements) }[DiffIdentifierKey(object: identifier)]
            ?? NSNotFound
    }

    /// The index in the new array of the object with this diff identifier,
    /// or `NSNotFound`. When several new objects share it, the last one's.
    ///
    /// - Parameter identifier: A ``ListDiffable/diffIdentifier()``.
    /// - Returns: The new index, or `NSNotFound`.
    public func newIndex(forIdentifier identifier: NSObjectProtocol) -> Int {
        maps.value(1) { IGListKitDiff.lastIndexes(diff.newElements) }[DiffIdentifierKey(object: identifier)]
            ?? NSNotFound
    }

    /// The result rewritten for one `UITableView` / `UICollectionView`
    /// batch, as IGListKit's `resultForBatchUpdates`: every updated object
    /// becomes a delete at its old index plus an insert at its new index,
    /// and its move (if any) is dropped, so ``updates`` is empty and no
    /// index is deleted, inserted or moved twice. Duplicated identifiers
    /// are converted pair by pair (IGListKit converts one pair per
    /// identifier, through its identifier maps).
    ///
    /// - Returns: A result with no updates, valid in one batch.
    public func resultForBatchUpdates() -> ListIndexSetResult {
        ListIndexSetResult(diff.forBatchUpdates())
    }

    /// ``resultForBatchUpdates()`` under the name Swift code calls it by
    /// with IGListKit: its Objective-C `resultForBatchUpdates` has no
    /// `NS_SWIFT_NAME`, and Swift's importer drops the leading word that
    /// repeats the return type.
    ///
    /// - Returns: A result with no updates, valid in one batch.
    public func forBatchUpdates() -> ListIndexSetResult {
        resultForBatchUpdates()
    }

    /// The counts of each kind of change.
    public var description: String {
        "<ListIndexSetResult; \(diff.inserts.count) inserts; \(diff.deletes.count) deletes; "
            + "\(diff.updates.count) updates; \(moves.count) moves>"
    }
}

/// The result of ``ListDiffPaths(fromSection:toSection:oldArray:newArray:option:)``
/// (IGListKit's `ListIndexPathResult`): ``ListIndexSetResult`` with old
/// indexes as index paths in the old section and new indexes in the new
/// section. Index paths are `[section, item]`.
///
/// `Sendable` (checked by hand) as ``ListIndexSetResult`` is, on the
/// same terms: identifiers must not change once returned from
/// `diffIdentifier()`.
public final class ListIndexPathResult: @unchecked Sendable, CustomStringConvertible {
    private let indexes: ListIndexSetResult
    private let fromSection: Int
    private let toSection: Int

    init(_ diff: IGListKitDiff, fromSection: Int, toSection: Int) {
        self.indexes = ListIndexSetResult(diff)
        self.fromSection = fromSection
        self.toSection = toSection
    }

    // Built up from one index (`ElementPath.indexPath`): `IndexPath(indexes:)`
    // allocates its array argument, twice the time per path on Linux.
    private func old(_ index: Int) -> IndexPath { ElementPath(section: fromSection, row: index).indexPath }
    private func new(_ index: Int) -> IndexPath { ElementPath(section: toSection, row: index).indexPath }

    /// The index paths inserted into the new section, ascending.
    public var inserts: [IndexPath] { indexes.diff.inserts.map(new) }

    /// The index paths deleted from the old section, ascending.
    public var deletes: [IndexPath] { indexes.diff.deletes.map(old) }

    /// The index paths in the old section of the objects that need
    /// updating, in the order of their objects in the new array (as
    /// IGListKit, which lists them while walking the new array).
    public var updates: [IndexPath] { indexes.diff.updatedPairs.sorted { $0.to < $1.to }.map { old($0.from) } }

    /// The moves from an index path in the old section to one in the new
    /// section.
    public var moves: [ListMoveIndexPath] {
        indexes.moves.map { ListMoveIndexPath(from: old($0.from), to: new($0.to)) }
    }

    /// Whether there is any insert, delete, update or move.
    public var hasChanges: Bool { indexes.hasChanges }

    /// The number of inserts, deletes, updates and moves together.
    public var changeCount: Int { indexes.changeCount }

    /// The index path in the old section of the object with this diff
    /// identifier, or `nil`. When several old objects share it, the last
    /// one's.
    ///
    /// - Parameter identifier: A ``ListDiffable/diffIdentifier()``.
    /// - Returns: The old index path, or `nil`.
    public func oldIndexPath(forIdentifier identifier: NSObjectProtocol) -> IndexPath? {
        let index = indexes.oldIndex(forIdentifier: identifier)
        return index == NSNotFound ? nil : old(index)
    }

    /// The index path in the new section of the object with this diff
    /// identifier, or `nil`. When several new objects share it, the last
    /// one's.
    ///
    /// - Parameter identifier: A ``ListDiffable/diffIdentifier()``.
    /// - Returns: The new index path, or `nil`.
    public func newIndexPath(forIdentifier identifier: NSObjectProtocol) -> IndexPath? {
        let index = indexes.newIndex(forIdentifier: identifier)
        return index == NSNotFound ? nil : new(index)
    }

    /// The result rewritten for one batch, as
    /// ``ListIndexSetResult/resultForBatchUpdates()``.
    ///
    /// - Returns: A result with no updates, valid in one batch.
    public func resultForBatchUpdates() -> ListIndexPathResult {
        ListIndexPathResult(indexes.diff.forBatchUpdates(), fromSection: fromSection, toSection: toSection)
    }

    /// ``resultForBatchUpdates()`` under the name Swift code calls it by
    /// with IGListKit (see ``ListIndexSetResult/forBatchUpdates()``).
    ///
    /// - Returns: A result with no updates, valid in one batch.
    public func forBatchUpdates() -> ListIndexPathResult {
        resultForBatchUpdates()
    }

    /// The counts of each kind of change.
    public var description: String {
        "<ListIndexPathResult; \(inserts.count) inserts; \(deletes.count) deletes; "
            + "\(updates.count) updates; \(moves.count) moves>"
    }
}

/// Values of a result built on first use and read under a lock afterwards
/// (the identifier maps, the index sets): a result may be shared between
/// threads, and two first reads at once would otherwise both write the
/// stored value. A value is built outside the lock, so that no caller code
/// (the identifiers' own `hash` and `isEqual`) runs while it is held; when
/// two threads build one at once, the first stored is kept.
final class BuiltOnce<Value> {
    private let lock = NSLock()
    private var values: [Value?]

    /// Room for `count` values, none built.
    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// Value `slot`, built by `build` on first use.
    // (lock() and unlock(): NSLocking.withLock needs a recent SDK.)
    func value(_ slot: Int, _ build: () -> Value) -> Value {
        lock.lock()
        let stored = values[slot]
        lock.unlock()
        if let stored { return stored }
        let built = build()
        lock.lock()
        defer { lock.unlock() }
        if let stored = values[slot] { return stored }
        values[slot] = built
        return built
    }
}
