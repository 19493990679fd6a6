import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// The replay check: batches applied to real identities as UIKit applies
/// them to cells, compared with the data source.
@Suite("Batch validation: replay")
struct BatchReplayTests {
    let validator = BatchUpdateValidator()

    /// Replays one batch whose result is `after`.
    func replay(_ before: ReplayTestState, _ update: BatchUpdate, _ after: ReplayTestState) -> [BatchViolation] {
        validator.replayViolations(from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
    }

    // MARK: Single batches

    @Test func validBatchReplaysExactly() {
        let before = replayState(replaySection("A", ["a", "b", "c"]), replaySection("B", ["d"]))
        let after = replayState(replaySection("A", ["c", "x", "a"]), replaySection("B", ["d", "b"]))
        // b moves to B; c moves to the front; x is inserted.
        let update = BatchUpdate(
            elementInserted: [ep(0, 1)], elementMoved: [mvRow(ep(0, 1), ep(1, 1)), mvRow(ep(0, 2), ep(0, 0))])
        #expect(replay(before, update, after).isEmpty)
        #expect(
            validator.violations(from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
                .isEmpty)
    }

    @Test func missingInsertIsFlagged() {
        let before = replayState(replaySection("A", ["a", "b"]))
        let after = replayState(replaySection("A", ["a", "x", "b"]))
        let violations = replay(before, BatchUpdate(), after)
        #expect(violations.rules == [.replayMismatch])
        #expect(
            violations.messages(.replayMismatch) == [
                "replaying the batches leaves 2 rows in section 0 after batch 0, but the data source has 3",
                "replaying the batches leaves row \"b\" at index path ([0, 1]) after batch 0, but the data source has row \"x\" there",
            ])
        #expect(replay(before, BatchUpdate(elementInserted: [ep(0, 1)]), after).isEmpty)
    }

