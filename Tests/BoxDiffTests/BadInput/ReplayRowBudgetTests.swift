// The replay check on steps whose data is not known (shapes only,
// `replayViolations(from:to:steps: [BatchStep])`) materializes the rows of
// every section a step inserts. Each such section was capped at the rows of
// the before and target states together, but not their sum: a step that
// inserts many such sections builds sections × rows rows from an input of
// sections + rows values.

import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

@Suite("Bad input: replay of unknown steps")
struct ReplayRowBudgetTests {
    typealias State = BatchReplayState<Int, Int>

    /// A state of one section (id 0) holding `rows` rows.
    static func state(rows: Int) -> State { .oneSection(rows: rows) }

    /// The replay of one shape-only step inserting `sections` sections of
    /// `insertedRows` rows each (`rows` unless given) before the only
    /// section, of `rows` rows, then one step deleting them.
    static func hostileSteps(sections: Int, rows: Int, insertedRows: Int? = nil) -> [BatchStep] {
        [
            BatchStep(
                update: BatchUpdate(sectionInserted: Array(0..<sections)),
                after: Array(repeating: insertedRows ?? rows, count: sections) + [rows]),
            BatchStep(update: BatchUpdate(sectionDeleted: Array(0..<sections)), after: [rows]),
        ]
    }

    /// 2,000 inserted sections of 2,000 rows (each within the cap of 4,000
    /// rows): 4 million replayed rows from 4,000 rows of state and 4,000
    /// shape values. Such a step is reported as not replayable, and costs
    /// at most 3 times the same step with 2,000 sections of one row (which
    /// fit, and are replayed), plus 0.05 s of CPU time. (Before the fix:
    /// no violation, and 0.214 s against 0.001 s for 10 such sections,
    /// debug build; 20,000 sections of 20,000 rows are 400 million rows,
    /// about 20 GB.)
    @Test func manyInsertedUnknownSectionsCostWhatTheirCountCosts() {
        let rows = 2_000
        let before = Self.state(rows: rows)
        let validator = BatchUpdateValidator()
        var hostile: [BatchViolation] = []
        let hostileTime = cpuSeconds {
            hostile = validator.replayViolations(
                from: before, to: before, steps: Self.hostileSteps(sections: 2_000, rows: rows))
        }
        var control: [BatchViolation] = []
        let controlTime = cpuSeconds {
            control = validator.replayViolations(
                from: before, to: before, steps: Self.hostileSteps(sections: 2_000, rows: rows, insertedRows: 1))
        }
        // Such a step cannot be checked: it is reported, not replayed.
        #expect(hostile.contains { $0.rule == .replayMismatch })
        #expect(control.isEmpty, "\(control.prefix(3))")
        #expect(hostileTime <= 3 * controlTime + 0.05, "hostile \(hostileTime) s, control \(controlTime) s")
    }

    /// Within the rows of the before and target states together, unknown
    /// inserted sections are still replayed: two sections of 2 rows inserted
    /// before a section of 2 rows, then deleted, is a valid sequence.
    @Test func unknownSectionsWithinTheStatesStillReplay() {
        let before = Self.state(rows: 2)
        let violations = BatchUpdateValidator().replayViolations(
            from: before, to: before, steps: Self.hostileSteps(sections: 2, rows: 1))
        #expect(violations.isEmpty, "\(violations)")
    }
}

extension BatchReplayState where SectionID == Int, RowID == Int {
    /// A state of one section (id 0) holding `rows` rows (ids 0 up, content
    /// 0): the long list of the replay's bad-input tests.
    static func oneSection(rows: Int) -> Self {
        Self(sections: [Section(id: 0, content: 0, rows: (0..<rows).map { Row(id: $0, content: 0) })])
    }
}
