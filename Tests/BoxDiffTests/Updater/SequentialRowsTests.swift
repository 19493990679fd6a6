import BoxDiffTestSupport
import Foundation
import PropertyBased
import Testing

@testable import BoxDiff

/// A table without sections whose calls apply at once, as `NSTableView`'s
/// do inside `beginUpdates()` / `endUpdates()`: it holds the rows it
/// shows, reads the data source for inserted and reloaded rows, and notes
/// every call out of range or reloading a row the data source no longer
/// holds there.
@MainActor
final class SimulatedRowTable: SequentialRowTable {
    /// The rows shown.
    var shown: [TextItem]
    /// The data source: the rows the table should read.
    var dataSource: () -> [TextItem] = { [] }
    var canAnimateBatchUpdates = true
    var log: [String] = []
    var problems: [String] = []
    var reloadDataCount = 0

    init(showing rows: [TextItem]) { shown = rows }

    var numberOfRows: Int { shown.count }
    func beginUpdates() { log.append("begin") }
    func endUpdates() {
        log.append("end")
        let data = dataSource()
        if shown.map(\.id) != data.map(\.id) {
            problems.append("after endUpdates the table shows \(shown.map(\.id)), the data source \(data.map(\.id))")
        }
    }
    func removeRows(at indexes: IndexSet) {
        log.append("remove \(Array(indexes))")
        for index in indexes.reversed() {
            guard index < shown.count else {
                problems.append("remove \(index) of \(shown.count) rows")
                continue
            }
            shown.remove(at: index)
        }
    }
    func insertRows(at indexes: IndexSet) {
        log.append("insert \(Array(indexes))")
        let data = dataSource()
        for index in indexes {
            guard index <= shown.count, index < data.count else {
                problems.append("insert \(index) into \(shown.count) rows")
                continue
            }
            shown.insert(data[index], at: index)
        }
    }
    func moveRow(at oldIndex: Int, to newIndex: Int) {
        log.append("move \(oldIndex) \(newIndex)")
        guard oldIndex >= 0, oldIndex < shown.count, newIndex >= 0, newIndex < shown.count else {
            problems.append("move \(oldIndex) to \(newIndex) among \(shown.count) rows")
            return
        }
        shown.insert(shown.remove(at: oldIndex), at: newIndex)
    }
    func reloadRows(at indexes: IndexSet) {
        log.append("reload \(Array(indexes))")
        let data = dataSource()
        for index in indexes {
            guard index < shown.count, index < data.count, shown[index].id == data[index].id else {
                problems.append("reload \(index): shows \(shown.map(\.id)), data \(data.map(\.id))")
                continue
            }
            shown[index] = data[index]
        }
    }
    func reloadData() {
        log.append("reloadData")
        reloadDataCount += 1
        shown = dataSource()
    }
}

/// The rows a table shows once `calls` are made one by one on `rows`
/// (`nil` where a call is out of range), with inserted and reloaded rows
/// read from `data`.
func applySequentially(_ calls: SequentialRowCalls, to rows: [TextItem], data: [TextItem]) -> [TextItem]? {
    var rows = rows
    for index in calls.removed.reversed() {
        guard index < rows.count else { return nil }
        rows.remove(at: index)
    }
    for move in calls.moved {
        guard move.source < rows.count, move.destination < rows.count else { return nil }
        rows.insert(rows.remove(at: move.source), at: move.destination)
    }
    for index in calls.inserted {
        guard index <= rows.count, index < data.count else { return nil }
        rows.insert(data[index], at: index)
    }
    for index in calls.reloaded {
        guard index < rows.count, rows[index].id == data[index].id else { return nil }
        rows[index] = data[index]
    }
    return rows
}

/// Random rows: ids from a small range (unique), short texts, so that
/// pairs share rows, move them and change some.
func randomRows(count: Int, using rng: inout SeededGenerator) -> [TextItem] {
    Array(0..<max(count, 1) * 2).shuffled(using: &rng).prefix(count).map {
        TextItem(id: $0, text: ["a", "b", "c"].randomElement(using: &rng)!)
    }
}

/// The conversion of UIKit-semantics row batches into `NSTableView`'s
/// one-call-at-a-time semantics, and the list view that makes them.
@Suite("Sequential rows (NSTableView's semantics)")
@MainActor
struct SequentialRowsTests {
    func item(_ id: Int, _ text: String = "") -> TextItem { TextItem(id: id, text: text) }

    /// 0 1 2 3 → 2 3 0 1 with the moves of 0 and 1: made source → target
    /// one after the other, they give 1 0 3 2; the converted moves give
    /// the target.
    @Test func twoMovesForwardLandWhereTheBatchPutsThem() throws {
        let batch = RowBatch(moved: [Move(source: 0, destination: 2), Move(source: 1, destination: 3)])
        let calls = try #require(batch.sequentialCalls(rowCount: 4))
        let rows = [0, 1, 2, 3].map { item($0) }
        let naive = SequentialRowCalls(removed: [], moved: batch.moved, inserted: [], reloaded: [])
        #expect(applySequentially(naive, to: rows, data: [])?.map(\.id) == [1, 0, 3, 2])
        #expect(applySequentially(calls, to: rows, data: [])?.map(\.id) == [2, 3, 0, 1])
        #expect(calls.moved.count == 2)
    }

