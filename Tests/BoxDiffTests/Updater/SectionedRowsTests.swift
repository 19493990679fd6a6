import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A table row showing a Box: a section's header or footer row, or a row.
enum ShownRow: Equatable {
    case header(Int, Component?)
    case row(Node<Int>)
    case footer(Int, Component?)

    static func == (a: ShownRow, b: ShownRow) -> Bool {
        switch (a, b) {
        case (.header(let x, let p), .header(let y, let q)), (.footer(let x, let p), .footer(let y, let q)):
            return x == y && p == q
        case (.row(let x), .row(let y)): return x.id == y.id && x.component == y.component
        default: return false
        }
    }
}

/// How a test table shows a Box's sections: a header row for every section
/// (`always`), or a header and a footer row for the sections that have one.
enum SectionRowsStyle: CaseIterable {
    case always, whenPresent

    func rows(of section: Section<Int, Int>) -> TableSectionRows {
        switch self {
        case .always: TableSectionRows(headerRows: 1, rows: section.rows.count)
        case .whenPresent:
            TableSectionRows(
                headerRows: section.header == nil ? 0 : 1, rows: section.rows.count,
                footerRows: section.footer == nil ? 0 : 1)
        }
    }

    func shown(_ box: BoxGenerators.TestBox) -> [ShownRow] {
        box.sections.flatMap { section -> [ShownRow] in
            let layout = rows(of: section)
            return (layout.headerRows == 1 ? [.header(section.id, section.header)] : [])
                + section.rows.map { .row($0) }
                + (layout.footerRows == 1 ? [.footer(section.id, section.footer)] : [])
        }
    }
}

/// A table without sections whose rows carry a tag each (kept by a move,
/// new for an insert), counting the rows each batch removes and inserts.
@MainActor
final class CountingRowTable: SequentialRowTable {
    struct Row {
        var tag: Int
        var item: ShownRow
    }
    var shown: [Row] = []
    var dataSource: () -> [ShownRow] = { [] }
    var canAnimateBatchUpdates = true
    var problems: [String] = []
    var removed = 0
    var inserted = 0
    var moved = 0
    var reloadDataCount = 0
    private var nextTag = 0

    var numberOfRows: Int { shown.count }
    func beginUpdates() {}
    func endUpdates() {}
    func removeRows(at indexes: IndexSet) {
        for index in indexes.reversed() {
            guard index < shown.count else { return problems.append("remove \(index) of \(shown.count)") }
            shown.remove(at: index)
            removed += 1
        }
    }
    func insertRows(at indexes: IndexSet) {
        let data = dataSource()
        for index in indexes {
            guard index <= shown.count, index < data.count else {
                return problems.append("insert \(index) into \(shown.count)")
            }
            shown.insert(Row(tag: nextTag, item: data[index]), at: index)
            nextTag += 1
            inserted += 1
        }
    }
    func moveRow(at oldIndex: Int, to newIndex: Int) {
        guard oldIndex >= 0, oldIndex < shown.count, newIndex >= 0, newIndex < shown.count else {
            return problems.append("move \(oldIndex) to \(newIndex) among \(shown.count)")
        }
        shown.insert(shown.remove(at: oldIndex), at: newIndex)
        moved += 1
    }
    func reloadRows(at indexes: IndexSet) {
        let data = dataSource()
        for index in indexes {
            guard index < shown.count, index < data.count else {
                return problems.append("reload \(index) of \(shown.count)")
            }
            shown[index].item = data[index]
        }
    }
    func reloadData() {
        reloadDataCount += 1
        shown = dataSource().map {
            defer { nextTag += 1 }
            return Row(tag: nextTag, item: $0)
        }
    }
}

/// Hands each batch to a sequential list view with sections, and checks
/// that the table removed and inserted exactly the rows the batch's
/// section and row calls remove and insert: every other row kept its cell
/// (moved, not removed and inserted again).
@MainActor
final class SectionCountingListView: ListView {
    let table: CountingRowTable
    let inner: SequentialRowListView<CountingRowTable>
    let sections: @MainActor () -> [TableSectionRows]
    var calls: BatchUpdate?
    var problems: [String] = []
    var animatedBatches = 0

    init(_ table: CountingRowTable, sections: @escaping @MainActor () -> [TableSectionRows]) {
        self.table = table
        self.sections = sections
        inner = SequentialRowListView(table, sections: sections)
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        if calls != nil { return inner.performBatchUpdates(updates, completion: completion) }
        calls = BatchUpdate()
        let before = sections()
        let (removed, inserted, reloads) = (table.removed, table.inserted, table.reloadDataCount)
        inner.performBatchUpdates(updates, completion: completion)
        let after = sections()
        let update = calls!
        calls = nil
        guard table.reloadDataCount == reloads else { return }
        animatedBatches += 1
        let sectionsOut = Set(update.sectionDeleted).union(update.sectionUpdated)
        let sectionsIn = Set(update.sectionInserted).union(
            update.sectionUpdated.map {
                BatchSimulation.shift(
                    $0, removing: BatchSimulation.distinctSorted(update.sectionDeleted),
                    inserting: BatchSimulation.distinctSorted(update.sectionInserted))
            })
        let expectedRemoved = sectionsOut.reduce(0) { $0 + before[$1].tableRows! } + update.elementDeleted.count
        let expectedInserted = sectionsIn.reduce(0) { $0 + after[$1].tableRows! } + update.elementInserted.count
        if table.removed - removed != expectedRemoved || table.inserted - inserted != expectedInserted {
            problems.append(
                "\(update): removed \(table.removed - removed), inserted \(table.inserted - inserted); "
                    + "the calls remove \(expectedRemoved), insert \(expectedInserted)")
        }
    }

