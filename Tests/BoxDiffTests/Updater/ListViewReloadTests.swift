import BoxDiff
import BoxDiffTestSupport
import Foundation
import Testing

/// `ListView.reload(using:interrupt:setData:completion:)` on known changesets.
@Suite("List view updater")
@MainActor
struct ListViewReloadTests {
    typealias TestBox = BoxGenerators.TestBox

    static let old: TestBox = Box(sections: [
        Section(id: 0, header: "zero", rows: [1 <> "one", 2 <> "two", 3 <> "three"]),
        Section(id: 1, header: "one", rows: [4 <> "four"]),
    ])
    /// Needs several stages: a row update, a delete, a section move, row
    /// inserts and moves, a header change.
    static let new: TestBox = Box(sections: [
        Section(id: 1, header: "ONE", rows: [4 <> "four", 2 <> "TWO", 5 <> "five"]),
        Section(id: 0, header: "zero", rows: [3 <> "three"]),
    ])

    static func changeset(_ style: UpdateStyle = .reload, mode: BatchMode = .staged) throws -> StagedChangeset<TestBox>
    {
        var options = DiffOptions()
        options.updateStyle = style
        options.mode = mode
        return try StagedChangeset(source: old, target: new, options: options)
    }

    @Test func stagesAnimateOneBatchEachAndCompleteOnce() throws {
        let changeset = try Self.changeset()
        #expect(changeset.count > 1)
        let screen = BoxScreen(box: Self.old)
        screen.apply(changeset)
        #expect(screen.view.batchCount == changeset.count)
        #expect(screen.view.reloadDataCount == 0)
        #expect(screen.setDataCount == changeset.count)
        // Only the last batch carries the completion, and it waits for its animation.
        #expect(screen.completionCount == 0)
        #expect(screen.view.pendingCompletionCount == 1)
        screen.view.finishAnimations()
        #expect(screen.problems(showing: Self.new) == [])
    }

    /// Inside each batch, `setData` comes first; reconfigures come right
    /// after the batch that carries them.
    @Test func setDataFirstAndReconfiguresAfterTheirBatch() throws {
        for mode in BatchMode.allCases {
            let changeset = try Self.changeset(.reconfigure, mode: mode)
            // Single-batch mode rewrites this pair as section deletes and inserts.
            #expect(changeset.contains { !$0.elementReconfigured.isEmpty } == (mode == .staged))
            let screen = BoxScreen(box: Self.old)
            screen.apply(changeset)
            screen.view.finishAnimations()
            #expect(screen.problems(showing: Self.new) == [], "\(mode)")
            let log = screen.view.log
            var batch = -1
            for (k, event) in log.enumerated() {
                if event == "performBatchUpdates" {
                    batch += 1
                    #expect(log[k + 1] == "setData", "\(mode): \(log)")
                } else if event.hasPrefix("reconfigureItems") {
                    #expect(log[k - 1] == "end of batch", "\(mode): \(log)")
                    #expect(!changeset[batch].elementReconfigured.isEmpty)
                }
            }
            #expect(batch == changeset.count - 1)
        }
    }

    @Test func anEmptyChangesetMakesNoCall() throws {
        let changeset = try StagedChangeset(source: Self.old, target: Self.old)
        #expect(changeset.isEmpty)
        let screen = BoxScreen(box: Self.old)
        screen.apply(changeset)
        #expect(screen.view.log.isEmpty)
        #expect(screen.setDataCount == 0)
        #expect(screen.problems(showing: Self.old) == [])
    }

    @Test func aReloadEverythingPlanReloads() throws {
        var options = DiffOptions()
        options.reloadThreshold = 0
        let changeset = try StagedChangeset(source: Self.old, target: Self.new, options: options)
        #expect(changeset.reloadsEverything)
        let screen = BoxScreen(box: Self.old)
        screen.apply(changeset)
        #expect(screen.view.log == ["setData", "reloadData"])
        #expect(screen.problems(showing: Self.new) == [])
    }

