import Foundation

// A table without sections (AppKit's `NSTableView`) showing a list of
// several sections one after another, each section's rows maybe with rows
// of its own above and below them (a header shown as a group row): a
// batch's section and row calls, in UIKit's batch semantics, turned into
// row calls on the table's flat rows. Platform-neutral, so the conversion
// runs (and is tested) on every platform.

/// The rows a table without sections (AppKit's `NSTableView`) shows for
/// one section of the data, in order: ``headerRows`` rows of the section's
/// own (its header as a group row: 1), then its ``rows``, then
/// ``footerRows`` rows of its own. The table shows the sections one after
/// another.
///
/// A `TableListView` (AppKit) given the sections' rows this way maps each index
/// path of a batch to its row of the table, so a list of several sections
/// is animated, section calls included, instead of reloaded.
///
/// ```swift
/// let listView = TableListView(tableView, animation: .effectFade) { [unowned self] in
///     box.sections.map { TableSectionRows(headerRows: 1, rows: $0.rows.count) }
/// }
/// ```
public struct TableSectionRows: Hashable, Sendable {
    /// Rows the table shows above the section's rows (a header shown as a
    /// group row: 1).
    public var headerRows: Int
    /// The section's rows: row `r` of the section is the table's row
    /// `headerRows + r` past the rows of the sections before it.
    public var rows: Int
    /// Rows the table shows below the section's rows.
    public var footerRows: Int

    /// A section shown as `headerRows` rows, its `rows`, then `footerRows`
    /// rows.
    public init(headerRows: Int = 0, rows: Int, footerRows: Int = 0) {
        self.headerRows = headerRows
        self.rows = rows
        self.footerRows = footerRows
    }

    /// All the table rows of the section; `nil` when a count is negative
    /// or the sum overflows.
    var tableRows: Int? {
        guard headerRows >= 0, rows >= 0, footerRows >= 0 else { return nil }
        let (partial, overflow) = headerRows.addingReportingOverflow(rows)
        let (total, overflow2) = partial.addingReportingOverflow(footerRows)
        return overflow || overflow2 ? nil : total
    }

    /// The table row each section starts at, and the rows of all of them;
    /// `nil` when a count is negative or a sum overflows.
    static func starts(of sections: [TableSectionRows]) -> (starts: [Int], total: Int)? {
        var starts: [Int] = []
        starts.reserveCapacity(sections.count)
        var total = 0
        for section in sections {
            guard let rows = section.tableRows else { return nil }
            starts.append(total)
            let (sum, overflow) = total.addingReportingOverflow(rows)
            guard !overflow else { return nil }
            total = sum
        }
        return (starts, total)
    }
}