    func reloadData() { inner.reloadData() }
    func insertSections(_ sections: IndexSet) {
        calls?.sectionInserted += sections
        inner.insertSections(sections)
    }
    func deleteSections(_ sections: IndexSet) {
        calls?.sectionDeleted += sections
        inner.deleteSections(sections)
    }
    func reloadSections(_ sections: IndexSet) {
        calls?.sectionUpdated += sections
        inner.reloadSections(sections)
    }
    func moveSection(_ section: Int, toSection newSection: Int) {
        calls?.sectionMoved.append(Move(source: section, destination: newSection))
        inner.moveSection(section, toSection: newSection)
    }
    func insertItems(at indexPaths: [IndexPath]) {
        calls?.elementInserted += indexPaths.map(ElementPath.init)
        inner.insertItems(at: indexPaths)
    }
    func deleteItems(at indexPaths: [IndexPath]) {
        calls?.elementDeleted += indexPaths.map(ElementPath.init)
        inner.deleteItems(at: indexPaths)
    }
    func reloadItems(at indexPaths: [IndexPath]) { inner.reloadItems(at: indexPaths) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        inner.moveItem(at: indexPath, to: newIndexPath)
    }
    func reconfigureItems(at indexPaths: [IndexPath]) { inner.reconfigureItems(at: indexPaths) }
    var canAnimateBatchUpdates: Bool { inner.canAnimateBatchUpdates }
}

