import BoxDiff
import BoxDiffValidation
import Foundation

/// A ``ListView`` for tests on Linux: it applies every batch the way
/// `UICollectionView` does and tracks what each cell shows, failing where
/// UIKit would (an issue is recorded instead of an exception).
///
/// - `performBatchUpdates` collects the calls of its block, then reads the
///   data source (the counts after the batch) and checks the batch with
///   ``BatchUpdateValidator`` against the shape the view showed before it
///   (its own cells, never the data source's new state). A batch that
///   breaks a rule (counts that do not match the data set inside the
///   block, an empty batch while the counts changed, out-of-range or
///   conflicting calls...) records issues and leaves the view resynced to
///   the data source, as after UIKit's `NSInternalInconsistencyException`.
/// - A valid batch is applied to the cells in UIKit's way, written here
///   independently of the library's batch model: deleted sections and
///   rows go, moved ones keep their cells (and content), inserted ones
///   and reload targets (`r'`, shifted by deletes and inserts, moves
///   ignored) are configured from the data source.
/// - `reconfigureItems(at:)` refreshes existing cells at once; a path with
///   no cell is an issue, and so is a reconfigure inside a batch.
/// - Completions wait for ``finishAnimations()``, as UIKit's wait for the
///   animations.
/// - A structural call outside a batch is a batch of its own.
@MainActor
public final class SimulatedListView<Header: Equatable, Item: Equatable>: ListView {
    /// A section as the data source gives it or as the view shows it: its
    /// header and its items.
    public struct Section: Equatable, CustomStringConvertible {
        /// What the header shows.
        public var header: Header
        /// What each item's cell shows.
        public var items: [Item]
        /// A section of `items` under `header`.
        public init(header: Header, items: [Item]) {
            self.header = header
            self.items = items
        }
        /// `header: [items]`.
        public var description: String { "\(header): \(items)" }
    }

    /// The data source, read after each batch's block, on reloads and for
    /// every cell configured.
    public var dataSource: () -> [Section]
    /// ``ListView/canAnimateBatchUpdates``: false stands for a view out of
    /// a window.
    public var canAnimateBatchUpdates: Bool
    /// What the view shows: each section's header and cells.
    public private(set) var shown: [Section]
    /// Every rule broken so far, in order; empty when UIKit would have
    /// accepted every call and animated it right.
    public private(set) var issues: [String] = []
    /// The calls received, in order, and the events noted with ``note(_:)``.
    public private(set) var log: [String] = []
    /// Number of `performBatchUpdates` calls (implicit batches included).
    public private(set) var batchCount = 0
    /// Number of `reloadData` calls.
    public private(set) var reloadDataCount = 0
    /// The calls of the batch whose block is running; `nil` outside one.
    private var collecting: BatchUpdate?
    /// Completions of batches whose animations have not ended.
    private var pendingCompletions: [(Bool) -> Void] = []

    /// A view showing `dataSource()` already.
    public init(canAnimate: Bool = true, dataSource: @escaping () -> [Section]) {
        self.dataSource = dataSource
        self.canAnimateBatchUpdates = canAnimate
        self.shown = dataSource()
    }

    /// Number of batches whose completion is still waiting.
    public var pendingCompletionCount: Int { pendingCompletions.count }

    /// Ends every running animation: calls the waiting completions in order
    /// with `true`.
    public func finishAnimations() {
        while !pendingCompletions.isEmpty { pendingCompletions.removeFirst()(true) }
    }

    /// Adds `event` to the ``log`` (e.g. from a `setData` closure).
    public func note(_ event: String) { log.append(event) }

    // MARK: ListView

