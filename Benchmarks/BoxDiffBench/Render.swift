import BoxDiff
import Foundation

/// A ``ListView`` that applies nothing: it counts the calls, runs each
/// batch's updates block and completion at once (as a view with no
/// animations would), and can always animate. What a render costs over
/// its diff, without UIKit.
@MainActor
final class NullListView: ListView {
    /// Batches performed.
    private(set) var batches = 0
    /// Section and item calls made inside the batches, and reloads.
    private(set) var calls = 0

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        batches += 1
        updates?()
        completion?(true)
    }

    func reloadData() { calls += 1 }
    func insertSections(_ sections: IndexSet) { calls += 1 }
    func deleteSections(_ sections: IndexSet) { calls += 1 }
    func reloadSections(_ sections: IndexSet) { calls += 1 }
    func moveSection(_ section: Int, toSection newSection: Int) { calls += 1 }
    func insertItems(at indexPaths: [IndexPath]) { calls += 1 }
    func deleteItems(at indexPaths: [IndexPath]) { calls += 1 }
    func reloadItems(at indexPaths: [IndexPath]) { calls += 1 }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { calls += 1 }
    func reconfigureItems(at indexPaths: [IndexPath]) { calls += 1 }
    var canAnimateBatchUpdates: Bool { true }
}

/// A `BoxRenderer` over a ``NullListView`` and the data source it sets,
/// rendering two Boxes in turn.
@MainActor
final class RenderLoop {
    /// The data source: the Box the view reads.
    final class DataSource {
        var box = Box<Int, UUID>()
    }

    let boxes: [Box<Int, UUID>]
    let view = NullListView()
    let data = DataSource()
    let renderer: BoxRenderer<Int, UUID, NullListView>
    /// The index in `boxes` of the next render's Box.
    private var next = 1

    init(old: Box<Int, UUID>, new: Box<Int, UUID>, options: DiffOptions = DiffOptions()) {
        boxes = [old, new]
        data.box = old
        renderer = BoxRenderer(view: view, showing: old, options: options) { [data] box in data.box = box }
    }

    func render() {
        renderer.render(boxes[next])
        next ^= 1
    }

    /// The view must show the Box last rendered, through the data source.
    func check() throws {
        let last = boxes[next ^ 1]
        guard renderer.shownBox == last, data.box == last else {
            throw BenchFailure("render: the data source does not hold the last rendered Box")
        }
        guard renderer.fallbackReloadCount == 0, view.batches > 0 else {
            throw BenchFailure("render: \(renderer.fallbackReloadCount) fallback reloads, \(view.batches) batches")
        }
    }
}

/// `render`: `BoxRenderer.render` of the `box` engine's old and new Box
/// in turn (so every render diffs the same sizes, one way then back),
/// with the renderer's workspace and shown Box reused, over a
/// ``NullListView``. The Boxes' identity tables are cached after the first
/// two renders (untimed), as for ``PairDiffEngine``, its bare-diff peer.
final class RenderEngine: BenchEngine {
    let name = "render"
    private let boxes: BoxEngine
    private var loop: RenderLoop?

    /// `boxes`: a prepared `box` engine, whose Boxes this engine renders.
    init(boxes: BoxEngine) { self.boxes = boxes }

    func prepare(_ workload: Workload) throws {
        let old = boxes.old
        let new = boxes.newBox
        let options = boxes.options
        let loop = MainActor.assumeIsolated { RenderLoop(old: old, new: new, options: options) }
        self.loop = loop
        try run(workload)
        try run(workload)
    }

    func run(_ workload: Workload) throws {
        guard let loop else { throw BenchFailure("render: not prepared") }
        MainActor.assumeIsolated { loop.render() }
    }

    /// One entry to the main actor for the whole loop, as an app's render
    /// calls run on it already (a check per render would be the
    /// benchmark's cost, not the renderer's).
    func run(_ workload: Workload, times: Int) throws {
        guard let loop else { throw BenchFailure("render: not prepared") }
        MainActor.assumeIsolated {
            for _ in 0..<times { loop.render() }
        }
    }

    func outcome(_ workload: Workload) -> Outcome { Outcome() }

    func check(_ workload: Workload) throws {
        guard let loop else { throw BenchFailure("render: not prepared") }
        try MainActor.assumeIsolated { try loop.check() }
    }

    func finish() { loop = nil }
}

/// `diff` (render's peer): `StagedChangeset(source:target:workspace:)` of
/// the `box` engine's old and new Box, one way then back, with one
/// workspace; both Boxes' identity tables cached. The changeset is
/// dropped inside the timed part, as the renderer drops it.
final class PairDiffEngine: BenchEngine {
    let name = "diff"
    private let boxes: BoxEngine
    private var pair: [Box<Int, UUID>] = []
    private var workspace: DiffWorkspace?
    private var next = 1
    private var stages = 0

    /// `boxes`: a prepared `box` engine, whose Boxes this engine diffs.
    init(boxes: BoxEngine) { self.boxes = boxes }

    func prepare(_ workload: Workload) throws {
        pair = [boxes.old, boxes.newBox]
        workspace = try DiffWorkspace()
        try run(workload)
        try run(workload)
    }

    func run(_ workload: Workload) throws {
        let changeset = try StagedChangeset(
            source: pair[next ^ 1], target: pair[next], options: boxes.options, workspace: workspace)
        stages &+= changeset.stages.count
        next ^= 1
    }

    func outcome(_ workload: Workload) -> Outcome { Outcome() }

    /// Both directions must give their target.
    func check(_ workload: Workload) throws {
        for (from, to) in [(0, 1), (1, 0)] {
            let changeset = try StagedChangeset(
                source: pair[from], target: pair[to], options: boxes.options, workspace: workspace)
            guard changeset.applied(to: pair[from]) == pair[to] else {
                throw BenchFailure("diff: applying the stages \(from)→\(to) does not give the target Box")
            }
        }
    }

    func finish() {
        pair = []
        workspace = nil
    }
}