    @Test func wrongMoveIsFlagged() {
        let before = replayState(replaySection("A", ["a", "b", "c"]))
        let after = replayState(replaySection("A", ["c", "a", "b"]))
        // The shapes agree, so only the replay can tell the move is wrong.
        let wrong = BatchUpdate(elementMoved: [mvRow(ep(0, 2), ep(0, 1))])
        #expect(validator.validate(before: before.shape, update: wrong, after: after.shape).isEmpty)
        let violations = replay(before, wrong, after)
        #expect(violations.rules == [.replayMismatch])
        #expect(violations.first?.path == ep(0, 0))
        #expect(
            violations.messages(.replayMismatch)
                == [
                    "replaying the batches leaves row \"a\" at index path ([0, 0]) after batch 0, but the data source has row \"c\" there"
                ])
        #expect(replay(before, BatchUpdate(elementMoved: [mvRow(ep(0, 2), ep(0, 0))]), after).isEmpty)
    }

    @Test func missedUpdateIsFlagged() {
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let after = replayState(replaySection("A", ["a:1", "b:2"]))
        let violations = replay(before, BatchUpdate(), after)
        #expect(violations.rules == [.missedUpdate])
        #expect(violations.first?.path == ep(0, 1))
        #expect(violations.first?.batchIndex == nil)
        #expect(
            violations.messages(.missedUpdate) == [
                "the content of row \"b\" at index path ([0, 1]) changed, but no batch reloads or reconfigures it: "
                    + "the table view shows stale content"
            ])
        #expect(replay(before, BatchUpdate(elementUpdated: [ep(0, 1)]), after).isEmpty)
        #expect(replay(before, BatchUpdate(elementReconfigured: [ep(0, 1)]), after).isEmpty)
        #expect(replay(before, BatchUpdate(elementDeleted: [ep(0, 1)], elementInserted: [ep(0, 1)]), after).isEmpty)
    }

    @Test func movingAChangedRowWithoutRefreshingItIsAMissedUpdate() {
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let after = replayState(replaySection("A", ["b:2", "a:1"]))
        let move = BatchUpdate(elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        #expect(replay(before, move, after).rules == [.missedUpdate])
        // Reconfiguring it at its N path after the move is right.
        let moveThenReconfigure = BatchUpdate(
            elementMoved: [mvRow(ep(0, 1), ep(0, 0))], elementReconfigured: [ep(0, 0)])
        #expect(replay(before, moveThenReconfigure, after).isEmpty)
    }

    @Test func spuriousReloadIsFlagged() {
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let after = replayState(replaySection("A", ["a:1", "b:2"]))
        let violations = replay(before, BatchUpdate(elementUpdated: [ep(0, 0), ep(0, 1)]), after)
        #expect(violations.rules == [.reloadOfUnchangedContent])
        #expect(violations.first?.path == ep(0, 0))
        #expect(
            violations.messages(.reloadOfUnchangedContent)
                == ["attempt to reload row \"a\" at index path ([0, 0]), whose content did not change"])
    }

    @Test func spuriousReconfigureIsFlagged() {
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let after = replayState(replaySection("A", ["a:1", "b:2"]))
        let violations = replay(before, BatchUpdate(elementReconfigured: [ep(0, 0), ep(0, 1)]), after)
        #expect(violations.rules == [.reconfigureOfUnchangedRow])
        #expect(
            violations.messages(.reconfigureOfUnchangedRow)
                == ["attempt to reconfigure row \"a\" at index path ([0, 0]), whose content did not change"])
    }

    @Test func reloadIsPlacedAtTheTargetUIKitComputes() {
        // a is deleted and x inserted after b, which is reloaded: O [0, 1] -> N [0, 0].
        let before = replayState(replaySection("A", ["a", "b:1", "c"]))
        let after = replayState(replaySection("A", ["b:2", "x", "c"]))
        let update = BatchUpdate(elementDeleted: [ep(0, 0)], elementInserted: [ep(0, 1)], elementUpdated: [ep(0, 1)])
        #expect(validator.validate(before: before.shape, update: update, after: after.shape).isEmpty)
        #expect(replay(before, update, after).isEmpty)
        // Inserting x before b instead shifts b's target to 1, and the data source has b at 0.
        let shifted = BatchUpdate(elementDeleted: [ep(0, 0)], elementInserted: [ep(0, 0)], elementUpdated: [ep(0, 1)])
        #expect(replay(before, shifted, after).rules.contains(.replayMismatch))
    }

    @Test func reloadShiftedByAMoveLandsOnTheWrongRow() {
        // Rule 11's case, on identities: UIKit reloads index 2 after the
        // batch, which holds d, and c keeps its stale cell at index 1.
        let before = replayState(replaySection("A", ["a", "b", "c:1", "d"]))
        let after = replayState(replaySection("A", ["b", "c:2", "d", "a"]))
        let update = BatchUpdate(elementUpdated: [ep(0, 2)], elementMoved: [mvRow(ep(0, 0), ep(0, 3))])
        let violations = replay(before, update, after)
        #expect(violations.rules == [.replayMismatch])
        #expect(violations.first?.path == ep(0, 1))
        // The same change as two batches (update first, with O paths) is right.
        let staged = [
            BatchReplayStep(
                update: BatchUpdate(elementUpdated: [ep(0, 2)]),
                afterState: replayState(replaySection("A", ["a", "b", "c:2", "d"]))),
            BatchReplayStep(update: BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 3))]), afterState: after),
        ]
        #expect(validator.violations(from: before, to: after, steps: staged).isEmpty)
    }

    // MARK: Sections

    @Test func changedSectionHeaderMustBeReloaded() {
        let before = replayState(replaySection("A", content: 1, ["a"]), replaySection("B", ["b"]))
        let after = replayState(replaySection("A", content: 2, ["a"]), replaySection("B", ["b"]))
        let violations = replay(before, BatchUpdate(), after)
        #expect(violations.rules == [.missedUpdate])
        #expect(violations.first?.section == 0)
        #expect(
            violations.messages(.missedUpdate) == [
                "the content of section \"A\" at index 0 changed, but no batch reloads it: the table view shows a "
                    + "stale header or footer"
            ])
        #expect(replay(before, BatchUpdate(sectionUpdated: [0]), after).isEmpty)
        let spurious = replay(before, BatchUpdate(sectionUpdated: [0, 1]), after)
        #expect(spurious.rules == [.reloadOfUnchangedContent])
        #expect(spurious.first?.section == 1)
    }

    @Test func sectionReloadIsPlacedAtTheTargetUIKitComputes() {
        let before = replayState(replaySection("A", content: 1, ["a"]), replaySection("B", ["b"]))
        let after = replayState(
            replaySection("N", ["n"]), replaySection("A", content: 2, ["a"]), replaySection("B", ["b"]))
        #expect(replay(before, BatchUpdate(sectionInserted: [0], sectionUpdated: [0]), after).isEmpty)
        // Had the data source put the new section after A, UIKit would still
        // reload index 1, now holding N: A's place shows N's data.
        let wrongShape = replayState(
            replaySection("A", content: 2, ["a"]), replaySection("N", ["n"]), replaySection("B", ["b"]))
        let wrong = replay(before, BatchUpdate(sectionInserted: [0], sectionUpdated: [0]), wrongShape)
        #expect(wrong.rules == [.replayMismatch])
    }

    @Test func sectionReloadCoversItsChangedRows() {
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let after = replayState(replaySection("A", ["a:2", "c"]))
        #expect(replay(before, BatchUpdate(sectionUpdated: [0]), after).isEmpty)
    }

    @Test func sectionMoveAndInsertReplay() {
        let before = replayState(replaySection("A", ["a"]), replaySection("B", ["b"]), replaySection("C", ["c"]))
        let after = replayState(
            replaySection("C", ["c"]), replaySection("N", ["n1", "n2"]), replaySection("A", ["a"]),
            replaySection("B", ["b"]))
        let update = BatchUpdate(sectionInserted: [1], sectionMoved: [mvSection(2, 0)])
        #expect(replay(before, update, after).isEmpty)
        let wrong = BatchUpdate(sectionInserted: [1], sectionMoved: [mvSection(2, 3)])
        #expect(replay(before, wrong, after).rules == [.replayMismatch])
    }

    // MARK: Several batches

    /// Sections A[a, b, c], B[d, e], C[f] become C'[f], A[c*, a, x, e],
    /// B[d], D[y]: C's header changes, c's content changes, b is deleted, x
    /// inserted, e moves from B to A, C moves to the front, D is inserted.
    struct StagedExample {
        let before = replayState(
            replaySection("A", ["a", "b", "c:1"]), replaySection("B", ["d", "e"]), replaySection("C", content: 1, ["f"])
        )
        let target = replayState(
            replaySection("C", content: 2, ["f"]), replaySection("A", ["c:2", "a", "x", "e"]),
            replaySection("B", ["d"]), replaySection("D", ["y"]))
        let stage1 = replayState(
            replaySection("A", ["a", "b", "c:2"]), replaySection("B", ["d", "e"]), replaySection("C", content: 1, ["f"])
        )
        let stage2 = replayState(
            replaySection("A", ["a", "c:2"]), replaySection("B", ["d", "e"]), replaySection("C", content: 1, ["f"]))
        let stage3 = replayState(
            replaySection("C", content: 1, ["f"]), replaySection("A", ["a", "c:2"]), replaySection("B", ["d", "e"]),
            replaySection("D", ["y"]))
        let stage4 = replayState(
            replaySection("C", content: 1, ["f"]), replaySection("A", ["c:2", "a", "x", "e"]),
            replaySection("B", ["d"]), replaySection("D", ["y"]))

        let updates = [
            BatchUpdate(elementUpdated: [ep(0, 2)]),
            BatchUpdate(elementDeleted: [ep(0, 1)]),
            BatchUpdate(sectionInserted: [3], sectionMoved: [mvSection(2, 0)]),
            BatchUpdate(
                elementInserted: [ep(1, 2)], elementMoved: [mvRow(ep(1, 1), ep(1, 0)), mvRow(ep(2, 1), ep(1, 3))]),
            BatchUpdate(sectionUpdated: [0]),
        ]

        var steps: [BatchReplayStep<String, String>] {
            zip(updates, [stage1, stage2, stage3, stage4, target]).map { BatchReplayStep(update: $0, afterState: $1) }
        }
    }

    @Test func stagedChangesetValidatesAndReplays() {
        let example = StagedExample()
        #expect(validator.violations(from: example.before, to: example.target, steps: example.steps).isEmpty)
    }

    @Test func stagedChangesetReplaysWithoutIntermediateIdentities() {
        let example = StagedExample()
        let shapesOnly = example.steps.map(\.step)
        #expect(validator.validate(before: example.before.shape, steps: shapesOnly).isEmpty)
        #expect(validator.replayViolations(from: example.before, to: example.target, steps: shapesOnly).isEmpty)
    }

    @Test func stagedChangesetMissingItsSectionStageIsFlagged() {
        let example = StagedExample()
        let firstFour = Array(example.steps.prefix(4).map(\.step))
        let violations = validator.replayViolations(from: example.before, to: example.target, steps: firstFour)
        #expect(violations.rules == [.missedUpdate])
        #expect(violations.first?.section == 0)
    }

    @Test func wrongIntermediateBatchIsCaughtAtItsStep() {
        let example = StagedExample()
        var steps = example.steps
        // Stage 2 deletes a instead of b: the shapes still agree.
        steps[1] = BatchReplayStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), afterState: example.stage2)
        let violations = validator.violations(from: example.before, to: example.target, steps: steps)
        #expect(violations.rules == [.replayMismatch])
        #expect(violations.allSatisfy { $0.batchIndex == 1 })
    }

    @Test func insertedRowOfAnUnknownStageIsResolvedAtTheTarget() {
        // Stage 0 inserts a row (its identity unknown), stage 1 moves it to the end.
        let before = replayState(replaySection("A", ["a", "b"]))
        let target = replayState(replaySection("A", ["a", "b", "x"]))
        let steps = [
            BatchStep(update: BatchUpdate(elementInserted: [ep(0, 0)]), after: [3]),
            BatchStep(update: BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 2))]), after: [3]),
        ]
        #expect(validator.replayViolations(from: before, to: target, steps: steps).isEmpty)
        // Had the row not been moved, a would be at 1, not b.
        let unmoved = [steps[0], BatchStep(update: BatchUpdate(), after: [3])]
        #expect(validator.replayViolations(from: before, to: target, steps: unmoved).rules == [.replayMismatch])
    }

    @Test func noStepsComparesBeforeWithTarget() {
        let before = replayState(replaySection("A", ["a"]))
        #expect(validator.replayViolations(from: before, to: before, steps: [BatchStep]()).isEmpty)
        let target = replayState(replaySection("A", ["b"]))
        let violations = validator.replayViolations(from: before, to: target, steps: [BatchStep]())
        #expect(violations.rules == [.replayMismatch])
        #expect(violations.first?.batchIndex == nil)
    }

    @Test func collectionViewWordingInReplayMessages() {
        let before = replayState(replaySection("A", ["a:1"]))
        let after = replayState(replaySection("A", ["a:2"]))
        let violations = BatchUpdateValidator(flavor: .collectionView).replayViolations(
            from: before, to: after, steps: [BatchStep(update: BatchUpdate(), after: [1])])
        #expect(
            violations.messages(.missedUpdate) == [
                "the content of item \"a\" at index path ([0, 0]) changed, but no batch reloads or reconfigures it: "
                    + "the collection view shows stale content"
            ])
    }

    @Test func rowInsertedInOneBatchCanBeReconfiguredInTheNext() {
        // x is new in batch 0 only: batch 1's reconfigure refreshes its changed content.
        let before = replayState(replaySection("A", ["a:1"]))
        let middle = replayState(replaySection("A", ["a:1", "x:1"]))
        let target = replayState(replaySection("A", ["a:1", "x:2"]))
        let steps = [
            BatchReplayStep(update: BatchUpdate(elementInserted: [ep(0, 1)]), afterState: middle),
            BatchReplayStep(update: BatchUpdate(elementReconfigured: [ep(0, 1)]), afterState: target),
        ]
        #expect(validator.replayViolations(from: before, to: target, steps: steps).isEmpty)
        // Without the reconfigure, x shows its stale content.
        let stale = [steps[0], BatchReplayStep(update: BatchUpdate(), afterState: target)]
        #expect(validator.replayViolations(from: before, to: target, steps: stale).rules == [.missedUpdate])
    }

    @Test func reconfigureOfARowInsertedInTheSameBatchIsNotJudgedAsUnchanged() {
        // The inserted cell is new (reconfigureOfReplacedRow); the replay does not also
        // take the reconfigure for a refresh of unchanged content.
        let before = replayState(replaySection("A", ["a:1"]))
        let after = replayState(replaySection("A", ["a:1", "x:1"]))
        let update = BatchUpdate(elementInserted: [ep(0, 1)], elementReconfigured: [ep(0, 1)])
        let violations = validator.violations(
            from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
        #expect(violations.rules == [.reconfigureOfReplacedRow])
    }

    @Test func unknownInsertedSectionsShareTheRowsTheCarriedSectionsLeave() {
        // The before and target states hold 4 rows together; the carried section keeps 2 of
        // them, so an inserted section of unknown rows may have 2, not 3.
        let before = replayState(replaySection("A", ["a", "b"]))
        func steps(inserting rows: Int) -> [BatchStep] {
            [
                BatchStep(update: BatchUpdate(sectionInserted: [0]), after: [rows, 2]),
                BatchStep(update: BatchUpdate(sectionDeleted: [0]), after: [2]),
            ]
        }
        #expect(validator.replayViolations(from: before, to: before, steps: steps(inserting: 2)).isEmpty)
        let tooMany = validator.replayViolations(from: before, to: before, steps: steps(inserting: 3))
        #expect(
            tooMany.messages(.replayMismatch) == [
                "cannot replay: section 0 is inserted with 3 rows, more than the before and after states hold "
                    + "together beside the other sections of the batch"
            ])
    }

    @Test func reloadOfASectionThatGainedRowsIsNotUnchanged() {
        // Same header content, same first row, one row more: the reload refreshed something.
        let before = replayState(replaySection("A", content: 1, ["a:1"]))
        let after = replayState(replaySection("A", content: 1, ["a:1", "b:1"]))
        #expect(replay(before, BatchUpdate(sectionUpdated: [0]), after).isEmpty)
    }

    @Test func sectionReloadLeftOutOfPlaceIsJudgedByIdentity() {
        // The sections swap but the batch only reloads A: the replay goes wrong, and the
        // reload of A (content 1 before and after) is judged against A, not against B,
        // which the data source has where A was left.
        let before = replayState(replaySection("A", content: 1, ["a"]), replaySection("B", content: 2, ["b"]))
        let after = replayState(replaySection("B", content: 2, ["b"]), replaySection("A", content: 1, ["a"]))
        let violations = replay(before, BatchUpdate(sectionUpdated: [0]), after)
        #expect(violations.rules == [.replayMismatch, .reloadOfUnchangedContent])
        #expect(violations.contains { $0.rule == .reloadOfUnchangedContent && $0.section == 0 })
    }

    @Test func rowReloadLeftOutOfPlaceIsJudgedByIdentity() {
        // a and b swap but the batch only reloads a: a's reload (content 1 before and
        // after) is judged against a, not against b, which the data source has there.
        let before = replayState(replaySection("A", ["a:1", "b:2"]))
        let after = replayState(replaySection("A", ["b:2", "a:1"]))
        let violations = replay(before, BatchUpdate(elementUpdated: [ep(0, 0)]), after)
        #expect(violations.rules == [.replayMismatch, .reloadOfUnchangedContent])
        #expect(violations.contains { $0.rule == .reloadOfUnchangedContent && $0.path == ep(0, 0) })
    }

    @Test func reloadOfARowReplacedLaterIsJudgedByItsUniqueIdentity() {
        // b is reloaded unchanged, then deleted and inserted again: its reload never reaches
        // the target, and is judged against the target's only b.
        let before = replayState(replaySection("A", ["a:1", "b:1"]))
        let target = replayState(replaySection("A", ["b:1", "a:1"]))
        let steps = [
            BatchReplayStep(update: BatchUpdate(elementUpdated: [ep(0, 1)]), afterState: before),
            BatchReplayStep(
                update: BatchUpdate(elementDeleted: [ep(0, 1)], elementInserted: [ep(0, 0)]), afterState: target),
        ]
        let violations = validator.replayViolations(from: before, to: target, steps: steps)
        #expect(violations.rules == [.reloadOfUnchangedContent])
        #expect(violations.first?.batchIndex == 0)
    }

    @Test func reloadOfARowReplacedLaterIsNotJudgedByARepeatedIdentity() {
        // As above with two rows a: which of them the reload refreshed cannot be told.
        let before = replayState(replaySection("A", ["a:1", "a:1"]))
        let steps = [
            BatchReplayStep(update: BatchUpdate(elementUpdated: [ep(0, 1)]), afterState: before),
            BatchReplayStep(
                update: BatchUpdate(elementDeleted: [ep(0, 1)], elementInserted: [ep(0, 0)]), afterState: before),
        ]
        #expect(validator.replayViolations(from: before, to: before, steps: steps).isEmpty)
    }

    @Test func reconfigureKeepsItsPendingCheckThroughAReloadOfUnknownContent() {
        // Batch 0 (its data unknown) reconfigures the first a, whose content is then not
        // known; batch 1 reloads it. The reconfigure's check stays with the row, and is
        // judged where it lands (the two rows a cannot be told apart by identity).
        let state = replayState(replaySection("A", ["a:1", "a:1"]))
        let steps = [
            BatchReplayStep(BatchStep(update: BatchUpdate(elementReconfigured: [ep(0, 0)]), after: [2])),
            BatchReplayStep(update: BatchUpdate(elementUpdated: [ep(0, 0)]), afterState: state),
        ]
        let violations = validator.replayViolations(from: state, to: state, steps: steps)
        #expect(violations.contains { $0.rule == .reconfigureOfUnchangedRow && $0.batchIndex == 0 })
    }
}