extension BatchUpdate {
    /// This batch's calls, made on a table without sections that shows
    /// `old` before the batch and `new` after it (each section as
    /// ``TableSectionRows`` says), as row calls on the table's rows, in
    /// UIKit's batch semantics; `nil` when the batch cannot be shown that
    /// way: a call out of range, repeated, conflicting or set aside by
    /// UIKit's rules (``BatchSimulation``), counts that do not add up to
    /// `new`, or more table rows than ``tableRowLimit``.
    ///
    /// Deleted sections' table rows are removed, inserted sections' rows
    /// inserted; a reloaded section's rows are reloaded in place when it
    /// shows as many of each kind, else removed and inserted; a kept
    /// section's rows of its own go where the section goes (removed and
    /// inserted when their number changes); row calls map to their table
    /// rows. The
    /// rows that keep their place among the others are a longest
    /// increasing run of them (fewest moves): moved sections become moves
    /// of their table rows.
    ///
    /// - Complexity: O((table rows + calls) · log(table rows + calls)).
    func flatRowBatch(old: [TableSectionRows], new: [TableSectionRows]) -> RowBatch? {
        guard let (oldStarts, oldTotal) = TableSectionRows.starts(of: old),
            let (newStarts, newTotal) = TableSectionRows.starts(of: new),
            // Lists as long as the table rows are made below: counts past
            // these (a data source's nonsense) reload the table instead of
            // trapping on the allocation.
            oldTotal <= Self.tableRowLimit, newTotal <= Self.tableRowLimit
        else { return nil }
        let sim = BatchSimulation(update: self, old: old.map(\.rows), new: new.map(\.rows))
        guard sim.takesEveryCall(of: self) else { return nil }
        let layout = sim.sectionLayout()
        guard layout.count == new.count else { return nil }

        func oldRow(of path: ElementPath) -> Int { oldStarts[path.section] + old[path.section].headerRows + path.row }
        // The old table row each new table row shows, -1 for a new one.
        var origin = [Int](repeating: -1, count: newTotal)
        var reloaded: [Int] = []
        for (newSection, sectionOrigin) in layout.enumerated() {
            let oldSection: Int
            switch sectionOrigin {
            case .inserted: continue
            case .reloaded(let source, _):
                // A reloaded section (in a Box changeset, its header or
                // footer changed) that shows as many rows of each kind:
                // its table rows kept and reloaded in place, not removed
                // and inserted (every cell lost, with a render's
                // incomparable header on every render: found by review,
                // 2026-12-03). Otherwise removed and inserted.
                guard old[source] == new[newSection] else { continue }
                for k in 0..<(new[newSection].tableRows ?? 0) {
                    origin[newStarts[newSection] + k] = oldStarts[source] + k
                    reloaded.append(oldStarts[source] + k)
                }
                continue
            case .carried(let source): oldSection = source
            }
            let was = old[oldSection]
            let now = new[newSection]
            let from = oldStarts[oldSection]
            let to = newStarts[newSection]
            // A kept section's rows of its own go with it while as many;
            // when their number changes (a header row hidden while the
            // section is empty, say), the old ones are removed and the
            // new ones inserted.
            if was.headerRows == now.headerRows {
                for k in 0..<now.headerRows { origin[to + k] = from + k }
            }
            let rowsFrom = from + was.headerRows
            let rowsTo = to + now.headerRows
            if sim.changesRows(of: oldSection, at: newSection) {
                let rows = sim.rowLayout(of: oldSection, at: newSection, count: was.rows)
                guard rows.count == now.rows else { return nil }
                for (row, rowOrigin) in rows.enumerated() {
                    switch rowOrigin {
                    case .inserted: break
                    case .carried(let path): origin[rowsTo + row] = oldRow(of: path)
                    case .reloaded(let path, _):
                        origin[rowsTo + row] = oldRow(of: path)
                        reloaded.append(oldRow(of: path))
                    }
                }
            } else {
                guard was.rows == now.rows else { return nil }
                for row in 0..<now.rows { origin[rowsTo + row] = rowsFrom + row }
            }
            let footerFrom = rowsFrom + was.rows
            let footerTo = rowsTo + now.rows
            if was.footerRows == now.footerRows {
                for k in 0..<now.footerRows { origin[footerTo + k] = footerFrom + k }
            }
        }

        // Each old row shown once at most; the ones not shown are deleted.
        var kept = [Bool](repeating: false, count: oldTotal)
        for row in origin where row >= 0 {
            guard !kept[row] else { return nil }
            kept[row] = true
        }
        var batch = RowBatch()
        batch.deleted = kept.indices.filter { !kept[$0] }
        batch.inserted = origin.indices.filter { origin[$0] < 0 }
        batch.reloaded = reloaded
        let still = Self.longestIncreasingRun(origin)
        for (newRow, oldRow) in origin.enumerated() where oldRow >= 0 && !still[newRow] {
            batch.moved.append(Move(source: oldRow, destination: newRow))
        }
        return batch
    }

    /// The most table rows before or after a batch that
    /// ``flatRowBatch(old:new:)`` lays out (16,777,216: its lists take
    /// about 30 bytes a row); past it, `nil`, and the table reloads.
    static var tableRowLimit: Int { 1 << 24 }

    /// For each entry of `values`, whether it belongs to a longest strictly
    /// increasing run of the nonnegative entries (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        // tails[k]: the index of the smallest last value of a run of
        // length k + 1; previous[i]: the index before i in its run.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() where value >= 0 {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var result = [Bool](repeating: false, count: values.count)
        var i = tails.last ?? -1
        while i >= 0 {
            result[i] = true
            i = previous[i]
        }
        return result
    }
}

extension BatchSimulation {
    /// Whether the simulation kept every call of `update`: none out of
    /// range, repeated, conflicting, or inside a deleted or reloaded
    /// section, and no two calls put a section or a row in the same place
    /// after the batch.
    func takesEveryCall(of update: BatchUpdate) -> Bool {
        let rowDeletes = rowDeletes.values.reduce(0) { $0 + $1.count }
        let rowInserts = rowInserts.values.reduce(0) { $0 + $1.count }
        var sectionsPlaced = Set(sectionInserts)
        for section in sectionReloadTargets.values where !sectionsPlaced.insert(section).inserted { return false }
        for move in sectionMoves where !sectionsPlaced.insert(move.destination).inserted { return false }
        var rowsPlaced = Set(
            self.rowInserts.flatMap { section, rows in rows.map { ElementPath(section: section, row: $0) } })
        for move in rowMoves where !rowsPlaced.insert(move.destination).inserted { return false }
        for target in rowReloadTargets.values where !rowsPlaced.insert(target).inserted { return false }
        return sectionDeletes.count == update.sectionDeleted.count
            && sectionInserts.count == update.sectionInserted.count
            && sectionReloads.count == update.sectionUpdated.count
            && sectionReloads.allSatisfy { sectionReloadTargets[$0].map(new.indices.contains) ?? false }
            && sectionMoves.count == update.sectionMoved.count
            && rowDeletes == update.elementDeleted.count && rowInserts == update.elementInserted.count
            && rowMoves.count == update.elementMoved.count && rowReloads.count == update.elementUpdated.count
            && update.elementReconfigured.isEmpty
    }
}
