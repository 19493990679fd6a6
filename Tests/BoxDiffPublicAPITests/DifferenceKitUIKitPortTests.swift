// DifferenceKit's UIKit extension methods as its users call them:
// `tableView.reload(using:with:)`, the per-kind animations of
// `tableView.reload(using:deleteSectionsAnimation:…)` and
// `collectionView.reload(using:interrupt:)`, with a trailing `setData`.
// UIKit is absent on Linux: the table view's per-kind animations are
// `BatchAnimations` (tested here), and the updater every one of these calls
// forwards to runs on a recording view that stands for the collection view.

import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

/// A view controller as DifferenceKit's README writes it: the data its
/// data source reads, and a collection view (here a recording one) that
/// logs when the data is set, between the calls.
@MainActor
final class RecordingViewController {
    typealias Sections = [ArraySection<String, String>]

    /// What the data source reads.
    var data: Sections = []
    /// Stands for the `UICollectionView`.
    let collectionView = RecordingListView()

    /// DifferenceKit's `collectionView.reload(using:interrupt:setData:)`,
    /// written as its users write it.
    func show(_ changeset: StagedChangeset<Sections>) {
        // The shape DifferenceKit's users write, on purpose.
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        collectionView.reload(using: changeset, interrupt: { $0.changeCount > 100 }) { data in
            self.data = data
            self.collectionView.log.append("setData \(data.map(\.model))")
        }
    }
}

@Suite("DifferenceKit's UIKit extension methods")
@MainActor
struct DifferenceKitUIKitPortTests {
    /// A stage with every kind of call, as DifferenceKit's tests spell
    /// changesets (the calls need not lay out: the recording view takes them
    /// as they come).
    func stage(_ models: [String], changes: Int = 1) -> Changeset<[ArraySection<String, String>]> {
        Changeset(
            data: models.map { ArraySection(model: $0, elements: []) },
            sectionDeleted: [2], sectionInserted: [0], sectionUpdated: [1],
            sectionMoved: [Move(source: 3, target: 4)],
            elementDeleted: [ElementPath(element: 0, section: 0)],
            elementInserted: (0..<changes).map { ElementPath(element: $0, section: 1) },
            elementUpdated: [ElementPath(element: 0, section: 1)],
            elementMoved: [
                Move(source: ElementPath(element: 1, section: 1), target: ElementPath(element: 2, section: 1))
            ])
    }

    /// One batch's calls in DifferenceKit's order: the data first, then
    /// sections (deletes, inserts, reloads, moves), then items in the same
    /// order.
    func batch(_ models: [String], inserted: Int = 1) -> [String] {
        [
            "batch", "setData \(models)", "deleteSections [2]", "insertSections [0]", "reloadSections [1]",
            "moveSection 3 4", "deleteItems [[0, 0]]",
            "insertItems \((0..<inserted).map { IndexPath(indexes: [1, $0]) })",
            "reloadItems [[1, 0]]", "moveItem [1, 1] [1, 2]",
        ]
    }

    /// Each kind reads as the shared animation until given its own, and
    /// keeps its own when the shared one changes.
    @Test func batchAnimationsFallBackToTheSharedAnimation() {
        func all(_ animations: BatchAnimations<String>) -> [String] {
            [
                animations.deleteSections, animations.insertSections, animations.reloadSections,
                animations.deleteRows, animations.insertRows, animations.reloadRows,
            ]
        }
        var animations = BatchAnimations("fade")
        #expect(all(animations) == Array(repeating: "fade", count: 6))
        animations.insertRows = "right"
        animations.deleteSections = "top"
        #expect(all(animations) == ["top", "fade", "fade", "fade", "right", "fade"])
        animations.animation = "none"
        #expect(all(animations) == ["top", "none", "none", "none", "right", "none"])
        // A kind set to the shared animation stays set when it changes.
        animations.reloadRows = "none"
        animations.animation = "automatic"
        #expect(all(animations) == ["top", "automatic", "automatic", "automatic", "right", "none"])

        // DifferenceKit's six animations, one per kind, in its order.
        let perKind = BatchAnimations(
            "automatic", deleteSections: "fade", insertSections: "middle", reloadSections: "none",
            deleteRows: "left", insertRows: "right", reloadRows: "bottom")
        #expect(all(perKind) == ["fade", "middle", "none", "left", "right", "bottom"])
        #expect(all(BatchAnimations("fade", reloadRows: "none")) == ["fade", "fade", "fade", "fade", "fade", "none"])

        // Equal when the shared animation and the kinds set on their own
        // are: a kind set to the shared animation is not a kind left unset.
        #expect(BatchAnimations("fade", insertRows: "right") == BatchAnimations("fade", insertRows: "right"))
        #expect(BatchAnimations("fade", insertRows: "fade") != BatchAnimations("fade"))
        #expect(BatchAnimations("fade") != BatchAnimations("none"))
    }

    /// `collectionView.reload(using: changeset, interrupt: …) { data in
    /// self.data = data }`: per stage one batch whose block sets the
    /// stage's data, then makes its calls in DifferenceKit's order.
    @Test func reloadAnimatesEachStageInDifferenceKitsOrder() {
        let controller = RecordingViewController()
        controller.show([stage(["a"]), stage(["a", "b"])])
        #expect(controller.collectionView.log == batch(["a"]) + batch(["a", "b"]))
        #expect(controller.data.map(\.model) == ["a", "b"])
    }

    /// The interrupt is asked before each stage: the stages before the one
    /// it rejects stay animated, then the target is set and reloaded.
    @Test func interruptReloadsTheTargetFromTheRejectedStage() {
        let controller = RecordingViewController()
        controller.show([stage(["a"]), stage(["a", "b"], changes: 200), stage(["a", "b", "c"])])
        #expect(controller.collectionView.log == batch(["a"]) + ["setData [\"a\", \"b\", \"c\"]", "reloadData"])
        #expect(controller.data.map(\.model) == ["a", "b", "c"])

        // 101 changes, rejected at the first stage: no batch at all.
        #expect(stage(["x"], changes: 94).changeCount == 101)
        controller.collectionView.log = []
        controller.show([stage(["x"], changes: 94)])
        #expect(controller.collectionView.log == ["setData [\"x\"]", "reloadData"])
        // 100, animated.
        controller.collectionView.log = []
        controller.show([stage(["y"], changes: 93)])
        #expect(controller.collectionView.log == batch(["y"], inserted: 93))
    }

    /// Out of a window (`canAnimateBatchUpdates` false): the target and
    /// `reloadData()`, no batch; an empty changeset: no call, the data
    /// left alone.
    @Test func offScreenReloadsAndEmptyChangesetsDoNothing() {
        let controller = RecordingViewController()
        controller.collectionView.canAnimateBatchUpdates = false
        controller.show([stage(["a"]), stage(["a", "b"])])
        #expect(controller.collectionView.log == ["setData [\"a\", \"b\"]", "reloadData"])

        controller.collectionView.canAnimateBatchUpdates = true
        controller.collectionView.log = []
        controller.show([])
        #expect(controller.collectionView.log.isEmpty)
        #expect(controller.data.map(\.model) == ["a", "b"])
    }
}
