import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// A sequential table whose rows carry a tag unique to each row (old rows
/// and inserted rows alike), so that duplicates can be told apart: each
/// batch's converted calls are checked against UIKit's result for the
/// batch, computed independently of the conversion (deleted rows go,
/// moved rows sit at their destinations, inserted rows at theirs, the
/// still rows fill the other slots in order), and each reload must land on
/// the slot of the very row the batch reloaded.
@MainActor
final class TaggedRowTable<Item: Equatable>: SequentialRowTable {
    struct Row: Equatable {
        var tag: Int
        var item: Item
    }
    var shown: [Row]
    var dataSource: () -> [Item] = { [] }
    var canAnimateBatchUpdates = true
    var problems: [String] = []
    var reloadDataCount = 0
    /// Rows removed, inserted and moved, call by call.
    var removed = 0
    var inserted = 0
    var moved = 0
    /// The tags shown before the group, and the reloads made in it.
    var before: [Int] = []
    var reloadedInGroup: IndexSet = []
    var inGroup = false
    private var nextTag: Int

    init(showing items: [Item]) {
        shown = items.enumerated().map { Row(tag: $0, item: $1) }
        nextTag = items.count
    }

    var numberOfRows: Int { shown.count }
    func beginUpdates() {
        inGroup = true
        before = shown.map(\.tag)
        reloadedInGroup = []
    }
    func endUpdates() { inGroup = false }
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
        if inGroup { reloadedInGroup.formUnion(indexes) }
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

/// Records each batch handed to the sequential list view, and after it
/// checks the table against UIKit's result for that batch.
@MainActor
final class OracleListView<Item: Equatable>: ListView {
    let table: TaggedRowTable<Item>
    let inner: SequentialRowListView<TaggedRowTable<Item>>
    var batch: RowBatch?
    var problems: [String] = []
    var checkedBatches = 0

    init(_ table: TaggedRowTable<Item>) {
        self.table = table
        inner = SequentialRowListView(table)
    }

    /// UIKit's tags after `batch` on `before` (-1 for an inserted row), and
    /// the final slot of each reloaded row; `nil` for a batch UIKit rejects.
    static func expected(_ batch: RowBatch, before: [Int]) -> (tags: [Int], reloads: IndexSet)? {
        let deleted = Set(batch.deleted)
        let inserted = Set(batch.inserted)
        guard deleted.count == batch.deleted.count, inserted.count == batch.inserted.count else { return nil }
        let newCount = before.count - deleted.count + inserted.count
        var tags = [Int?](repeating: nil, count: newCount)
        for index in inserted {
            guard index >= 0, index < newCount else { return nil }
            tags[index] = -1
        }
        var movedSources = Set<Int>()
        for move in batch.moved {
            guard move.source >= 0, move.source < before.count, !deleted.contains(move.source),
                move.destination >= 0, move.destination < newCount, tags[move.destination] == nil,
                movedSources.insert(move.source).inserted
            else { return nil }
            tags[move.destination] = before[move.source]
        }
        var slot = 0
        for (index, tag) in before.enumerated() where !deleted.contains(index) && !movedSources.contains(index) {
            while slot < newCount, tags[slot] != nil { slot += 1 }
            guard slot < newCount else { return nil }
            tags[slot] = tag
        }
        guard tags.allSatisfy({ $0 != nil }) else { return nil }
        let final = tags.map { $0! }
        var position: [Int: Int] = [:]
        for (index, tag) in final.enumerated() where tag >= 0 { position[tag] = index }
        var reloads = IndexSet()
        for row in batch.reloaded {
            guard row >= 0, row < before.count, let at = position[before[row]] else { return nil }
            reloads.insert(at)
        }
        return (final, reloads)
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        let nested = batch != nil
        if !nested { batch = RowBatch() }
        let before = table.shown.map(\.tag)
        let reloadsBefore = table.reloadDataCount
        inner.performBatchUpdates(updates, completion: completion)
        if nested { return }
        let recorded = batch!
        batch = nil
        guard table.reloadDataCount == reloadsBefore else { return }
        checkedBatches += 1
        guard let (tags, reloads) = Self.expected(recorded, before: before) else {
            return problems.append("UIKit rejects \(recorded), yet the table animated it")
        }
        let shownTags = table.shown.map(\.tag)
        let fresh = Set(shownTags).subtracting(before)
        let got = shownTags.map { fresh.contains($0) ? -1 : $0 }
        if got != tags { problems.append("\(recorded) on \(before): table \(got), UIKit \(tags)") }
        if table.reloadedInGroup != reloads {
            problems.append(
                "\(recorded) on \(before): reloads at \(Array(table.reloadedInGroup)), UIKit's rows at \(Array(reloads))"
            )
        }
    }

