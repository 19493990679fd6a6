import Foundation

/// A list view that takes batch updates: the methods of
/// `UICollectionView` that apply a ``StagedChangeset``, with UIKit's own
/// signatures, so that `UICollectionView` conforms as it is (see
/// `UICollectionView+ListView.swift`) and `UITableView`,
/// `NSCollectionView` and `NSTableView` through thin adapters (the last
/// one converts each batch to `NSTableView`'s calls that apply one at a
/// time, in platform-neutral code).
///
/// The updater (``reload(using:interrupt:setData:completion:)``) holds all
/// the logic and needs nothing but these calls, so it runs (and is tested)
/// on any platform: the tests drive a simulated view that applies every
/// batch under UIKit's rules.
///
/// Index paths are built as `[section, item]`; sections and items read as
/// `path[0]` and `path[1]` (UIKit's `section` and `item` are the same
/// indexes).
///
/// A conforming view must run the `updates` block of
/// ``performBatchUpdates(_:completion:)`` once, before returning, as UIKit
/// does: the updater calls its non-escaping `setData` inside it. The view
/// may keep the block afterwards (a view that records its batches), but
/// not run it again. The updater checks it and stops the program
/// otherwise, with a message that release builds print too: when
/// `performBatchUpdates` returns, that the block ran once; and in the
/// block, that its call has not returned.
/// The block reaches the renderer and the changeset's stages unretained,
/// so a block run later would read freed memory.
@preconcurrency @MainActor
public protocol ListView: AnyObject {
    /// Runs `updates` (which changes the data source and makes the calls
    /// below) as one animated batch; `completion` runs when its animations
    /// end, with `true` when they finished.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

    /// Discards every cell and reads the data source afresh, without
    /// animation.
    func reloadData()

    /// Inserts sections at these indexes of the state after the batch.
    func insertSections(_ sections: IndexSet)

    /// Deletes the sections at these indexes of the state before the batch.
    func deleteSections(_ sections: IndexSet)

    /// Replaces the sections at these indexes of the state before the batch
    /// (header, footer and every item) with the data source's.
    func reloadSections(_ sections: IndexSet)

    /// Moves a section from index `section` before the batch to
    /// `newSection` after it, with its items.
    func moveSection(_ section: Int, toSection newSection: Int)

    /// Inserts items at these paths of the state after the batch.
    func insertItems(at indexPaths: [IndexPath])

    /// Deletes the items at these paths of the state before the batch.
    func deleteItems(at indexPaths: [IndexPath])

    /// Replaces the cells of the items at these paths of the state before
    /// the batch with new ones from the data source.
    func reloadItems(at indexPaths: [IndexPath])

    /// Moves an item from `indexPath` before the batch to `newIndexPath`
    /// after it, keeping its cell.
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)

    /// Updates the existing cells at these paths (of the state the view
    /// shows now) with the data source's content, keeping the cells.
    @available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *)
    func reconfigureItems(at indexPaths: [IndexPath])

    /// Whether batches can be animated now. UIKit: the view is in a window;
    /// otherwise the updater reloads the data instead.
    var canAnimateBatchUpdates: Bool { get }

    /// Whether this view re-binds a section's header and footer views in
    /// place (``reconfigureSection(_:toSection:)``). When it does,
    /// ``BoxRenderer`` re-binds, instead of reloading, a section whose
    /// header or footer is an incomparable component on both sides (a
    /// Bento component class, re-bound on every render) and otherwise
    /// unchanged, as Bento does: a reload (`reloadSections`) would replace
    /// every cell of the section, and a text field in it would lose the
    /// keyboard on every render. The default is `false`: such sections
    /// are reloaded. UIKit's `TableListView` re-binds through its
    /// `rebindHeaderFooterView` hook, UIKit's `CollectionListView` (a
    /// `UICollectionView` wrapped) through its `rebindSupplementaryView`;
    /// a `UICollectionView`, a ``ListView`` as it is, reloads, and so do
    /// AppKit's adapters (an `NSTableView`'s `TableListView` given its
    /// sections reloads such a section's table rows in place).
    var reconfiguresSections: Bool { get }

    /// Re-binds the header and footer views this view shows for section
    /// `section` (an index of the state before the batch) to the data
    /// source's section `newSection` (its index in the data the batch's
    /// block just set), in place: the section's cells, their number and
    /// their positions are untouched. ``BoxRenderer`` calls it inside a
    /// batch's block, after handing the data source the batch's data and
    /// before the batch's calls, only when ``reconfiguresSections`` is
    /// `true`. A header or footer the view does not show now (scrolled
    /// away) needs nothing: the view asks the data source when it shows it.
    /// The default does nothing.
    func reconfigureSection(_ section: Int, toSection newSection: Int)
}

extension ListView {
    /// `false`: sections whose header or footer changed are reloaded.
    public var reconfiguresSections: Bool { false }

    /// Nothing (see ``ListView/reconfiguresSections``).
    public func reconfigureSection(_ section: Int, toSection newSection: Int) {}
}

/// A section's supplementary view: its header or its footer.
public enum SectionSupplement: Sendable, Hashable, CaseIterable {
    /// The view above the section's rows.
    case header
    /// The view below the section's rows.
    case footer
}

extension ElementPath {
    /// This path as a Foundation index path, `[section, row]` (UIKit's
    /// `IndexPath(item:section:)` / `IndexPath(row:section:)`).
    @inlinable
    public var indexPath: IndexPath {
        // Built up from one index (no temporary array): Foundation stores a
        // two-index path inline.
        var path = IndexPath(index: section)
        path.append(row)
        return path
    }

    /// The path `[section, row]` of a two-index Foundation index path (a
    /// UIKit row or item path).
    /// - Precondition: `indexPath` has two indexes.
    public init(_ indexPath: IndexPath) {
        checkUsage(indexPath.count == 2, "BoxDiff: an item path has two indexes, got \(indexPath)")
        self.init(section: indexPath[0], row: indexPath[1])
    }
}
