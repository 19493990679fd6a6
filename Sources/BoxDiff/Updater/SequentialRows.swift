import Foundation

// A table without sections whose calls apply one at a time (AppKit's
// `NSTableView`), driven by the updater: a batch's calls are recorded in
// UIKit's batch semantics, then turned into calls that each apply at once.
// Platform-neutral, so the conversion runs (and is tested) on every
// platform; `NSTableView+ListView.swift` only forwards to AppKit.

/// One batch of row calls as the updater makes them, in UIKit's batch
/// semantics: deletes, reloads and move sources are indexes before the
/// batch; inserts and move destinations, indexes after it.
struct RowBatch: Equatable {
    /// Rows deleted (indexes before the batch).
    var deleted: [Int] = []
    /// Rows inserted (indexes after the batch).
    var inserted: [Int] = []
    /// Rows reloaded or reconfigured (indexes before the batch).
    var reloaded: [Int] = []
    /// Rows moved (source before the batch, destination after it).
    var moved: [Move<Int>] = []
    /// False once the batch holds a call a table without sections cannot
    /// take: a section call, or a path outside section 0.
    var isFlat = true

    /// The rows of `paths`, all in section 0; `nil` (and the batch no
    /// longer flat) when one is not a two-index path in section 0.
    mutating func rows(of paths: [IndexPath]) -> [Int]? {
        var rows: [Int] = []
        rows.reserveCapacity(paths.count)
        for path in paths {
            guard path.count == 2, path[0] == 0 else {
                isFlat = false
                return nil
            }
            rows.append(path[1])
        }
        return rows
    }