    /// x s y → s y x, moving x and y (s stays): placing each moved row at
    /// its final index in order of destination gives y s x.
    @Test func movesAroundAStillRow() throws {
        let batch = RowBatch(moved: [Move(source: 2, destination: 1), Move(source: 0, destination: 2)])
        let calls = try #require(batch.sequentialCalls(rowCount: 3))
        let rows = [item(10), item(11), item(12)]
        #expect(applySequentially(calls, to: rows, data: [])?.map(\.id) == [11, 12, 10])
    }

    /// Deletes, inserts, moves and a reload in one batch: removes first
    /// (indexes before), inserts (indexes after), and the reload at the
    /// row's index after the batch.
    @Test func mixedBatchConvertsEveryKindOfCall() throws {
        // a b c d e → E(new) d b X(ins) a ; deleted c, moved d 3→1 and a 0→4,
        // e 4 deleted, b reloaded (1 → 2), inserted 0 and 3.
        let old = [item(1, "a"), item(2, "b"), item(3, "c"), item(4, "d"), item(5, "e")]
        let new = [item(6, "E"), item(4, "d"), item(2, "B"), item(7, "X"), item(1, "a")]
        let batch = RowBatch(
            deleted: [2, 4], inserted: [0, 3], reloaded: [1],
            moved: [Move(source: 3, destination: 1), Move(source: 0, destination: 4)])
        let calls = try #require(batch.sequentialCalls(rowCount: 5))
        #expect(calls.removed == IndexSet([2, 4]))
        #expect(calls.inserted == IndexSet([0, 3]))
        #expect(calls.reloaded == IndexSet([2]))
        #expect(applySequentially(calls, to: old, data: new) == new)
    }

    /// Batches a table without sections cannot take: no calls at all.
    @Test func batchesThatDoNotFitGiveNoCalls() {
        var sectioned = RowBatch()
        #expect(sectioned.rows(of: [IndexPath(indexes: [1, 0])]) == nil)
        let cases: [(String, RowBatch, Int)] = [
            ("section call", sectioned, 3),
            ("delete out of range", RowBatch(deleted: [3]), 3),
            ("negative delete", RowBatch(deleted: [-1]), 3),
            ("delete twice", RowBatch(deleted: [1, 1]), 3),
            ("insert past the end", RowBatch(inserted: [4]), 3),
            ("move a deleted row", RowBatch(deleted: [0], moved: [Move(source: 0, destination: 1)]), 3),
            ("move onto an insert", RowBatch(inserted: [1], moved: [Move(source: 0, destination: 1)]), 3),
            (
                "two moves to one row",
                RowBatch(moved: [Move(source: 0, destination: 2), Move(source: 1, destination: 2)]), 3
            ),
            ("reload a deleted row", RowBatch(deleted: [1], reloaded: [1]), 3),
            ("reload out of range", RowBatch(reloaded: [3]), 3),
            // A table reporting `Int.max` rows: the count after the batch
            // overflowed (a trap before the fix).
            ("row count past Int.max", RowBatch(inserted: [0]), Int.max),
        ]
        for (name, batch, rows) in cases {
            #expect(batch.sequentialCalls(rowCount: rows) == nil, "\(name)")
        }
        #expect(RowBatch(deleted: [0, 2]).sequentialCalls(rowCount: 3) != nil)
    }

