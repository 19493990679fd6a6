import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

/// The simulated view fails where UIKit would and tracks what each cell
/// shows: the checks the updater's tests rely on.
@Suite("Simulated list view")
@MainActor
struct SimulatedListViewTests {
    typealias View = SimulatedListView<Int, String>

    /// A view over a mutable one-section list.
    @MainActor final class Flat {
        var items: [String]
        var view: View!
        init(_ items: [String]) {
            self.items = items
            view = View { [unowned self] in View.sections(of: self.items, header: 0) }
        }
    }

    @Test func emptyBatchWhileTheCountChangedIsAnIssue() {
        let list = Flat(["a", "b"])
        list.view.performBatchUpdates({ list.items = ["a"] }, completion: nil)
        #expect(list.view.issues.count == 1)
        #expect(list.view.issues.first?.contains("invalid number of items in section 0") == true)
        // Resynced like UIKit after the exception: the next batch starts there.
        #expect(list.view.shown == View.sections(of: ["a"], header: 0))
    }

    @Test func callsThatDoNotMatchTheDataSetInTheBatchAreAnIssue() {
        let list = Flat(["a", "b"])
        list.view.performBatchUpdates({ list.view.insertItems(at: [[0, 2]]) }, completion: nil)
        #expect(!list.view.issues.isEmpty)
        // Data set after the calls is fine: UIKit reads counts after the block.
        let fine = Flat(["a", "b"])
        fine.view.performBatchUpdates(
            {
                fine.view.insertItems(at: [[0, 2]])
                fine.items = ["a", "b", "c"]
            }, completion: nil)
        #expect(fine.view.issues.isEmpty)
        #expect(fine.view.shown == View.sections(of: ["a", "b", "c"], header: 0))
    }

    @Test func reconfigureOfARowThatIsNotThereIsAnIssue() {
        let list = Flat(["a", "b"])
        list.view.reconfigureItems(at: [[0, 2]])
        #expect(list.view.issues.count == 1)
        list.view.reconfigureItems(at: [[1, 0]])
        #expect(list.view.issues.count == 2)
        list.items = ["a", "B"]
        list.view.reconfigureItems(at: [[0, 1]])
        #expect(list.view.issues.count == 2)
        #expect(list.view.shown == View.sections(of: ["a", "B"], header: 0))
    }

    @Test func reconfigureInsideABatchIsAnIssue() {
        let list = Flat(["a"])
        list.view.performBatchUpdates({ list.view.reconfigureItems(at: [[0, 0]]) }, completion: nil)
        #expect(list.view.issues.contains { $0.contains("inside performBatchUpdates") })
    }

    /// A reload lands at UIKit's `r'` (shifted by the insert before it) and
    /// shows the data source's row there.
    @Test func reloadShowsTheDataSourceRowAtUIKitsTarget() {
        let list = Flat(["a", "b", "c"])
        list.view.performBatchUpdates(
            {
                list.items = ["z", "a", "B", "c"]
                list.view.insertItems(at: [[0, 0]])
                list.view.reloadItems(at: [[0, 1]])
            }, completion: nil)
        #expect(list.view.issues.isEmpty)
        #expect(list.view.shown == View.sections(of: ["z", "a", "B", "c"], header: 0))
    }

    /// A moved cell keeps what it showed: the data source's change is not on
    /// screen until the row is reconfigured (at its new path, after the batch).
    @Test func movedCellsKeepTheirContentUntilReconfigured() {
        let list = Flat(["a", "b"])
        list.view.performBatchUpdates(
            {
                list.items = ["B", "a"]
                list.view.moveItem(at: [0, 1], to: [0, 0])
            }, completion: nil)
        #expect(list.view.issues.isEmpty)
        #expect(list.view.shown == View.sections(of: ["b", "a"], header: 0))
        list.view.reconfigureItems(at: [[0, 0]])
        #expect(list.view.shown == View.sections(of: ["B", "a"], header: 0))
    }

    /// Sections: deletes, inserts and moves in one batch; a moved section
    /// keeps its header and cells, an inserted one is read from the data source.
    @Test func sectionsMoveWithTheirCells() {
        var data: [View.Section] = [
            .init(header: 0, items: ["a"]), .init(header: 1, items: ["b", "c"]), .init(header: 2, items: []),
        ]
        let view = View { data }
        view.performBatchUpdates(
            {
                data = [
                    .init(header: 1, items: ["B", "C"]), .init(header: 9, items: ["x"]), .init(header: 0, items: ["a"]),
                ]
                view.deleteSections([2])
                view.insertSections([1])
                view.moveSection(1, toSection: 0)
            }, completion: nil)
        #expect(view.issues.isEmpty)
        #expect(
            view.shown == [
                .init(header: 1, items: ["b", "c"]), .init(header: 9, items: ["x"]), .init(header: 0, items: ["a"]),
            ])
    }

    @Test func aCallOutsideABatchIsABatchOfItsOwn() {
        let list = Flat(["a"])
        list.items = ["a", "b"]
        list.view.insertItems(at: [[0, 1]])
        #expect(list.view.batchCount == 1)
        #expect(list.view.issues.isEmpty)
        #expect(list.view.shown == View.sections(of: ["a", "b"], header: 0))
    }

    @Test func completionsWaitForTheAnimations() {
        let list = Flat(["a"])
        var finished: [Bool] = []
        list.view.performBatchUpdates(
            {
                list.items = ["a", "b"]
                list.view.insertItems(at: [[0, 1]])
            }, completion: { finished.append($0) })
        #expect(finished.isEmpty)
        #expect(list.view.pendingCompletionCount == 1)
        list.view.finishAnimations()
        #expect(finished == [true])
        #expect(list.view.pendingCompletionCount == 0)
    }

    /// An invalid batch from the validator's catalogue (a delete and a
    /// reload of the same row, rule 10) is an issue even when the counts add up.
    @Test func conflictingCallsAreAnIssue() {
        let list = Flat(["a", "b"])
        list.view.performBatchUpdates(
            {
                list.items = ["a"]
                list.view.deleteItems(at: [[0, 1]])
                list.view.reloadItems(at: [[0, 1]])
            }, completion: nil)
        #expect(!list.view.issues.isEmpty)
    }
}
