import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Issue "Trust", item 5: the validator's false alarms on duplicate ids and
/// on reloads displaced by a move, and the last batch's data left unchecked.
@Suite("Batch validation: duplicates, displaced reloads, last batch")
struct BatchReplayTrustTests {
    let validator = BatchUpdateValidator()

    /// Shape checks and replay of one batch whose data after it is `after`.
    func check(_ before: ReplayTestState, _ update: BatchUpdate, _ after: ReplayTestState) -> [BatchViolation] {
        validator.violations(from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
    }

    // MARK: Duplicate ids

    @Test func reloadOfADuplicateRowIsJudgedByTheRowItBecomes() {
        // Two rows with id 0; the second one changes. The first wins in a
        // lookup by id, and its content did not change: no reason to object.
        let before = replayState(replaySection("S", ["0:1", "0:1"]))
        let after = replayState(replaySection("S", ["0:1", "0:0"]))
        #expect(check(before, BatchUpdate(elementUpdated: [ep(0, 1)]), after).isEmpty)
        // Reloading the first one instead is a reload of unchanged content,
        // and leaves the second one stale.
        let wrong = check(before, BatchUpdate(elementUpdated: [ep(0, 0)]), after)
        #expect(wrong.rules == [.reloadOfUnchangedContent, .missedUpdate])
        #expect(wrong.first { $0.rule == .reloadOfUnchangedContent }?.path == ep(0, 0))
        #expect(wrong.first { $0.rule == .missedUpdate }?.path == ep(0, 1))
    }

    @Test func reconfigureOfADuplicateRowIsJudgedByTheRowItBecomes() {
        let before = replayState(replaySection("S", ["0:1", "0:1"]))
        let after = replayState(replaySection("S", ["0:1", "0:0"]))
        #expect(check(before, BatchUpdate(elementReconfigured: [ep(0, 1)]), after).isEmpty)
        #expect(
            check(before, BatchUpdate(elementReconfigured: [ep(0, 0)]), after).rules
                == [.reconfigureOfUnchangedRow, .missedUpdate])
    }

    @Test func reloadOfADuplicateSectionIsJudgedByTheSectionItBecomes() {
        let before = replayState(replaySection("S", content: 1, ["a"]), replaySection("S", content: 1, ["a"]))
        let after = replayState(replaySection("S", content: 1, ["a"]), replaySection("S", content: 0, ["a"]))
        #expect(check(before, BatchUpdate(sectionUpdated: [1]), after).isEmpty)
        let wrong = check(before, BatchUpdate(sectionUpdated: [0]), after)
        #expect(wrong.rules == [.reloadOfUnchangedContent, .missedUpdate])
        #expect(wrong.first { $0.rule == .reloadOfUnchangedContent }?.section == 0)
    }

    /// The diff `old` → `new` in each batch mode changes something and
    /// breaks no batch rule.
    func expectValidInEveryMode(_ old: Box<Int, Int>, _ new: Box<Int, Int>) throws {
        for mode in BatchMode.allCases {
            var options = DiffOptions()
            options.mode = mode
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            #expect(!changeset.isEmpty)
            #expect(changeset.violations(from: old).isEmpty, "\(mode)")
        }
    }

    @Test func diffOfDuplicateRowsValidates() throws {
        // The minimal case of the issue, through the diff: with
        // `validatesChangesets` it trapped.
        let old = Box<Int, Int>(sections: [
            Section(id: 0, rows: [Node(id: 0, component: 1), Node(id: 0, component: 1)])
        ])
        let new = Box<Int, Int>(sections: [
            Section(id: 0, rows: [Node(id: 0, component: 1), Node(id: 0, component: 0)])
        ])
        try expectValidInEveryMode(old, new)
    }

    @Test func diffOfDuplicateSectionsValidates() throws {
        let old = Box<Int, Int>(sections: [
            Section(id: 0, header: Component(1), rows: [Node(id: 1, component: 1)]),
            Section(id: 0, header: Component(1), rows: [Node(id: 1, component: 1)]),
        ])
        let new = Box<Int, Int>(sections: [
            Section(id: 0, header: Component(1), rows: [Node(id: 1, component: 1)]),
            Section(id: 0, header: Component(0), rows: [Node(id: 1, component: 1)]),
        ])
        try expectValidInEveryMode(old, new)
    }

    // MARK: Rule 11 with a move in the same batch

