// The replay check on steps whose data is not known (shapes only,
// `replayViolations(from:to:steps: [BatchStep])`) cleared a flag on every
// row of the replayed view before each step, and so copied every section's
// rows: `k` steps over a list of `n` rows cost `k × n` from an input of
// `k + n` values, even for steps that touch no row (found by review,
// 2026-11-30: 1,000 empty steps over 40,000 rows, 0.98 s, debug build).

import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

@Suite("Bad input: many shape-only steps over a long list")
struct ReplayShapeOnlyStepsCostTests {
    typealias State = BatchReplayState<Int, Int>

    /// A state of one section (id 0) holding `rows` rows.
    static func state(rows: Int) -> State { .oneSection(rows: rows) }

    /// The replay of `steps` shape-only steps that change nothing, over
    /// `state` (one section): no violation.
    static func replay(_ state: State, steps: Int) -> [BatchViolation] {
        BatchUpdateValidator().replayViolations(
            from: state, to: state,
            steps: Array(repeating: BatchStep(update: BatchUpdate(), after: state.shape), count: steps))
    }

    /// 2,000 steps over 20,000 rows cost at most 5 times what their parts
    /// cost apart (one step over 20,000 rows, and 2,000 steps over one
    /// row), plus 0.05 s of CPU time. (Before the fix: 0.99 s against
    /// 0.06 s, debug build; 0.11 s after it.)
    @Test func emptyStepsCostWhatTheirCountCosts() {
        let long = Self.state(rows: 20_000)
        let short = Self.state(rows: 1)
        let steps = 2_000
        var hostile: [BatchViolation] = []
        let hostileTime = cpuSeconds { hostile = Self.replay(long, steps: steps) }
        let controlTime =
            cpuSeconds { _ = Self.replay(long, steps: 1) } + cpuSeconds { _ = Self.replay(short, steps: steps) }
        #expect(hostile.isEmpty, "\(hostile.prefix(3))")
        #expect(hostileTime <= 5 * controlTime + 0.05, "hostile \(hostileTime) s, control \(controlTime) s")
    }

    /// The replay of `steps` shape-only steps each inserting one row at the
    /// top of `state`'s one section, to `state` with those rows added.
    static func insertingReplay(_ state: State, steps: Int) -> BatchReplay<Int, Int> {
        var target = state
        target.sections[0].rows.insert(
            contentsOf: (0..<steps).map { State.Row(id: -1 - $0, content: 0) }.reversed(), at: 0)
        let rows = state.sections[0].rows.count
        return BatchUpdateValidator().replay(
            from: state, to: target,
            steps: (0..<steps).map {
                BatchReplayStep(
                    BatchStep(
                        update: BatchUpdate(elementInserted: [ElementPath(section: 0, row: 0)]),
                        after: [rows + $0 + 1]))
            })
    }