    private func record(_ call: (inout RowBatch) -> Void) {
        if batch != nil { call(&batch!) }
    }
    /// Outside a batch: a batch of its own, recorded here too.
    private func own(_ body: () -> Void) {
        if batch != nil {
            body()
        } else {
            withoutActuallyEscaping(body) { performBatchUpdates($0, completion: nil) }
        }
    }

    func reloadData() { inner.reloadData() }
    func insertSections(_ sections: IndexSet) {
        own {
            record { $0.isFlat = false }
            inner.insertSections(sections)
        }
    }
    func deleteSections(_ sections: IndexSet) {
        own {
            record { $0.isFlat = false }
            inner.deleteSections(sections)
        }
    }
    func reloadSections(_ sections: IndexSet) {
        own {
            record { $0.isFlat = false }
            inner.reloadSections(sections)
        }
    }
    func moveSection(_ section: Int, toSection newSection: Int) {
        own {
            record { $0.isFlat = false }
            inner.moveSection(section, toSection: newSection)
        }
    }
    func insertItems(at indexPaths: [IndexPath]) {
        own {
            record { if let rows = $0.rows(of: indexPaths) { $0.inserted += rows } }
            inner.insertItems(at: indexPaths)
        }
    }
    func deleteItems(at indexPaths: [IndexPath]) {
        own {
            record { if let rows = $0.rows(of: indexPaths) { $0.deleted += rows } }
            inner.deleteItems(at: indexPaths)
        }
    }
    func reloadItems(at indexPaths: [IndexPath]) {
        own {
            record { if let rows = $0.rows(of: indexPaths) { $0.reloaded += rows } }
            inner.reloadItems(at: indexPaths)
        }
    }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        own {
            record {
                if let rows = $0.rows(of: [indexPath, newIndexPath]) {
                    $0.moved.append(Move(source: rows[0], destination: rows[1]))
                }
            }
            inner.moveItem(at: indexPath, to: newIndexPath)
        }
    }
    func reconfigureItems(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    var canAnimateBatchUpdates: Bool { inner.canAnimateBatchUpdates }
}

/// Differential tests of the sequential conversion through the updater.
@Suite("Sequential rows against UIKit's batch result")
@MainActor
struct SequentialRowsOracleTests {
    /// Runs `changeset` from `old` to `new` through the oracle view; the
    /// problems found.
    func run<Data, Item: Equatable>(
        _ changeset: StagedChangeset<Data>, old: Data, new: Data, rows: @escaping (Data) -> [Item],
        interrupt: ((Changeset<Data>) -> Bool)? = nil, canAnimate: Bool = true
    ) -> (problems: [String], checked: Int, reloadData: Int) {
        var data = old
        let table = TaggedRowTable(showing: rows(old))
        table.canAnimateBatchUpdates = canAnimate
        table.dataSource = { rows(data) }
        let view = OracleListView(table)
        var completions = 0
        view.reload(using: changeset, interrupt: interrupt, setData: { data = $0 }, completion: { completions += 1 })
        var problems = view.problems + table.problems
        if table.shown.map(\.item) != rows(new) { problems.append("shows \(table.shown.map(\.item)), not the target") }
        if rows(data) != rows(new) { problems.append("data source not the target") }
        if completions != 1 { problems.append("completion ran \(completions) times") }
        return (problems, view.checkedBatches, table.reloadDataCount)
    }

    /// Rows with ids from a pool smaller than the list (so duplicates),
    /// texts of two kinds so some rows change.
    func rows(_ count: Int, pool: Int, using rng: inout SeededGenerator) -> [TextItem] {
        (0..<count).map { _ in
            TextItem(id: Int.random(in: 0..<max(pool, 1), using: &rng), text: Bool.random(using: &rng) ? "a" : "b")
        }
    }

