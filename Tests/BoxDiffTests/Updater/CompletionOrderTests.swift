import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// `reload(using:)`'s completion on a view that ends its batches before
/// `performBatchUpdates` returns (AppKit's `NSTableView` adapter, a view
/// that does not animate): it runs after the last stage's reconfigures, as
/// it does on UIKit, where it waits for the animations.
@Suite("Completion after the last reconfigures")
@MainActor
struct CompletionOrderTests {
    func item(_ id: Int, _ text: String) -> UpdaterItem { UpdaterItem(id: id, text: text) }

    /// A view whose completions run at once: the completion comes after the
    /// reconfigure of the last stage.
    @Test func completionFollowsTheLastReconfigure() throws {
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let old = [item(1, "a"), item(2, "b")]
        let new = [item(2, "b"), item(1, "A")]
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.last?.elementReconfigured.isEmpty == false)
        let view = RecordingListView()
        view.reload(using: changeset, setData: { _ in }, completion: { view.log.append("completion") })
        #expect(view.log.last == "completion", "\(view.log)")
    }

    /// A reload chained from the completion (the next render once this one
    /// is on screen), on a table whose calls apply at once: the first
    /// reload's reconfigure must not land on the second one's rows, which
    /// left the moved, changed row showing its old text.
    @Test func reloadChainedFromTheCompletionShowsTheTarget() throws {
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let old = [item(1, "a"), item(2, "b")]
        let middle = [item(2, "b"), item(1, "A")]
        let new = [item(3, "c"), item(2, "b"), item(1, "A")]
        let first = try StagedChangeset(source: old, target: middle, options: options)
        let second = try StagedChangeset(source: middle, target: new, options: options)
        var data = old
        let table = SimulatedRowTable(showing: old)
        table.dataSource = { data }
        let view = SequentialRowListView(table)
        var completions = 0
        view.reload(
            using: first, setData: { data = $0 },
            completion: { view.reload(using: second, setData: { data = $0 }, completion: { completions += 1 }) })
        #expect(table.problems.isEmpty, "\(table.problems)")
        #expect(table.shown == new, "\(table.shown) ≠ \(new)")
        #expect(completions == 1)
    }
}