    /// Collects the calls of `updates`, then checks and applies them as one
    /// batch.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        log.append("performBatchUpdates")
        guard collecting == nil else {
            issues.append("performBatchUpdates inside the block of another")
            updates?()
            return
        }
        batchCount += 1
        collecting = BatchUpdate()
        updates?()
        let update = collecting!
        collecting = nil
        log.append("end of batch")
        commit(update)
        if let completion { pendingCompletions.append(completion) }
    }

    /// Shows the data source afresh.
    public func reloadData() {
        log.append("reloadData")
        if collecting != nil { issues.append("reloadData inside performBatchUpdates") }
        reloadDataCount += 1
        shown = dataSource()
    }

    /// Records `insertSections`.
    public func insertSections(_ sections: IndexSet) {
        record("insertSections(\(Array(sections)))") { $0.sectionInserted += sections }
    }
    /// Records `deleteSections`.
    public func deleteSections(_ sections: IndexSet) {
        record("deleteSections(\(Array(sections)))") { $0.sectionDeleted += sections }
    }
    /// Records `reloadSections`.
    public func reloadSections(_ sections: IndexSet) {
        record("reloadSections(\(Array(sections)))") { $0.sectionUpdated += sections }
    }
    /// Records `moveSection`.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record("moveSection(\(section), \(newSection))") {
            $0.sectionMoved.append(Move(source: section, destination: newSection))
        }
    }
    /// Records `insertItems`.
    public func insertItems(at indexPaths: [IndexPath]) {
        record("insertItems(\(indexPaths))") { $0.elementInserted += indexPaths.map(ElementPath.init) }
    }
    /// Records `deleteItems`.
    public func deleteItems(at indexPaths: [IndexPath]) {
        record("deleteItems(\(indexPaths))") { $0.elementDeleted += indexPaths.map(ElementPath.init) }
    }
    /// Records `reloadItems`.
    public func reloadItems(at indexPaths: [IndexPath]) {
        record("reloadItems(\(indexPaths))") { $0.elementUpdated += indexPaths.map(ElementPath.init) }
    }
    /// Records `moveItem`.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record("moveItem(\(indexPath), \(newIndexPath))") {
            $0.elementMoved.append(Move(source: ElementPath(indexPath), destination: ElementPath(newIndexPath)))
        }
    }

    /// Refreshes the cells at `indexPaths` (paths of what the view shows)
    /// from the data source at once.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        log.append("reconfigureItems(\(indexPaths))")
        if collecting != nil { issues.append("reconfigureItems(\(indexPaths)) inside performBatchUpdates") }
        let data = dataSource()
        for path in indexPaths.map(ElementPath.init) {
            guard shown.indices.contains(path.section), shown[path.section].items.indices.contains(path.row) else {
                issues.append("reconfigure of item \(path), which the view does not show (\(shape(shown)))")
                continue
            }
            guard data.indices.contains(path.section), data[path.section].items.indices.contains(path.row) else {
                issues.append("reconfigure of item \(path), which the data source does not have (\(shape(data)))")
                continue
            }
            shown[path.section].items[path.row] = data[path.section].items[path.row]
        }
    }

    /// Whether this view re-binds sections in place
    /// (``reconfigureSection(_:toSection:)``); `false` by default, as a
    /// `ListView`'s.
    public var reconfiguresSections = false

    /// Re-binds the header of shown section `section` to the data
    /// source's section `newSection`, in place: only inside a batch's
    /// block, on a view that ``reconfiguresSections``, and only between
    /// two sections of one id (`sameSection`, when given: a re-bind keeps
    /// the section, its items and its position).
    public func reconfigureSection(_ section: Int, toSection newSection: Int) {
        log.append("reconfigureSection(\(section), \(newSection))")
        if collecting == nil { issues.append("reconfigureSection(\(section), \(newSection)) outside a batch") }
        if !reconfiguresSections { issues.append("reconfigureSection on a view that does not re-bind sections") }
        let data = dataSource()
        guard shown.indices.contains(section), data.indices.contains(newSection) else {
            issues.append(
                "reconfigureSection(\(section), \(newSection)) out of range (\(shape(shown)) -> \(shape(data)))")
            return
        }
        if let sameSection, !sameSection(shown[section].header, data[newSection].header) {
            issues.append("reconfigureSection(\(section), \(newSection)) re-binds another section")
            return
        }
        shown[section].header = data[newSection].header
    }

    /// Whether two headers belong to one section (for
    /// ``reconfigureSection(_:toSection:)``'s check); unchecked when `nil`.
    public var sameSection: ((Header, Header) -> Bool)?

    /// Whether a reload whose target UIKit computes apart from where the
    /// shapes alone say the row or section ends up (rule 11, a move in the
    /// same batch displacing it) is applied instead of being an issue: the
    /// view configures UIKit's target from the data source, and its cells'
    /// content (``mismatches(_:_:)``) judges the reload. The validator
    /// judges it the same way where the data is known (its identities),
    /// so a hand-made batch it accepts may hold such a reload. Off by
    /// default: the library's own batches never do.
    public var judgesReloadTargetsByContent = false

    // MARK: Batches

    /// Adds a call to the running batch, or makes it a batch of its own.
    private func record(_ call: String, _ add: @escaping (inout BatchUpdate) -> Void) {
        guard collecting != nil else {
            performBatchUpdates({ self.record(call, add) }, completion: nil)
            return
        }
        log.append(call)
        add(&collecting!)
    }

    private func shape(_ sections: [Section]) -> [Int] { sections.map(\.items.count) }

    /// Checks `update` against UIKit's rules, then applies it to the cells.
    private func commit(_ update: BatchUpdate) {
        let data = dataSource()
        let violations = BatchUpdateValidator(flavor: .collectionView)
            .validate(before: shape(shown), update: update, after: shape(data))
            .filter { $0.isError && !(judgesReloadTargetsByContent && $0.rule == .reloadTarget) }
        guard violations.isEmpty else {
            issues += violations.map { "batch \(batchCount - 1): \($0.message) in \(update)" }
            shown = data
            return
        }
        if let applied = Self.apply(update, to: shown, data: data) {
            shown = applied
        } else {
            issues.append("batch \(batchCount - 1): \(update) does not lay out \(shape(shown)) -> \(shape(data))")
            shown = data
        }
    }

    /// Where a section or a cell after a batch comes from.
    private enum Origin<Index> {
        /// Configured from the data source at its new index.
        case fresh
        /// Kept from before the batch (moved or in place).
        case carried(Index)
    }

    /// Fills `count` slots: the fixed ones at their index, the others in
    /// order; `nil` when they do not fit exactly.
    nonisolated private static func lay<T>(_ fixed: [(Int, Origin<T>)], others: [T], count: Int) -> [Origin<T>]? {
        var slots = [Origin<T>?](repeating: nil, count: count)
        for (index, origin) in fixed {
            guard slots.indices.contains(index), slots[index] == nil else { return nil }
            slots[index] = origin
        }
        var rest = others.makeIterator()
        for index in slots.indices where slots[index] == nil {
            guard let next = rest.next() else { return nil }
            slots[index] = .carried(next)
        }
        guard rest.next() == nil else { return nil }
        return slots.map { $0! }
    }

    /// UIKit's target of a reload at `index` before the batch: shifted
    /// down by the deletes before it, then up by each insert at or before
    /// it (ascending); moves are not considered.
    nonisolated private static func reloadTarget(_ index: Int, deleted: Set<Int>, inserted: [Int]) -> Int {
        var target = index - deleted.filter { $0 < index }.count
        for insert in inserted.sorted() where insert <= target { target += 1 }
        return target
    }

    /// The cells after a valid `update`, or `nil` when its calls do not lay
    /// out (which the validator should have reported).
    nonisolated private static func apply(_ update: BatchUpdate, to old: [Section], data: [Section]) -> [Section]? {
        let deletedSections = Set(update.sectionDeleted)
        let reloadedSections = Set(update.sectionUpdated)
        let insertedSections = Array(Set(update.sectionInserted))
        var fixedSections: [(Int, Origin<Int>)] = insertedSections.map { ($0, .fresh) }
        for section in reloadedSections {
            fixedSections.append((reloadTarget(section, deleted: deletedSections, inserted: insertedSections), .fresh))
        }
        fixedSections += update.sectionMoved.map { ($0.destination, .carried($0.source)) }
        let away = deletedSections.union(reloadedSections).union(update.sectionMoved.map(\.source))
        guard
            let sections = lay(
                fixedSections, others: old.indices.filter { !away.contains($0) }, count: data.count)
        else { return nil }
        var newIndex: [Int: Int] = [:]
        for (index, origin) in sections.enumerated() {
            if case .carried(let o) = origin { newIndex[o] = index }
        }

        // Row calls, dropping those UIKit drops (inside deleted or fresh sections).
        let freshSections = Set(sections.indices.filter { if case .fresh = sections[$0] { true } else { false } })
        let rowDeletes = Set(update.elementDeleted.filter { !deletedSections.contains($0.section) })
        let rowInserts = Set(update.elementInserted.filter { !freshSections.contains($0.section) })
        let rowMoves = update.elementMoved
        let movedAway = Set(rowMoves.map(\.source))
        var fixedRows: [Int: [(Int, Origin<ElementPath>)]] = [:]
        for path in rowInserts { fixedRows[path.section, default: []].append((path.row, .fresh)) }
        for move in rowMoves where !freshSections.contains(move.destination.section) {
            fixedRows[move.destination.section, default: []].append((move.destination.row, .carried(move.source)))
        }
        var reloadedRows = Set<ElementPath>()
        for path in Set(update.elementUpdated) {
            // UIKit's target section, which ignores section moves as the
            // row does (the same as the section's new index whenever rule
            // 11 holds; it may differ only for a reload judged by content).
            guard newIndex[path.section] != nil else { continue }
            let n = reloadTarget(path.section, deleted: deletedSections, inserted: insertedSections)
            reloadedRows.insert(path)
            let deleted = Set(rowDeletes.filter { $0.section == path.section }.map(\.row))
            let inserted = rowInserts.filter { $0.section == n }.map(\.row)
            fixedRows[n, default: []].append((reloadTarget(path.row, deleted: deleted, inserted: inserted), .fresh))
        }

        var result: [Section] = []
        for (n, origin) in sections.enumerated() {
            guard case .carried(let o) = origin else {
                result.append(data[n])
                continue
            }
            let kept = old[o].items.indices.map { ElementPath(section: o, row: $0) }.filter {
                !rowDeletes.contains($0) && !reloadedRows.contains($0) && !movedAway.contains($0)
            }
            guard let rows = lay(fixedRows[n] ?? [], others: kept, count: data[n].items.count) else { return nil }
            let items = rows.enumerated().map { r, row -> Item in
                switch row {
                case .fresh: data[n].items[r]
                case .carried(let p): old[p.section].items[p.row]
                }
            }
            result.append(Section(header: old[o].header, items: items))
        }
        return result
    }
}