    @Test func aViewOutOfAWindowReloads() throws {
        let screen = BoxScreen(box: Self.old, canAnimate: false)
        screen.apply(try Self.changeset())
        #expect(screen.view.log == ["setData", "reloadData"])
        #expect(screen.problems(showing: Self.new) == [])
    }

    /// `interrupt` is asked before each stage; the first `true` reloads the
    /// target, after the stages already animated.
    @Test func interruptReloadsTheTarget() throws {
        let changeset = try Self.changeset()
        for stop in 0..<changeset.count {
            let screen = BoxScreen(box: Self.old)
            var asked: [Int] = []
            screen.apply(changeset) { stage in
                asked.append(asked.count)
                return asked.count - 1 == stop
            }
            #expect(asked == Array(0...stop))
            #expect(screen.view.batchCount == stop)
            #expect(screen.view.reloadDataCount == 1)
            #expect(screen.completionCount == 1)
            screen.view.finishAnimations()
            #expect(screen.problems(showing: Self.new) == [], "interrupted at stage \(stop)")
        }
        // Never interrupting animates every stage.
        let screen = BoxScreen(box: Self.old)
        screen.apply(changeset) { _ in false }
        screen.view.finishAnimations()
        #expect(screen.view.reloadDataCount == 0)
        #expect(screen.problems(showing: Self.new) == [])
    }

    @Test func flatChangesetsAnimateInOneSection() throws {
        let old = ["a", "b", "c", "d"]
        let new = ["d", "a", "x", "c"]
        let changeset = try StagedChangeset(source: old, target: new)
        let screen = FlatScreen(list: old)
        screen.apply(changeset)
        screen.view.finishAnimations()
        #expect(screen.view.batchCount == changeset.count)
        #expect(screen.problems(showing: new) == [])
    }

    /// A broken plan is caught: a stage missing a reload or a reconfigure
    /// leaves a stale cell, a stage missing an insert breaks UIKit's count
    /// check.
    @Test func brokenChangesetsAreCaught() throws {
        let old: TestBox = Box(sections: [Section(id: 0, rows: [1 <> "one", 2 <> "two"])])
        let new: TestBox = Box(sections: [Section(id: 0, rows: [2 <> "two", 3 <> "three", 1 <> "ONE"])])
        for style in UpdateStyle.allCases {
            var options = DiffOptions()
            options.updateStyle = style
            var changeset = try StagedChangeset(source: old, target: new, options: options)
            let intact = BoxScreen(box: old)
            intact.apply(changeset)
            intact.view.finishAnimations()
            #expect(intact.problems(showing: new) == [])
            let k = try #require(
                changeset.firstIndex { !$0.elementUpdated.isEmpty || !$0.elementReconfigured.isEmpty })
            changeset[k].elementUpdated.removeAll()
            changeset[k].elementReconfigured.removeAll()
            let stale = BoxScreen(box: old)
            stale.apply(changeset)
            stale.view.finishAnimations()
            #expect(stale.view.issues.isEmpty, "\(style)")
            #expect(stale.problems(showing: new).contains { $0.hasPrefix("shows") }, "\(style)")
        }

        var missingInsert = try Self.changeset()
        let i = try #require(missingInsert.firstIndex { !$0.elementInserted.isEmpty })
        missingInsert[i].elementInserted.removeLast()
        let crashed = BoxScreen(box: Self.old)
        crashed.apply(missingInsert)
        crashed.view.finishAnimations()
        #expect(!crashed.view.issues.isEmpty)
    }

    /// An element path as a two-index Foundation path and back.
    @Test func elementPathsAsIndexPaths() {
        for (section, row) in [(0, 0), (2, 5), (7, 0), (Int.max, Int.max)] {
            let path = ElementPath(section: section, row: row).indexPath
            #expect(path.count == 2)
            #expect(path == IndexPath(indexes: [section, row]))
            #expect(path[0] == section && path[1] == row)
            #expect(ElementPath(path) == ElementPath(section: section, row: row))
        }
    }
}
