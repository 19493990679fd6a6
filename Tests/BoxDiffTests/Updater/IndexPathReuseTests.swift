import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

/// A list view that records the index-path lists of the item calls
/// (deletes, inserts, reloads, reconfigures), in call order: whole, kept
/// (`keepsLists`), or only where their storage is.
@MainActor
private final class ListRecordingView: ListView {
    let keepsLists: Bool
    /// The lists, when kept, as (call, paths).
    var kept: [(String, [IndexPath])] = []
    /// Each list's count, capacity and first path (lists are not kept).
    var lists: [(count: Int, capacity: Int, first: IndexPath?)] = []
    /// The paths of each list as plain integers, copied out (lists are not
    /// kept).
    var seen: [(String, [[Int]])] = []

    init(keepsLists: Bool) { self.keepsLists = keepsLists }

    private func record(_ call: String, _ paths: [IndexPath]) {
        if keepsLists {
            kept.append((call, paths))
        } else {
            lists.append((paths.count, paths.capacity, paths.first))
            seen.append((call, paths.map { [$0[0], $0[1]] }))
        }
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        updates?()
        completion?(true)
    }
    func reloadData() {}
    func insertSections(_ sections: IndexSet) {}
    func deleteSections(_ sections: IndexSet) {}
    func reloadSections(_ sections: IndexSet) {}
    func moveSection(_ section: Int, toSection newSection: Int) {}
    func insertItems(at indexPaths: [IndexPath]) { record("insert", indexPaths) }
    func deleteItems(at indexPaths: [IndexPath]) { record("delete", indexPaths) }
    func reloadItems(at indexPaths: [IndexPath]) { record("reload", indexPaths) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    func reconfigureItems(at indexPaths: [IndexPath]) { record("reconfigure", indexPaths) }
    var canAnimateBatchUpdates: Bool { true }
}

/// The item-call lists a reload of `changeset` makes, in order.
private func expectedLists<S, R>(_ changeset: StagedChangeset<Box<S, R>>) -> [(String, [IndexPath])] {
    func paths(_ list: [ElementPath]) -> [IndexPath] { list.map { IndexPath(indexes: [$0.section, $0.row]) } }
    var lists: [(String, [IndexPath])] = []
    for stage in changeset {
        if !stage.elementDeleted.isEmpty { lists.append(("delete", paths(stage.elementDeleted))) }
        if !stage.elementInserted.isEmpty { lists.append(("insert", paths(stage.elementInserted))) }
        if !stage.elementUpdated.isEmpty { lists.append(("reload", paths(stage.elementUpdated))) }
        if !stage.elementReconfigured.isEmpty { lists.append(("reconfigure", paths(stage.elementReconfigured))) }
    }
    return lists
}

/// A renderer hands the view its index-path lists in one reused storage:
/// what a view keeps must stay as it was given, and a list the view let go
/// of leaves its storage to the next.
@Suite("Index-path list reuse")
@MainActor
struct IndexPathReuseTests {
    typealias TestBox = BoxGenerators.TestBox

    /// Random renders through one renderer, over a view that keeps every
    /// list: each kept list still holds the paths of its own call, equal
    /// to the changeset's, after all the renders that followed.
    @Test func listsAViewKeepsStayIntact() throws {
        var rng = SeededGenerator(seed: 0x1DE7_2026)
        var reconfiguring = DiffOptions()
        reconfiguring.updateStyle = .reconfigure
        for options in [DiffOptions(), reconfiguring] {
            let view = ListRecordingView(keepsLists: true)
            var shown = TestBox()
            let renderer = BoxRenderer(view: view, showing: shown, options: options) { _ in }
            var expected: [(String, [IndexPath])] = []
            for _ in 0..<200 {
                let (_, next) = BoxGenerators.pair(
                    shape: BoxPairShape(maxSections: 5, maxRowsPerSection: 12), using: &rng)
                let changeset = try StagedChangeset(source: shown, target: next, options: options)
                if !changeset.reloadsEverything { expected += expectedLists(changeset) }
                renderer.render(next)
                shown = next
            }
            #expect(view.kept.count == expected.count)
            #expect(expected.count > 100, "the renders made item calls")
            for (got, want) in zip(view.kept, expected) {
                #expect(got.0 == want.0 && got.1 == want.1, "\(got) != \(want)")
            }
        }
    }

    /// Random renders through one renderer, over a view that lets every
    /// list go, so that each list is written over the storage of the one
    /// before, longer or shorter: each holds exactly its call's paths.
    @Test func reusedStorageHoldsEachCallsPaths() throws {
        var rng = SeededGenerator(seed: 0x5EED_1DE7)
        let view = ListRecordingView(keepsLists: false)
        var shown = TestBox()
        let renderer = BoxRenderer(view: view, showing: shown) { _ in }
        var expected: [(String, [[Int]])] = []
        for _ in 0..<200 {
            let (_, next) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 4, maxRowsPerSection: 30), using: &rng)
            let changeset = try StagedChangeset(source: shown, target: next)
            if !changeset.reloadsEverything {
                expected += expectedLists(changeset).map { call, paths in (call, paths.map { [$0[0], $0[1]] }) }
            }
            renderer.render(next)
            shown = next
        }
        #expect(view.seen.count == expected.count)
        #expect(Set(view.lists.map(\.count)).count > 10, "lists of many lengths")
        for (got, want) in zip(view.seen, expected) {
            #expect(got.0 == want.0 && got.1 == want.1, "\(got) != \(want)")
        }
    }

    /// A render with 30 deletes, then one with a single delete, over a
    /// view that lets every list go: the second list is handed out in the
    /// first one's storage (a new list would be sized for one path), and
    /// holds its one path only.
    @Test func aDroppedListLeavesItsStorageToTheNext() {
        func box(_ rows: Range<Int>) -> TestBox {
            TestBox(sections: [Section(id: 0, rows: rows.map { Node(id: $0, component: $0) })])
        }
        let view = ListRecordingView(keepsLists: false)
        let renderer = BoxRenderer(view: view, showing: box(0..<40)) { _ in }
        renderer.render(box(0..<10))
        renderer.render(box(0..<9))
        #expect(view.lists.map(\.count) == [30, 1])
        #expect(view.lists.map(\.first) == [IndexPath(indexes: [0, 10]), IndexPath(indexes: [0, 9])])
        #expect(view.lists.last.map { $0.capacity >= 30 } == true, "\(view.lists)")
    }
}