    /// The calls that give a table whose calls apply at once, showing
    /// `rowCount` rows, the same rows as this batch under UIKit's
    /// semantics; `nil` when the batch cannot be applied that way (not
    /// flat, an index out of range, a row deleted or moved twice, a
    /// destination taken twice, a row both deleted and moved or reloaded).
    func sequentialCalls(rowCount: Int) -> SequentialRowCalls? {
        guard isFlat, rowCount >= 0 else { return nil }
        let deleted = deleted.sorted()
        let inserted = inserted.sorted()
        // A table may report any count (`Int.max` overflowed here: found
        // by review, 2026-12-03).
        let (newCount, overflow) = (rowCount - deleted.count).addingReportingOverflow(inserted.count)
        guard !overflow else { return nil }
        guard Self.isStrictlyAscending(deleted, below: rowCount),
            Self.isStrictlyAscending(inserted, below: newCount)
        else { return nil }

        // Each moved row's source among the rows left after the deletes,
        // and its destination among the rows before the inserts.
        var sources: [Int] = []
        var destinations: [Int] = []
        sources.reserveCapacity(moved.count)
        destinations.reserveCapacity(moved.count)
        for move in moved {
            guard move.source >= 0, move.source < rowCount, move.destination >= 0, move.destination < newCount
            else { return nil }
            let (belowSource, deletedSource) = Self.count(below: move.source, in: deleted)
            let (belowDestination, insertedDestination) = Self.count(below: move.destination, in: inserted)
            guard !deletedSource, !insertedDestination else { return nil }
            sources.append(move.source - belowSource)
            destinations.append(move.destination - belowDestination)
        }
        let sortedSources = sources.sorted()
        let sortedDestinations = destinations.sorted()
        let leftCount = rowCount - deleted.count
        guard Self.isStrictlyAscending(sortedSources, below: leftCount),
            Self.isStrictlyAscending(sortedDestinations, below: leftCount)
        else { return nil }

        // The rows that do not move keep their order. A moved row's slot
        // before and after its move sits among them: `anchor` of them
        // stand before it. Slots in the same gap between two such rows
        // keep the order of the rows they hold, sources before
        // destinations; the table always shows the occupied slots in slot
        // order, so a row's index is the still rows before its slot plus
        // the occupied slots before it, counted with a Fenwick tree.
        struct Slot: Comparable {
            var anchor: Int
            var isDestination: Bool
            var index: Int
            var move: Int
            static func < (a: Slot, b: Slot) -> Bool {
                (a.anchor, a.isDestination ? 1 : 0, a.index) < (b.anchor, b.isDestination ? 1 : 0, b.index)
            }
        }
        var slots: [Slot] = []
        slots.reserveCapacity(2 * moved.count)
        var destinationAnchors: [Int] = []
        destinationAnchors.reserveCapacity(moved.count)
        for k in 0..<moved.count {
            let sourceAnchor = sources[k] - Self.count(below: sources[k], in: sortedSources).below
            let destinationAnchor = destinations[k] - Self.count(below: destinations[k], in: sortedDestinations).below
            slots.append(Slot(anchor: sourceAnchor, isDestination: false, index: sources[k], move: k))
            slots.append(Slot(anchor: destinationAnchor, isDestination: true, index: destinations[k], move: k))
            destinationAnchors.append(destinationAnchor)
        }
        slots.sort()
        var sourceRank = [Int](repeating: 0, count: moved.count)
        var destinationRank = [Int](repeating: 0, count: moved.count)
        for (rank, slot) in slots.enumerated() {
            if slot.isDestination { destinationRank[slot.move] = rank } else { sourceRank[slot.move] = rank }
        }
        var occupied = FenwickTree(count: slots.count)
        for k in 0..<moved.count { occupied.add(1, at: sourceRank[k]) }
        var moves: [Move<Int>] = []
        moves.reserveCapacity(moved.count)
        for k in 0..<moved.count {
            let source = slots[sourceRank[k]].anchor + occupied.sum(below: sourceRank[k])
            occupied.add(-1, at: sourceRank[k])
            let destination = slots[destinationRank[k]].anchor + occupied.sum(below: destinationRank[k])
            occupied.add(1, at: destinationRank[k])
            moves.append(Move(source: source, destination: destination))
        }

        // Reloads land on their rows' indexes after the batch: a still
        // row's is its rank among the still rows, plus the moved rows and
        // inserts that end before it.
        destinationAnchors.sort()
        // The moves by source (their sources are distinct: checked above),
        // so that a reloaded row that moves finds its move by binary
        // search (a linear search per reload was quadratic).
        let movedBySource = moved.sorted { $0.source < $1.source }
        let movedSources = movedBySource.map(\.source)
        // The rows left before the k-th insert: an index after the inserts
        // moves past every insert whose count is at most it.
        let rowsBeforeInsert = inserted.enumerated().map { $1 - $0 }
        var reloads: [Int] = []
        reloads.reserveCapacity(reloaded.count)
        for row in reloaded {
            guard row >= 0, row < rowCount else { return nil }
            let (belowRow, deletedRow) = Self.count(below: row, in: deleted)
            guard !deletedRow else { return nil }
            let (movedBelow, isMoved) = Self.count(below: row, in: movedSources)
            if isMoved {
                // UIKit takes no reload of a moved row; its cell is
                // refreshed where it lands.
                reloads.append(movedBySource[movedBelow].destination)
                continue
            }
            let stillRank = row - belowRow - movedBelow
            let beforeInserts = stillRank + Self.count(atMost: stillRank, in: destinationAnchors)
            reloads.append(beforeInserts + Self.count(atMost: beforeInserts, in: rowsBeforeInsert))
        }
        return SequentialRowCalls(
            removed: IndexSet(runsOf: deleted), moved: moves, inserted: IndexSet(runsOf: inserted),
            reloaded: IndexSet(runsOf: reloads))
    }

    /// Whether `list` (sorted) ascends strictly within `0..<end`.
    static func isStrictlyAscending(_ list: [Int], below end: Int) -> Bool {
        guard let first = list.first, let last = list.last else { return true }
        guard first >= 0, last < end else { return false }
        var i = 1
        while i < list.count {
            if list[i] <= list[i - 1] { return false }
            i += 1
        }
        return true
    }

    /// How many of `sorted` are below `value`, and whether it holds `value`.
    static func count(below value: Int, in sorted: [Int]) -> (below: Int, contains: Bool) {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return (low, low < sorted.count && sorted[low] == value)
    }

    /// How many of `sorted` are at most `value`.
    static func count(atMost value: Int, in sorted: [Int]) -> Int {
        value == Int.max ? sorted.count : count(below: value + 1, in: sorted).below
    }
}