    @Test func reloadDisplacedByAMoveIsRightWhereTheDataAgrees() {
        // UIKit reloads (0, 1), where the data has a': right, though a
        // stayer would be pushed to (0, 2) by the move.
        let before = replayState(replaySection("A", ["s", "a:1", "m"]))
        let after = replayState(replaySection("A", ["m", "a:2", "s"]))
        let update = BatchUpdate(elementUpdated: [ep(0, 1)], elementMoved: [mvRow(ep(0, 2), ep(0, 0))])
        #expect(check(before, update, after).isEmpty)
        // Shapes alone cannot tell: the data might keep a after s.
        #expect(validator.validate(before: before.shape, update: update, after: after.shape).rules == [.reloadTarget])
        // Where the data does keep a after s, the reload lands on s.
        let other = replayState(replaySection("A", ["m", "s", "a:2"]))
        let wrong = check(before, update, other)
        #expect(wrong.rules.contains(.reloadTarget))
        #expect(
            wrong.messages(.reloadTarget) == [
                "attempt to reload row at index path ([0, 1]), which UIKit reloads at index path ([0, 1]) after the "
                    + "update, but the row ends up at index path ([0, 2]); UIKit does not consider moves when it maps "
                    + "a reload"
            ])
    }

    @Test func sectionReloadDisplacedByAMoveIsRightWhereTheDataAgrees() {
        let before = replayState(
            replaySection("S", ["s"]), replaySection("A", content: 1, ["a"]), replaySection("M", ["m"]))
        let after = replayState(
            replaySection("M", ["m"]), replaySection("A", content: 2, ["a"]), replaySection("S", ["s"]))
        let update = BatchUpdate(sectionUpdated: [1], sectionMoved: [mvSection(2, 0)])
        #expect(check(before, update, after).isEmpty)
        #expect(validator.validate(before: before.shape, update: update, after: after.shape).rules == [.reloadTarget])
        let other = replayState(
            replaySection("M", ["m"]), replaySection("S", ["s"]), replaySection("A", content: 2, ["a"]))
        #expect(check(before, update, other).rules.contains(.reloadTarget))
    }

    @Test func reloadLandingOnAnotherRowIsStillReported() {
        // The case of `reloadShiftedByAMoveLandsOnTheWrongRow`, through the
        // combined check: rule 11 stays.
        let before = replayState(replaySection("A", ["a", "b", "c:1", "d"]))
        let after = replayState(replaySection("A", ["b", "c:2", "d", "a"]))
        let update = BatchUpdate(elementUpdated: [ep(0, 2)], elementMoved: [mvRow(ep(0, 0), ep(0, 3))])
        #expect(check(before, update, after).rules == [.reloadTarget, .replayMismatch])
    }

    // MARK: The last batch's data

    @Test func lastBatchDataIsComparedWithTheView() {
        let before = replayState(replaySection("A", ["a", "b"]))
        let target = replayState(replaySection("A", ["a", "b", "c"]))
        let lastData = replayState(replaySection("A", ["b", "a", "c"]))
        let step = BatchReplayStep(update: BatchUpdate(elementInserted: [ep(0, 2)]), afterState: lastData)
        let violations = validator.violations(from: before, to: target, steps: [step])
        #expect(violations.rules == [.replayMismatch])
        #expect(
            violations.messages(.replayMismatch) == [
                "replaying the batches leaves row \"a\" at index path ([0, 0]) after batch 0, but the data source "
                    + "has row \"b\" there"
            ])
        // With the data equal to the target, nothing is reported twice.
        let right = BatchReplayStep(update: BatchUpdate(elementInserted: [ep(0, 2)]), afterState: target)
        #expect(validator.violations(from: before, to: target, steps: [right]).isEmpty)
        let missing = BatchReplayStep(update: BatchUpdate(), afterState: target)
        #expect(validator.replayViolations(from: before, to: target, steps: [missing]).count == 1)
    }
}

/// The validator's cost grows as (rows + calls) log calls: reloads beside
/// deletes in one section once cost a scan of the section's deletes each.
@Suite("Batch validation: large batches")
struct BatchValidationScaleTests {
    @Test func reloadsBesideDeletesInOneSection() {
        // 100,000 rows: every other row deleted, the others reloaded. Each
        // reload's true position used to sort the section's 50,000 deletes.
        let rows = 100_000
        let deletes = stride(from: 0, to: rows, by: 2).map { ep(0, $0) }
        let reloads = stride(from: 1, to: rows, by: 2).map { ep(0, $0) }
        let update = BatchUpdate(elementDeleted: deletes, elementUpdated: reloads)
        #expect(BatchUpdateValidator().validate(before: [rows], update: update, after: [rows / 2]).isEmpty)
    }

    @Test func singleBatchChangesetOfAHundredThousandRows() throws {
        // The shape of the issue, through the diff and the replay: one
        // section, a tenth of the rows deleted, a tenth updated.
        let rows = 100_000
        let old = Box<Int, Int>(sections: [Section(id: 0, rows: (0..<rows).map { Node(id: $0, component: $0) })])
        let kept = (0..<rows).filter { $0 % 10 != 3 }
        let new = Box<Int, Int>(sections: [
            Section(id: 0, rows: kept.map { Node(id: $0, component: $0 % 10 == 7 ? -$0 : $0) })
        ])
        var options = DiffOptions()
        options.mode = .singleBatch
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 1)
        #expect(changeset.first?.elementUpdated.count == rows / 10)
        #expect(changeset.first?.elementDeleted.count == rows / 10)
        #expect(changeset.violations(from: old).isEmpty)
    }
}
