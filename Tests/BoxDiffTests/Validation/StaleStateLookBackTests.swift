import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rule 19 (stale before-state) looks back a bounded number of shapes:
/// each batch that breaks a count rule was simulated on every older shape,
/// so a sequence of k such batches (hand-built, or decoded from JSON) cost
/// k² simulations.
@Suite("Batch validation: stale before-state look-back")
struct StaleStateLookBackTests {
    /// `count` batches that each insert a row into the only section but
    /// claim the row count stays 1: every batch breaks the row-count rule
    /// and fits no older shape, so each one tries every shape it may.
    private static func failingSteps(_ count: Int) -> [BatchStep] {
        Array(repeating: BatchStep(update: BatchUpdate(elementInserted: [ep(0, 0)]), after: [1]), count: count)
    }

    @Test func aLongRunOfFailingBatchesCostsLinearTime() {
        let validator = BatchUpdateValidator()
        let small = Self.failingSteps(100)
        let large = Self.failingSteps(400)
        var smallCount = 0
        var largeCount = 0
        let smallTime = cpuSeconds { smallCount = validator.validate(before: [1], steps: small).count }
        let largeTime = cpuSeconds { largeCount = validator.validate(before: [1], steps: large).count }
        // One row-count violation per batch, no stale state claimed.
        #expect(smallCount == 100 && largeCount == 400)
        // Four times the batches: about four times the time when linear,
        // sixteen when every batch tries every older shape (before the
        // bound: 15.9x at 400 and 1,600 batches in a debug build).
        #expect(largeTime < 8 * smallTime, "\(largeTime) s against \(smallTime) s")
    }

    /// A batch computed against the state `age` batches before its own:
    /// `age` batches that each delete the first row, then one that inserts
    /// row `rows` as if none had been deleted.
    private static func staleBy(_ age: Int, rows: Int) -> (before: [Int], steps: [BatchStep]) {
        var steps: [BatchStep] = []
        for k in 0..<age {
            steps.append(BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [rows - k - 1]))
        }
        steps.append(BatchStep(update: BatchUpdate(elementInserted: [ep(0, rows)]), after: [rows + 1]))
        return ([rows], steps)
    }

    @Test func staleStatesWithinTheLookBackAreNamed() {
        let lookBack = BatchUpdateValidator.staleStateLookBack
        for age in [1, 2, lookBack] {
            let (before, steps) = Self.staleBy(age, rows: 100)
            let violations = BatchUpdateValidator().validate(before: before, steps: steps)
            #expect(violations.rules == [.rowCount, .staleBeforeState], "age \(age)")
            let stale = violations.filter { $0.rule == .staleBeforeState }
            #expect(stale.count == 1 && stale[0].batchIndex == age, "age \(age)")
        }
    }

    @Test func staleStatesPastTheLookBackAreOnlyCountViolations() {
        let (before, steps) = Self.staleBy(BatchUpdateValidator.staleStateLookBack + 1, rows: 100)
        let violations = BatchUpdateValidator().validate(before: before, steps: steps)
        #expect(violations.rules == [.rowCount])
    }

    /// A batch that fits more than one older shape names the latest of
    /// them (the state the view showed most recently), not the oldest one
    /// the look-back reaches: three rows, a delete, an insert, a delete,
    /// then a batch inserting row 3 as if the view still showed three rows,
    /// which it did before batches 0 and 2.
    @Test func aBatchFittingSeveralOlderShapesNamesTheLatest() {
        let steps = [
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [2]),
            BatchStep(update: BatchUpdate(elementInserted: [ep(0, 0)]), after: [3]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [2]),
            BatchStep(update: BatchUpdate(elementInserted: [ep(0, 3)]), after: [4]),
        ]
        let violations = BatchUpdateValidator().validate(before: [3], steps: steps)
        #expect(violations.rules == [.rowCount, .staleBeforeState])
        #expect(
            violations.messages(.staleBeforeState) == [
                "batch 3 does not fit the state the table view shows before it (after batch 2), but fits the "
                    + "state before batch 2: it was computed against a stale before-state"
            ])
    }
}
