import BoxDiff
import Foundation

/// Diffs two arrays of ``ListDiffable`` objects into indexes
/// (IGListKit's `ListDiff(oldArray:newArray:option:)`), on BoxDiff's engine.
///
/// Objects are paired by ``ListDiffable/diffIdentifier()`` (identifiers
/// compared with `===` or `isEqual(_:)`, hashed with `hash`, strings and
/// data and UUIDs by their whole contents, numbers by their value). Unpaired old
/// objects are ``ListIndexSetResult/deletes``, unpaired new ones
/// ``ListIndexSetResult/inserts``, and a pair whose contents differ under
/// `option` is an update at its *old* index. When an identifier occurs more
/// than once, its occurrences pair in order, as IGListKit's implementation
/// does (the first old with the first new, and so on); the surplus
/// occurrences are deletes or inserts, and when one pair of an identifier
/// is updated, every pair of that identifier is (IGListKit keeps one
/// updated flag per identifier).
///
/// ```swift
/// let result = ListDiff(oldArray: oldUsers, newArray: newUsers, option: .equality)
/// collectionView.performBatchUpdates {
///     let batch = result.forBatchUpdates()
///     self.collectionView.deleteItems(at: batch.deletes.map { IndexPath(item: $0, section: 0) })
///     self.collectionView.insertItems(at: batch.inserts.map { IndexPath(item: $0, section: 0) })
///     for move in batch.moves {
///         self.collectionView.moveItem(
///             at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
///     }
/// }
/// ```
///
/// Differences from IGListKit: ``ListIndexSetResult/moves`` is a minimal
/// set (the objects off one longest increasing subsequence of the
/// pairing) plus every updated object whose index is not the one the
/// deletes and inserts alone give it, where IGListKit reports every paired
/// object off that index; both are correct batch moves, so the animations
/// agree, but a test expecting IGListKit's exact move list may see fewer
/// moves. As in IGListKit, an update that is not a move source lands, as a
/// reload, where UIKit puts it.
///
/// - Parameters:
///   - oldArray: The objects before the change (`nil` is empty).
///   - newArray: The objects after the change (`nil` is empty).
///   - option: How updates are detected.
/// - Returns: Deletes (old indexes), inserts (new indexes), updates (old
///   indexes) and moves (old index to new index).
/// - Complexity: O(n + m) expected.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func ListDiff(
    oldArray: [any ListDiffable]?, newArray: [any ListDiffable]?, option: ListDiffOption
) -> ListIndexSetResult {
    ListIndexSetResult(IGListKitDiffEngine.diff(old: oldArray ?? [], new: newArray ?? [], option: option))
}

/// Diffs two arrays of ``ListDiffable`` objects into index paths
/// (IGListKit's `ListDiffPaths(fromSection:toSection:oldArray:newArray:option:)`):
/// ``ListDiff(oldArray:newArray:option:)`` with old indexes (deletes,
/// updates, move sources) in `fromSection` and new indexes (inserts, move
/// destinations) in `toSection`.
///
/// - Parameters:
///   - fromSection: The section of the old objects.
///   - toSection: The section of the new objects.
///   - oldArray: The objects before the change (`nil` is empty).
///   - newArray: The objects after the change (`nil` is empty).
///   - option: How updates are detected.
/// - Returns: The changes as two-element index paths `[section, item]`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func ListDiffPaths(
    fromSection: Int, toSection: Int, oldArray: [any ListDiffable]?, newArray: [any ListDiffable]?,
    option: ListDiffOption
) -> ListIndexPathResult {
    ListIndexPathResult(
        IGListKitDiffEngine.diff(old: oldArray ?? [], new: newArray ?? [], option: option),
        fromSection: fromSection, toSection: toSection)
}

/// The diff workspaces of ``ListDiff(oldArray:newArray:option:)`` calls,
/// which are given none: a diff of up to ``elementLimit`` objects a side
/// takes an idle one (or a new one) and gives it back after, so diffs at
/// an app's sizes do not allocate and free the C core's scratch memory
/// every time (about 5,500 instructions of a 20-object diff). At most
/// ``capacity`` idle workspaces are kept, each holding the scratch memory
/// of the largest diff it ran (at most ``elementLimit`` objects a side);
/// larger diffs make their own, freed after. Each workspace serves one diff at a
/// time (taken under the lock), as a workspace requires.
final class ListDiffWorkspaces: @unchecked Sendable {
    /// The one pool.
    static let shared = ListDiffWorkspaces()
    /// The largest side, in objects, of a diff that uses the pool.
    static let elementLimit = 4096
    /// How many idle workspaces are kept.
    static let capacity = 2
    private let lock = NSLock()
    private var idle: [DiffWorkspace] = []

    /// An idle workspace, or a new one (`nil` if none can be made: the
    /// diff then makes its own, which reports the failure).
    func take() -> DiffWorkspace? {
        lock.lock()
        let workspace = idle.popLast()
        lock.unlock()
        return workspace ?? (try? DiffWorkspace())
    }

    /// Gives `workspace` back, kept while fewer than ``capacity`` are.
    func give(_ workspace: DiffWorkspace) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < Self.capacity { idle.append(workspace) }
    }
}
