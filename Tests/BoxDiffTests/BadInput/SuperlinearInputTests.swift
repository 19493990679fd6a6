import Foundation
import Testing

@testable import BoxDiff

// Inputs that once cost quadratic time in the updater (found by review,
// 2026-11-25, fifth session): renders requested in bulk while one render
// is being applied, and a changeset whose section lists descend (JSON from
// a server need not be in order). Each crafted input must cost about what
// a same-sized control costs, in this process: CPU time as a ratio, not a
// speed goal (the quadratic work was tens of times more; linear, about the
// same).

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

/// `k + 1` renders on one renderer, the last `k` of an empty Box:
/// `queued`, those are all requested from the first render's `setData` (so they
/// wait while it is applied); otherwise (the control) each is requested
/// after the previous one returned. Returns the renderer.
@MainActor
private func renders(_ k: Int, queued: Bool) -> BoxRenderer<Int, Int, CountingListView> {
    var renderer: BoxRenderer<Int, Int, CountingListView>!
    var requested = false
    renderer = BoxRenderer(view: CountingListView(), showing: oneRow(1)) { _ in
        guard queued, !requested else { return }
        requested = true
        for _ in 0..<k { renderer.render(Box()) }
    }
    renderer.render(oneRow(0))
    if !queued {
        for _ in 0..<k { renderer.render(Box()) }
    }
    return renderer
}

@Suite("Attacker-shaped updater inputs stay linear")
@MainActor
struct SuperlinearInputTests {
    // BoxRenderer took each render requested during an apply off the
    // front of its queue (`removeFirst()`), moving every render still
    // waiting: 100,000 renders requested from one `setData` took 3.5 s in
    // a release build, against 0.25 s requested one after another.
    // A render costs the same queued or not, so the quadratic part shows
    // only past many renders in a debug build (there 100,000 queued renders
    // took 3.3 s against 1.7 s one after another): a margin of 1.4, not 5.
    @Test func rendersRequestedInBulkDuringAnApply() {
        let k = 100_000
        let craftedTime = cpuSeconds { _ = renders(k, queued: true) }
        let controlTime = cpuSeconds { _ = renders(k, queued: false) }
        #expect(craftedTime <= 1.4 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        for queued in [true, false] {
            let renderer = renders(100, queued: queued)
            #expect(renderer.appliedRenderCount == 101)
            #expect(renderer.shownBox == Box())
        }
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
        let controlTime = cpuSeconds { controlView.reload(using: control, setData: { _ in }) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        // The same sections reach the view (three runs each).
        #expect(craftedView.sections == 3 * n)
        #expect(controlView.sections == 3 * n)
    }
}