/// What a Box section's header shows: its id, header and footer.
public struct SimulatedHeader<SectionID: Hashable>: Equatable, CustomStringConvertible {
    /// The section's id.
    public var id: SectionID
    /// The header component.
    public var header: Component?
    /// The footer component.
    public var footer: Component?
    /// `id` alone (contents show in the Box's own description).
    public var description: String { "\(id)" }
}

extension SimulatedListView {
    /// `box` as the view's sections: headers as ``SimulatedHeader``, rows
    /// as their nodes.
    nonisolated public static func sections<S, R>(of box: Box<S, R>) -> [Section]
    where Header == SimulatedHeader<S>, Item == Node<R> {
        box.sections.map {
            Section(header: SimulatedHeader(id: $0.id, header: $0.header, footer: $0.footer), items: $0.rows)
        }
    }

    /// A flat list as one section under `header`.
    nonisolated public static func sections(of items: [Item], header: Header) -> [Section] {
        [Section(header: header, items: items)]
    }
}

extension SimulatedListView {
    /// Whether a header or cell showing `a` shows `b`: both absent, equal
    /// comparable components, or incomparable components holding one
    /// instance (a stale instance of a class component is a wrong one).
    nonisolated public static func shows(_ a: Component?, _ b: Component?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            if a.isComparable || b.isComparable { return a == b }
            return (a.value as AnyObject) === (b.value as AnyObject)
        default: return false
        }
    }

    /// Where `shown` (a view's ``shown`` sections) differs from `target`:
    /// its sections, each section's rows, a stale header or footer, a row
    /// whose cell does not show the target's component (``shows(_:_:)``).
    /// Empty when the view shows `target`.
    nonisolated public static func mismatches<S, R>(_ shown: [Section], _ target: Box<S, R>) -> [String]
    where Header == SimulatedHeader<S>, Item == Node<R> {
        guard shown.map(\.header.id) == target.sections.map(\.id) else {
            return ["sections \(shown.map(\.header.id)), expected \(target.sections.map(\.id))"]
        }
        var problems: [String] = []
        for (section, expected) in zip(shown, target.sections) {
            if !shows(section.header.header, expected.header) || !shows(section.header.footer, expected.footer) {
                problems.append("section \(expected.id) shows a stale header or footer")
            }
            guard section.items.map(\.id) == expected.rows.map(\.id) else {
                problems.append(
                    "section \(expected.id): rows \(section.items.map(\.id)), expected \(expected.rows.map(\.id))")
                continue
            }
            for (cell, row) in zip(section.items, expected.rows) where !shows(cell.component, row.component) {
                problems.append(
                    "section \(expected.id) row \(row.id) shows \(cell.component), expected \(row.component)")
            }
        }
        return problems
    }
}