/// A batch as calls that each apply at once, as `NSTableView`'s do inside
/// `beginUpdates()` / `endUpdates()`, made in this order: ``removed``,
/// ``moved`` one by one, ``inserted``, then ``reloaded``.
struct SequentialRowCalls: Equatable {
    /// The rows to remove, indexes before the batch.
    var removed: IndexSet
    /// The moves, each applied at once: `source` is the row's index when
    /// the move is made, `destination` its index right after it.
    var moved: [Move<Int>]
    /// The rows to insert, indexes after the batch.
    var inserted: IndexSet
    /// The rows to reload, indexes after the batch.
    var reloaded: IndexSet
}

/// Counts of occupied slots, a prefix sum at a time.
struct FenwickTree {
    private var tree: [Int]

    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    /// Adds `delta` at `index`.
    mutating func add(_ delta: Int, at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the values below `index`.
    func sum(below index: Int) -> Int {
        var total = 0
        var i = index
        while i > 0 {
            total += tree[i]
            i -= i & -i
        }
        return total
    }
}

/// A table without sections whose calls apply one at a time: AppKit's
/// `NSTableView` (through `TableListView`), or a simulated one in tests.
@MainActor
protocol SequentialRowTable: AnyObject {
    /// The rows the table shows before a batch.
    var numberOfRows: Int { get }
    /// Whether batches can be animated now (the table is in a window).
    var canAnimateBatchUpdates: Bool { get }
    /// Opens a group of calls animated together.
    func beginUpdates()
    /// Closes the group.
    func endUpdates()
    /// Removes rows, indexes of the rows shown now.
    func removeRows(at indexes: IndexSet)
    /// Inserts rows at these indexes of the rows shown after.
    func insertRows(at indexes: IndexSet)
    /// Moves one row, at once.
    func moveRow(at oldIndex: Int, to newIndex: Int)
    /// Reloads the content of these rows, indexes of the rows shown now.
    func reloadRows(at indexes: IndexSet)
    /// Reads every row afresh.
    func reloadData()
}

/// A ``ListView`` over a ``SequentialRowTable``: records each batch's calls,
/// then makes them on the table as calls that apply at once
/// (``RowBatch/sequentialCalls(rowCount:)``), between `beginUpdates()`
/// and `endUpdates()`, right after the batch's data is set. A batch the table cannot take that way (a section
/// call or a path outside section 0 with no ``sections`` given, calls out
/// of range) is shown with `reloadData()` once the batch's data is set, so
/// the table shows the stage's data either way. A call outside a batch is
/// a batch of its own; with ``sections``, one that changes rows reloads.
@MainActor
final class SequentialRowListView<Table: SequentialRowTable>: ListView {
    let table: Table
    /// The table rows of each section of the data as it is now, read
    /// before a batch's data is set and after: with it, index paths map
    /// to table rows section by section (``BatchUpdate/flatRowBatch(old:new:)``);
    /// without it, row `i` of section 0 is the table's row `i`.
    let sections: (@MainActor () -> [TableSectionRows])?
    /// The batch being recorded (inside `performBatchUpdates`).
    private var batch: RowBatch?
    /// The batch being recorded, as sections and rows (with ``sections``),
    /// and whether every path had two indexes.
    private var calls = BatchUpdate()
    private var callsArePaths = true

    init(_ table: Table, sections: (@MainActor () -> [TableSectionRows])? = nil) {
        self.table = table
        self.sections = sections
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if batch != nil {
            // Nested: joins the batch being recorded.
            updates?()
            completion?(true)
            return
        }
        // The row count before the data changes; then the data and the
        // calls, recorded; then the calls, all in one group (nothing runs
        // between the data change and the group).
        let rowCount = table.numberOfRows
        let oldSections = sections?()
        batch = RowBatch()
        calls = BatchUpdate()
        callsArePaths = true
        updates?()
        var recorded = batch ?? RowBatch()
        batch = nil
        if let sections, let oldSections {
            // The sections shown must be the table's rows; the calls'
            // paths, two indexes each.
            let newSections = sections()
            let flat =
                callsArePaths && TableSectionRows.starts(of: oldSections)?.total == rowCount
                ? calls.flatRowBatch(old: oldSections, new: newSections) : nil
            recorded = flat ?? RowBatch(isFlat: false)
            calls = BatchUpdate()
        }
        if let calls = recorded.sequentialCalls(rowCount: rowCount) {
            table.beginUpdates()
            if !calls.removed.isEmpty { table.removeRows(at: calls.removed) }
            for move in calls.moved { table.moveRow(at: move.source, to: move.destination) }
            if !calls.inserted.isEmpty { table.insertRows(at: calls.inserted) }
            if !calls.reloaded.isEmpty { table.reloadRows(at: calls.reloaded) }
            table.endUpdates()
        } else {
            table.reloadData()
        }
        completion?(true)
    }

