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

    /// Random flat lists, every option set: each reload's completion starts
    /// the next one on a table whose calls apply at once; the table ends on
    /// the last list, with no call out of range and every completion once.
    @Test func randomReloadsChainedFromCompletionsOnATable() {
        var rng = SeededGenerator(seed: 0xC0_4E7E)
        for options in OptionGrids.all {
            let lists = (0..<12).map { _ in randomRows(count: Int.random(in: 0...10, using: &rng), using: &rng) }
            var data = lists[0]
            let table = SimulatedRowTable(showing: data)
            table.dataSource = { data }
            let view = SequentialRowListView(table)
            var completions = Array(repeating: 0, count: lists.count)
            func reload(_ index: Int) {
                guard index < lists.count,
                    let changeset = try? StagedChangeset(
                        source: lists[index - 1], target: lists[index], options: options)
                else { return }
                view.reload(
                    using: changeset, setData: { data = $0 },
                    completion: {
                        completions[index] += 1
                        reload(index + 1)
                    })
            }
            reload(1)
            let name = optionName(options)
            #expect(table.problems.isEmpty, "\(name): \(table.problems)")
            #expect(table.shown == lists[lists.count - 1], "\(name): \(table.shown) ≠ \(lists[lists.count - 1])")
            #expect(completions.dropFirst().allSatisfy { $0 == 1 }, "\(name): \(completions)")
        }
    }
}