    @Test func randomFlatPairsWithDuplicates() throws {
        var rng = SeededGenerator(seed: 7)
        var checked = 0
        for round in 0..<400 {
            let oldCount = Int.random(in: 0...30, using: &rng)
            let newCount = Int.random(in: 0...30, using: &rng)
            let pool = Int.random(in: 1...40, using: &rng)
            let old = rows(oldCount, pool: pool, using: &rng)
            let new = rows(newCount, pool: pool, using: &rng)
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                let result = run(changeset, old: old, new: new, rows: { $0 })
                #expect(result.problems.isEmpty, "round \(round) \(optionName(options)): \(result.problems)")
                #expect(result.reloadData == 0, "round \(round) \(optionName(options))")
                checked += result.checked
            }
        }
        #expect(checked > 1000)
    }

    @Test func largeFlatPairsWithManyMoves() throws {
        var rng = SeededGenerator(seed: 11)
        for round in 0..<4 {
            let count = 2000
            let old = (0..<count).map { TextItem(id: $0 % 1500, text: "a") }
            var new = old.shuffled(using: &rng)
            for k in stride(from: 0, to: count, by: 7) { new[k].text = "b" }
            new.removeLast(100)
            new += (0..<150).map { TextItem(id: 5000 + $0, text: "n") }
            new.shuffle(using: &rng)
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                let result = run(changeset, old: old, new: new, rows: { $0 })
                #expect(result.problems.isEmpty, "round \(round) \(optionName(options)): \(result.problems.prefix(2))")
                #expect(result.reloadData == 0)
            }
        }
    }

    @Test func oneSectionArraySectionsAndBoxes() throws {
        var rng = SeededGenerator(seed: 3)
        typealias Sections = [ArraySection<String, TextItem>]
        for round in 0..<200 {
            let pool = Int.random(in: 1...30, using: &rng)
            let old: Sections = [
                ArraySection(model: "s", elements: rows(Int.random(in: 0...25, using: &rng), pool: pool, using: &rng))
            ]
            let new: Sections = [
                ArraySection(
                    model: Int.random(in: 0..<8, using: &rng) == 0 ? "t" : "s",
                    elements: rows(Int.random(in: 0...25, using: &rng), pool: pool, using: &rng))
            ]
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                let result = run(changeset, old: old, new: new, rows: { $0.flatMap(\.elements) })
                #expect(result.problems.isEmpty, "round \(round) \(optionName(options)): \(result.problems)")
            }
            var boxRNG = SeededGenerator(seed: UInt64(round))
            let (oldBox, newBox) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 1, maxRowsPerSection: 25, duplicates: round % 2 == 0), using: &boxRNG)
            for options in OptionGrids.all {
                let changeset = try StagedChangeset(source: oldBox, target: newBox, options: options)
                let result = run(changeset, old: oldBox, new: newBox, rows: { $0.sections.flatMap(\.rows) })
                #expect(result.problems.isEmpty, "box round \(round) \(optionName(options)): \(result.problems)")
            }
        }
    }

    @Test func fallbacksEndOnTheTarget() throws {
        var rng = SeededGenerator(seed: 5)
        for round in 0..<100 {
            let old = rows(Int.random(in: 0...20, using: &rng), pool: 15, using: &rng)
            let new = rows(Int.random(in: 0...20, using: &rng), pool: 15, using: &rng)
            for options in OptionGrids.withThreshold {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                for (name, interrupt, animate): (String, ((Changeset<[TextItem]>) -> Bool)?, Bool) in [
                    ("interrupt all", { _ in true }, true),
                    ("interrupt second", { $0.data == changeset.stages.dropFirst().first?.data }, true),
                    ("not in window", nil, false),
                ] {
                    let result = run(
                        changeset, old: old, new: new, rows: { $0 }, interrupt: interrupt, canAnimate: animate)
                    #expect(
                        result.problems.isEmpty, "round \(round) \(name) \(optionName(options)): \(result.problems)")
                }
            }
        }
    }
}