    /// Records a call in the batch, or makes it a batch of its own. With
    /// ``sections``, a call outside a batch that changes rows (`changesRows`:
    /// any but a row reload) reloads the table instead: the data is set
    /// already, so the sections before the call are not known, and read
    /// as the old ones they map its paths to the wrong table rows (a
    /// section moved past another of a different header layout left a
    /// header's cell in a row's place; found by review, 2026-12-03).
    private func record(changesRows: Bool = true, _ call: @escaping (SequentialRowListView) -> Void) {
        if batch != nil {
            call(self)
        } else if sections != nil && changesRows {
            table.reloadData()
        } else {
            performBatchUpdates({ [self] in call(self) }, completion: nil)
        }
    }

    /// The paths as element paths, noting a path without two indexes.
    private func elementPaths(_ paths: [IndexPath]) -> [ElementPath] {
        var result: [ElementPath] = []
        result.reserveCapacity(paths.count)
        for path in paths {
            guard path.count == 2 else {
                callsArePaths = false
                continue
            }
            result.append(ElementPath(section: path[0], row: path[1]))
        }
        return result
    }

    func reloadData() { table.reloadData() }
    func insertSections(_ sections: IndexSet) {
        record {
            $0.batch!.isFlat = false
            $0.calls.sectionInserted += sections
        }
    }
    func deleteSections(_ sections: IndexSet) {
        record {
            $0.batch!.isFlat = false
            $0.calls.sectionDeleted += sections
        }
    }
    func reloadSections(_ sections: IndexSet) {
        record {
            $0.batch!.isFlat = false
            $0.calls.sectionUpdated += sections
        }
    }
    func moveSection(_ section: Int, toSection newSection: Int) {
        record {
            $0.batch!.isFlat = false
            $0.calls.sectionMoved.append(Move(source: section, destination: newSection))
        }
    }
    func insertItems(at indexPaths: [IndexPath]) {
        record {
            if $0.sections != nil {
                $0.calls.elementInserted += $0.elementPaths(indexPaths)
            } else if let rows = $0.batch!.rows(of: indexPaths) {
                $0.batch!.inserted += rows
            }
        }
    }
    func deleteItems(at indexPaths: [IndexPath]) {
        record {
            if $0.sections != nil {
                $0.calls.elementDeleted += $0.elementPaths(indexPaths)
            } else if let rows = $0.batch!.rows(of: indexPaths) {
                $0.batch!.deleted += rows
            }
        }
    }
    func reloadItems(at indexPaths: [IndexPath]) {
        record(changesRows: false) {
            if $0.sections != nil {
                $0.calls.elementUpdated += $0.elementPaths(indexPaths)
            } else if let rows = $0.batch!.rows(of: indexPaths) {
                $0.batch!.reloaded += rows
            }
        }
    }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record {
            if $0.sections != nil {
                let paths = $0.elementPaths([indexPath, newIndexPath])
                if paths.count == 2 { $0.calls.elementMoved.append(Move(source: paths[0], destination: paths[1])) }
            } else if let rows = $0.batch!.rows(of: [indexPath, newIndexPath]) {
                $0.batch!.moved.append(Move(source: rows[0], destination: rows[1]))
            }
        }
    }
    /// No reconfigure on such a table: the updater makes it after the
    /// batch, where it is a reload of its own.
    func reconfigureItems(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    var canAnimateBatchUpdates: Bool { table.canAnimateBatchUpdates }
}
