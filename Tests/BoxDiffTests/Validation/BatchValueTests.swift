import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// The plain values: BatchUpdate, BatchRule, BatchViolation, ordering.
@Suite("Batch validation: values")
struct BatchValueTests {
    @Test func emptyBatch() {
        #expect(!BatchUpdate().hasChanges)
        #expect(BatchUpdate().description == "BatchUpdate()")
        #expect(BatchUpdate(elementReconfigured: [ep(0, 0)]).hasChanges)
        #expect(!BatchUpdate(elementReconfigured: [ep(0, 0)]).hasStructuralChanges)
        #expect(!BatchUpdate(sectionUpdated: [0]).hasStructuralChanges)
        #expect(BatchUpdate(sectionMoved: [mvSection(0, 1)]).hasStructuralChanges)
    }

    @Test func descriptionListsTheCallsMade() {
        let update = BatchUpdate(
            sectionDeleted: [2], elementDeleted: [ep(0, 1)], elementMoved: [mvRow(ep(0, 0), ep(1, 2))])
        #expect(
            update.description
                == "BatchUpdate(sectionDeleted: [2], elementDeleted: [[0, 1]], elementMoved: [[0, 0] -> [1, 2]])")
    }

    @Test func everyNumberedRuleHasItsNumber() {
        let numbers = BatchRule.allCases.compactMap(\.number)
        #expect(numbers == Array(1...19))
        for number in 1...19 {
            #expect(BatchRule(number: number)?.number == number)
        }
        #expect(BatchRule(number: 0) == nil)
        #expect(BatchRule(number: 20) == nil)
        #expect(BatchRule.rowCount.description == "rule 2 (row count per surviving section)")
        #expect(BatchRule.missedUpdate.description == "missed update")
        #expect(Set(BatchRule.allCases.map(\.title)).count == BatchRule.allCases.count)
    }

    @Test func violationDescription() {
        let violation = BatchViolation(rule: .rowCount, batchIndex: 3, section: 1, message: "text")
        #expect(violation.description == "batch 3: error, rule 2 (row count per surviving section): text")
        let overall = BatchViolation(rule: .missedUpdate, batchIndex: nil, severity: .warning, message: "text")
        #expect(overall.description == "all batches: warning, missed update: text")
        #expect(BatchViolation.Severity.warning < .error)
    }

    @Test func everyViolationIsReportedNotJustTheFirst() {
        // Three independent mistakes in one batch, and one in the next.
        let update = BatchUpdate(
            sectionDeleted: [9], elementInserted: [ep(0, 8)],
            elementMoved: [mvRow(ep(0, 0), ep(0, 0)), mvRow(ep(0, 0), ep(0, 1))])
        let steps = [
            BatchStep(update: update, after: [3]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 5)]), after: [2]),
        ]
        let violations = BatchUpdateValidator().validate(before: [3], steps: steps)
        let first = violations.filter { $0.batchIndex == 0 }.rules
        #expect(first.isSuperset(of: [.sectionDeleteOutOfRange, .rowInsertOutOfRange, .conflictingMoves]))
        #expect(violations.filter { $0.batchIndex == 1 }.rules.contains(.rowDeleteOutOfRange))
        // Ordered by batch, then by rule.
        #expect(violations.map { $0.batchIndex ?? -1 } == violations.map { $0.batchIndex ?? -1 }.sorted())
    }

    @Test func emptyInputs() {
        let validator = BatchUpdateValidator()
        #expect(validator.validate(before: [], steps: []).isEmpty)
        #expect(validator.validate(before: [], update: BatchUpdate(), after: []).isEmpty)
        #expect(validator.validate(before: [], update: BatchUpdate(sectionInserted: [0]), after: [0]).isEmpty)
        let missingSectionInsert = validator.validate(
            before: [], update: BatchUpdate(elementInserted: [ep(0, 0)]), after: [1])
        #expect(missingSectionInsert.rules == [.sectionCount])
    }
}