    /// Each step's one insert touches the long section, whose rows the
    /// replay lays out anew: 2,000 steps over 40,000 rows would lay out 80
    /// million rows from 42,000 values (1,000 over 40,000: 9.9 s, debug
    /// build). The replay stops at its cap instead, with a "cannot replay"
    /// mismatch, having laid out no more rows than the cap.
    @Test func aLongRunOfShapeOnlyStepsStopsAtTheCap() {
        let replay = Self.insertingReplay(Self.state(rows: 40_000), steps: 2_000)
        #expect(replay.work <= replay.workLimit)
        #expect(replay.workLimit < 10_000_000)
        #expect(
            replay.violations.contains { $0.rule == .replayMismatch && $0.message.hasPrefix("cannot replay") },
            "\(replay.violations.prefix(3))")
    }

    /// The same through sections: shape-only steps that insert a long
    /// section of unknown rows and delete it again, in turn, built each
    /// inserted section's rows (1,000 steps of a 40,000-row section: 20
    /// million rows from 82,000 values). The rows they build count toward
    /// the cap too: the replay stops there.
    @Test func sectionsInsertedAgainAndAgainStopAtTheCap() {
        let rows = 40_000
        let state = Self.state(rows: rows)
        let steps = (0..<1_000).map { k in
            k % 2 == 0
                ? BatchStep(update: BatchUpdate(sectionInserted: [0]), after: [rows, rows])
                : BatchStep(update: BatchUpdate(sectionDeleted: [0]), after: [rows])
        }
        let replay = BatchUpdateValidator().replay(
            from: state, to: state, steps: steps.map { BatchReplayStep($0) })
        #expect(replay.work <= replay.workLimit)
        #expect(
            replay.violations.contains { $0.rule == .replayMismatch && $0.message.hasPrefix("cannot replay") },
            "\(replay.violations.prefix(3))")
    }

    /// A step whose one call reconfigures a row of a long section lays out
    /// no row, but refreshing that row copies the section's rows (the
    /// view's rows before the step still share them): 1,000 such steps over
    /// 40,000 rows copied 40 million rows, none counted. They count toward
    /// the cap now, once per section and step.
    @Test func reconfigureOnlyStepsStopAtTheCap() {
        let state = Self.state(rows: 40_000)
        let step = BatchStep(
            update: BatchUpdate(elementReconfigured: [ElementPath(section: 0, row: 0)]), after: [40_000])
        let replay = BatchUpdateValidator().replay(
            from: state, to: state, steps: Array(repeating: BatchReplayStep(step), count: 1_000))
        #expect(replay.work <= replay.workLimit)
        #expect(
            replay.violations.contains { $0.rule == .replayMismatch && $0.message.hasPrefix("cannot replay") },
            "\(replay.violations.prefix(3))")
    }

    /// A shorter run over the same list is replayed whole: 50 steps over
    /// 40,000 rows lay out each of their rows (2 million), within the cap,
    /// and find nothing wrong.
    @Test func aShortRunOfShapeOnlyStepsIsReplayedWhole() {
        let rows = 40_000
        let steps = 50
        let replay = Self.insertingReplay(Self.state(rows: rows), steps: steps)
        #expect(replay.violations.isEmpty, "\(replay.violations.prefix(3))")
        #expect(replay.work == (0..<steps).reduce(0) { $0 + rows + $1 })
    }

    /// A reconfigure of a row a step inserted is still reported, and one
    /// of a row inserted by an earlier step is not: the rows a step makes
    /// new are told apart without clearing a flag on every row.
    @Test func reconfiguresOfFreshRowsAreStillTold() {
        let before = Self.state(rows: 2)
        let mid = State(sections: [
            State.Section(id: 0, content: 0, rows: [.init(id: 9, content: 0)] + before.sections[0].rows)
        ])
        var after = mid
        after.sections[0].rows[0].content = 1
        let insert = BatchUpdate(elementInserted: [ElementPath(section: 0, row: 0)])
        let sameBatch = BatchUpdate(
            elementInserted: [ElementPath(section: 0, row: 0)], elementReconfigured: [ElementPath(section: 0, row: 0)])
        let nextBatch = BatchUpdate(elementReconfigured: [ElementPath(section: 0, row: 0)])
        let validator = BatchUpdateValidator()
        let inSame = validator.validate(before: [2], update: sameBatch, after: [3])
        #expect(inSame.contains { $0.rule == .reconfigureOfReplacedRow })
        // The replay itself skips that reconfigure (the row's cell is new
        // in the batch): noted as a refresh of a row showing its target
        // content, it would be reported as a reconfigure of an unchanged row.
        let replayed = validator.replayViolations(
            from: before, to: mid, steps: [BatchReplayStep(update: sameBatch, afterState: mid)])
        #expect(!replayed.contains { $0.rule == .reconfigureOfUnchangedRow }, "\(replayed)")
        let later = validator.violations(
            from: before, to: after,
            steps: [
                BatchReplayStep(update: insert, afterState: mid), BatchReplayStep(update: nextBatch, afterState: after),
            ])
        #expect(later.isEmpty, "\(later)")
    }
}