@Suite("A table without sections showing several")
@MainActor
struct SectionedRowsTests {
    /// Every changeset of random Box pairs (all options, both layouts of
    /// headers and footers) animated on a table showing the sections one
    /// after another: no `reloadData()`, every stage's table rows are its
    /// data's, and only the rows the calls remove or insert are.
    @Test func randomBoxPairsAnimateOnTheTableRows() throws {
        var rng = SeededGenerator(seed: 0x5EC7)
        var batches = 0
        for round in 0..<150 {
            let shape = BoxPairShape(
                maxSections: 6, maxRowsPerSection: 12, duplicates: round % 3 == 0, editRate: 0.3)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            for style in SectionRowsStyle.allCases {
                for options in OptionGrids.all {
                    let changeset = try StagedChangeset(source: old, target: new, options: options)
                    var data = old
                    let table = CountingRowTable()
                    table.dataSource = { style.shown(data) }
                    table.reloadData()
                    table.reloadDataCount = 0
                    let view = SectionCountingListView(table) { data.sections.map(style.rows) }
                    var stage = 0
                    let setData: (BoxGenerators.TestBox) -> Void = {
                        data = $0
                        stage += 1
                    }
                    view.reload(using: changeset, setData: setData)
                    let label = "round \(round) \(style) \(optionName(options))"
                    #expect(
                        table.problems.isEmpty && view.problems.isEmpty, "\(label): \(table.problems + view.problems)")
                    #expect(table.reloadDataCount == 0, "\(label): \(changeset)")
                    #expect(table.shown.map(\.item) == style.shown(new), "\(label)")
                    #expect(data == new, "\(label)")
                    batches += view.animatedBatches
                }
            }
        }
        #expect(batches > 1000)
    }

    /// A renderer over the table, rendering a run of edited Boxes (every
    /// update style, some renders before the last one's animation ends):
    /// after each render the table shows the data, with no `reloadData()`.
    @Test func renderingEditedBoxesKeepsTheTableOnTheData() {
        var rng = SeededGenerator(seed: 0x7AB5)
        var editor = BoxEditor(duplicates: true)
        for style in SectionRowsStyle.allCases {
            for updateStyle in UpdateStyle.allCases {
                var options = DiffOptions()
                options.updateStyle = updateStyle
                var data = BoxGenerators.TestBox()
                let table = CountingRowTable()
                table.dataSource = { style.shown(data) }
                let view = SequentialRowListView(table) { data.sections.map(style.rows) }
                let renderer = BoxRenderer(view: view, showing: data, options: options) { data = $0 }
                var last = data
                for step in 0..<150 {
                    last = editor.edit(last, using: &rng)
                    renderer.render(last)
                    let label = "\(style) \(updateStyle) step \(step)"
                    #expect(table.problems.isEmpty, "\(label): \(table.problems.prefix(4))")
                    #expect(table.shown.map(\.item) == style.shown(last), "\(label)")
                    if !table.problems.isEmpty || table.shown.map(\.item) != style.shown(last) { break }
                }
                #expect(table.reloadDataCount == 0, "\(style) \(updateStyle)")
            }
        }
    }

    /// Two sections, each under a header row, swapped: the shorter one's
    /// rows move (header included); nothing is removed or inserted.
    @Test func aSectionMoveMovesItsTableRows() {
        let update = BatchUpdate(sectionMoved: [Move(source: 1, destination: 0)])
        let old = [TableSectionRows(headerRows: 1, rows: 3), TableSectionRows(headerRows: 1, rows: 1)]
        let new = [old[1], old[0]]
        let batch = update.flatRowBatch(old: old, new: new)
        #expect(batch?.deleted == [] && batch?.inserted == [])
        #expect(batch?.moved.map(\.source).sorted() == [4, 5])
        let calls = batch?.sequentialCalls(rowCount: 6)
        #expect(calls?.moved.count == 2)
    }

    /// A row moved into a section below, a row inserted in the first and a
    /// section deleted, with header and footer rows.
    @Test func pathsMapPastHeadersAndFooters() throws {
        let update = BatchUpdate(
            sectionDeleted: [1], elementInserted: [ElementPath(section: 0, row: 0)],
            elementMoved: [Move(source: ElementPath(section: 0, row: 1), destination: ElementPath(section: 1, row: 0))])
        let old = [
            TableSectionRows(headerRows: 1, rows: 2, footerRows: 1), TableSectionRows(headerRows: 1, rows: 1),
            TableSectionRows(headerRows: 1, rows: 0),
        ]
        let new = [TableSectionRows(headerRows: 1, rows: 2, footerRows: 1), TableSectionRows(headerRows: 1, rows: 1)]
        // Old table: h0 a b f0 | h1 c | h2; new: h0 x a f0 | h2 b.
        let batch = try #require(update.flatRowBatch(old: old, new: new))
        #expect(batch.deleted == [4, 5])
        #expect(batch.inserted == [1])
        #expect(batch.moved == [Move(source: 2, destination: 5)])
    }

    /// Batches the sections given cannot take are `nil`, so the table
    /// reloads: counts that do not add up, a repeated call, a header row
    /// that appears on a kept section, a path of one index.
    @Test func batchesThatDoNotFitTheSectionsFallBack() {
        let two = [TableSectionRows(headerRows: 1, rows: 2), TableSectionRows(headerRows: 1, rows: 2)]
        #expect(BatchUpdate(elementDeleted: [ElementPath(section: 0, row: 0)]).flatRowBatch(old: two, new: two) == nil)
        #expect(
            BatchUpdate(elementDeleted: [ElementPath(section: 0, row: 0), ElementPath(section: 0, row: 0)])
                .flatRowBatch(old: two, new: [TableSectionRows(headerRows: 1, rows: 1), two[1]]) == nil)
        #expect(BatchUpdate().flatRowBatch(old: two, new: [two[0], TableSectionRows(rows: 2)]) == nil)
        #expect(BatchUpdate(sectionDeleted: [2]).flatRowBatch(old: two, new: [two[0]]) == nil)
        #expect(BatchUpdate().flatRowBatch(old: [TableSectionRows(headerRows: -1, rows: 1)], new: []) == nil)
        #expect(
            BatchUpdate().flatRowBatch(old: [TableSectionRows(headerRows: Int.max, rows: 1)], new: []) == nil)
        #expect(
            BatchUpdate(
                sectionInserted: [0], sectionMoved: [Move(source: 0, destination: 0)]
            ).flatRowBatch(old: [two[0]], new: two) == nil)

        var data = [[1, 2], [3]]
        let table = CountingRowTable()
        table.dataSource = { data.flatMap { $0.map { ShownRow.row(Node(id: $0, component: $0)) } } }
        table.reloadData()
        let view = SequentialRowListView(table) { data.map { TableSectionRows(rows: $0.count) } }
        view.performBatchUpdates(
            {
                data = [[1], [3]]
                view.deleteItems(at: [IndexPath(index: 0)])
            }, completion: nil)
        #expect(table.reloadDataCount == 2)
        view.performBatchUpdates(
            {
                data = [[], [3, 1]]
                view.moveItem(at: [0, 0], to: [1, 1])
            }, completion: nil)
        #expect(table.reloadDataCount == 2 && table.moved == 1)
        #expect(table.shown.map(\.item) == table.dataSource())
    }

    /// The rows kept in place are a longest increasing run.
    @Test func longestIncreasingRunKeepsTheMostRows() {
        let run = BatchUpdate.longestIncreasingRun([3, -1, 0, 1, 5, 2, -1, 4])
        #expect(run == [false, false, true, true, false, true, false, true])
        #expect(BatchUpdate.longestIncreasingRun([]) == [])
        #expect(BatchUpdate.longestIncreasingRun([-1, -1]) == [false, false])
    }
}
