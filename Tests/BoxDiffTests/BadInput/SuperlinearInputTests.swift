import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

// Inputs that once cost quadratic time in the updater (found by review,
// 2026-11-25, sixth session): renders requested in bulk while one render
// is being applied (checked for order and count: see the test), and a
// changeset whose section lists descend (JSON from a server need not be in
// order), which must cost about what a same-sized control costs, in this
// process: CPU time as a ratio, not a speed goal (the quadratic work was
// tens of times more; linear, about the same).

/// A view that only counts the calls it gets.
@MainActor
private final class CountingListView: ListView {
    /// The calls so far.
    var calls = 0
    /// The sections of the section calls so far.
    var sections = 0
    let canAnimateBatchUpdates = true

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        calls += 1
        updates?()
        completion?(true)
    }
    func reloadData() { calls += 1 }
    func insertSections(_ sections: IndexSet) { self.sections += sections.count }
    func deleteSections(_ sections: IndexSet) { self.sections += sections.count }
    func reloadSections(_ sections: IndexSet) { self.sections += sections.count }
    func moveSection(_ section: Int, toSection newSection: Int) { calls += 1 }
    func insertItems(at indexPaths: [IndexPath]) { calls += 1 }
    func deleteItems(at indexPaths: [IndexPath]) { calls += 1 }
    func reloadItems(at indexPaths: [IndexPath]) { calls += 1 }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls += 1 }
    func reconfigureItems(at indexPaths: [IndexPath]) { calls += 1 }
}

/// A one-section Box whose row has value `value`.
private func oneRow(_ value: Int) -> Box<Int, Int> {
    Box(sections: [Section(id: 0, rows: [Node(id: 0, component: Component(value))])])
}

/// `k + 1` renders on one renderer, of `oneRow(0)`, then `oneRow(2)` up
/// to `oneRow(k + 1)`: those `k` are all requested from the first render's
/// `setData` (so they wait while it is applied). Returns the renderer and
/// the row values its data source was given, in order. The renderer is
/// held weakly by its own `setData` (no reference cycle).
@MainActor
private func queuedRenders(_ k: Int) -> (BoxRenderer<Int, Int, CountingListView>, [Int]) {
    weak var weakRenderer: BoxRenderer<Int, Int, CountingListView>?
    var requested = false
    var given: [Int] = []
    let renderer = BoxRenderer<Int, Int, CountingListView>(view: CountingListView(), showing: oneRow(1)) { box in
        given.append(box.sections[0].rows[0].component.value(as: Int.self) ?? -1)
        guard !requested, let renderer = weakRenderer else { return }
        requested = true
        for value in 2..<(k + 2) { renderer.render(oneRow(value)) }
    }
    weakRenderer = renderer
    renderer.render(oneRow(0))
    return (renderer, given)
}

@Suite("Attacker-shaped updater inputs stay linear")
@MainActor
struct SuperlinearInputTests {
    // BoxRenderer took each render requested during an apply off the
    // front of its queue (`removeFirst()`), moving every render still
    // waiting: 80,000 renders requested from one `setData` took 1.2 s in a
    // release build, 160,000 took 4.5 s (0.20 s and 0.41 s now). Not timed
    // here: in a debug build a render costs about 15 µs, so the quadratic
    // part shows only past 100,000 renders, a test of minutes under the
    // sanitizers. This checks what the queue must keep: every render runs,
    // in request order, once.
    @Test func rendersRequestedInBulkDuringAnApplyRunInOrder() {
        let k = 1_000
        let (renderer, given) = queuedRenders(k)
        #expect(renderer.appliedRenderCount == k + 1)
        #expect(renderer.shownBox == oneRow(k + 1))
        #expect(given == [0] + Array(2..<(k + 2)))
    }

    // ListView.reload(using:) built each section list's IndexSet run by
    // run; a run below the set's last range moves every range above it,
    // so a list in descending order (from decoded JSON) was quadratic:
    // 160,000 sections took 1.8 s in a release build, 0.01 s ascending.
    /// `list`: 0 section deletes, 1 inserts, 2 reloads.
    @Test(arguments: 0..<3)
    func sectionListsInDescendingOrder(list: Int) {
        let n = 80_000
        // Every other section, so that no two indexes form one run.
        let ascending = (0..<n).map { 2 * $0 }
        func changeset(_ sections: [Int]) -> StagedChangeset<[Int]> {
            var update = BatchUpdate()
            switch list {
            case 0: update.sectionDeleted = sections
            case 1: update.sectionInserted = sections
            default: update.sectionUpdated = sections
            }
            return [Changeset(data: [], batchUpdate: update)]
        }
        let crafted = changeset(ascending.reversed())
        let control = changeset(ascending)
        let craftedView = CountingListView()
        let controlView = CountingListView()
        let craftedTime = cpuSeconds { craftedView.reload(using: crafted, setData: { _ in }) }
        // The control sorts the crafted list too: sorting is the fix's own
        // cost, O(n log n), which a sanitizer build makes several times the
        // ascending path's.
        let reversed = Array(ascending.reversed())
        let controlTime = cpuSeconds {
            _ = reversed.sorted()
            controlView.reload(using: control, setData: { _ in })
        }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        // The same sections reach the view (three runs each).
        #expect(craftedView.sections == 3 * n)
        #expect(controlView.sections == 3 * n)
    }
}

@Suite("Attacker-shaped sequential-row batches stay O(k log k)")
@MainActor
struct SequentialRowsSuperlinearTests {
    // A hand-built or decoded changeset may reload the rows it moves (UIKit
    // rejects it; the table conversion refreshes each where it lands). The
    // conversion looked each such reload's move up with a linear search:
    // 100,000 moved and reloaded rows took 2.0 s in a release build, 200,000
    // took 7.6 s (quadratic), against 0.08 s and 0.2 s for the moves alone.
    // Timed against the same moves with as many reloads of still rows.
    @Test func reloadsOfMovedRows() throws {
        let n = 8_000
        // Rows 0..<n move, reversed among themselves; rows n..<2n stay.
        let moves = (0..<n).map { Move(source: $0, destination: n - 1 - $0) }
        let crafted = RowBatch(reloaded: Array(0..<n), moved: moves)
        let control = RowBatch(reloaded: Array(n..<(2 * n)), moved: moves)
        var craftedCalls: SequentialRowCalls?
        var controlCalls: SequentialRowCalls?
        let craftedTime = cpuSeconds { craftedCalls = crafted.sequentialCalls(rowCount: 2 * n) }
        let controlTime = cpuSeconds { controlCalls = control.sequentialCalls(rowCount: 2 * n) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        // Each moved row is reloaded where it lands: every row of 0..<n.
        #expect(try #require(craftedCalls).reloaded == IndexSet(integersIn: 0..<n))
        #expect(try #require(controlCalls).reloaded == IndexSet(integersIn: n..<(2 * n)))
    }
}