    /// Random batches: the sequential calls, made one by one, give the
    /// rows the batch gives under UIKit's rules.
    @Test func randomFlatChangesetsConvertToTheirStages() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...12), Gen.int(in: 0...12)) {
            seed, oldCount, newCount in
            var rng = SeededGenerator(seed: seed)
            var old = randomRows(count: oldCount, using: &rng)
            let new = randomRows(count: newCount, using: &rng)
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                var shown = old
                for stage in changeset {
                    var batch = RowBatch()
                    batch.deleted = stage.elementDeleted.map(\.element)
                    batch.inserted = stage.elementInserted.map(\.element)
                    batch.reloaded = stage.elementUpdated.map(\.element)
                    batch.moved = stage.elementMoved.map {
                        Move(source: $0.source.element, destination: $0.target.element)
                    }
                    let calls = try #require(
                        batch.sequentialCalls(rowCount: shown.count), "seed \(seed) \(optionName(options))")
                    let next = applySequentially(calls, to: shown, data: stage.data)
                    #expect(next?.map(\.id) == stage.data.map(\.id), "seed \(seed) \(optionName(options))")
                    shown = next ?? stage.data
                    // Reconfigures: indexes after the batch, a batch of their own.
                    let reconfigured = RowBatch(reloaded: stage.elementReconfigured.map(\.element))
                    if let calls = reconfigured.sequentialCalls(rowCount: shown.count) {
                        shown = applySequentially(calls, to: shown, data: stage.data) ?? []
                    }
                }
                #expect(shown == new, "seed \(seed) \(optionName(options)): \(shown) ≠ \(new)")
            }
            old = new
        }
    }

    /// The whole path: `reload(using:)` on the list view over a simulated
    /// table, random flat changesets with every option: every stage
    /// animated (no reloadData), no call out of range, the target shown.
    @Test func reloadAnimatesRandomFlatChangesetsOnTheTable() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...15), Gen.int(in: 0...15)) {
            seed, oldCount, newCount in
            var rng = SeededGenerator(seed: seed)
            let old = randomRows(count: oldCount, using: &rng)
            let new = randomRows(count: newCount, using: &rng)
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                var data = old
                let table = SimulatedRowTable(showing: old)
                table.dataSource = { data }
                var completions = 0
                SequentialRowListView(table).reload(using: changeset, setData: { data = $0 }) { completions += 1 }
                let name = "seed \(seed) \(optionName(options))"
                #expect(table.problems.isEmpty, "\(name): \(table.problems)")
                #expect(table.reloadDataCount == 0, "\(name)")
                #expect(table.shown == new, "\(name): \(table.shown) ≠ \(new)")
                #expect(completions == 1, "\(name)")
            }
        }
    }

    /// The calls of one stage: the data, then begin, removes, moves,
    /// inserts, reloads (indexes after the batch), end.
    @Test func oneStageMakesItsCallsInOrder() {
        let old = [item(1, "a"), item(2, "b"), item(3, "c")]
        let new = [item(3, "c"), item(2, "B"), item(4, "d")]
        var data = old
        let table = SimulatedRowTable(showing: old)
        table.dataSource = { data }
        let stage = Changeset(
            data: new, elementDeleted: [ElementPath(element: 0, section: 0)],
            elementInserted: [ElementPath(element: 2, section: 0)],
            elementUpdated: [ElementPath(element: 1, section: 0)],
            elementMoved: [
                Move(source: ElementPath(element: 2, section: 0), target: ElementPath(element: 0, section: 0))
            ])
        SequentialRowListView(table).reload(using: [stage]) {
            data = $0
            table.log.append("setData")
        }
        #expect(table.log == ["setData", "begin", "remove [0]", "move 1 0", "insert [2]", "reload [1]", "end"])
        #expect(table.problems.isEmpty)
        #expect(table.shown == new)
    }

    /// Section changes: that stage is shown with reloadData once its data
    /// is set; the stages around it still animate; the target is shown.
    @Test func sectionChangesFallBackToReloadData() throws {
        typealias Sections = [ArraySection<String, TextItem>]
        let old: Sections = [ArraySection(model: "s", elements: [item(1), item(2), item(3)])]
        let new: Sections = [
            ArraySection(model: "t", elements: [item(9)]),
            ArraySection(model: "s", elements: [item(3), item(1, "x")]),
        ]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.contains { $0.sectionInserted.isEmpty == false })
        var data = old
        let table = SimulatedRowTable(showing: old.flatMap(\.elements))
        table.dataSource = { data.flatMap(\.elements) }
        SequentialRowListView(table).reload(using: changeset) { data = $0 }
        #expect(table.problems.isEmpty, "\(table.problems)")
        #expect(table.reloadDataCount >= 1)
        #expect(table.shown == new.flatMap(\.elements))
        // Only the stages with section calls or rows outside section 0 reload.
        let unfit = changeset.filter { stage in
            stage.batchUpdate.hasSectionChanges
                || (stage.elementDeleted + stage.elementInserted + stage.elementUpdated).contains { $0.section != 0 }
                || stage.elementMoved.contains { $0.source.section != 0 || $0.target.section != 0 }
        }
        #expect(table.reloadDataCount == unfit.count)
        #expect(table.log.filter { $0 == "begin" }.count == changeset.count - unfit.count)
    }

    /// A call outside a batch is a batch of its own; a batch out of range
    /// is a reloadData, not an invalid call.
    @Test func callsOutsideABatchAndOutOfRange() {
        let rows = [item(1), item(2)]
        var data = rows
        let table = SimulatedRowTable(showing: rows)
        table.dataSource = { data }
        let view = SequentialRowListView(table)
        data = [item(1), item(2, "new")]
        view.reconfigureItems(at: [IndexPath(indexes: [0, 1])])
        #expect(table.log == ["begin", "reload [1]", "end"])
        #expect(table.shown == data)
        table.log = []
        data = [item(1)]
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(indexes: [0, 5])]) }, completion: nil)
        #expect(table.log == ["reloadData"])
        #expect(table.problems.isEmpty)
        #expect(table.shown == data)
    }
}
