import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// Counts an element's content comparisons and runs `action` at the one
/// numbered `at` (from 0). Touched by one diff at a time.
private final class ComparisonTrigger: @unchecked Sendable {
    var count = 0
    var at = -1
    var action: () -> Void = {}

    func compared() {
        if count == at { action() }
        count += 1
    }
}

/// A flat element whose `isContentEqual(to:)` reports to a trigger.
private struct TriggeredItem: Differentiable, Equatable {
    var id: Int
    var text: String
    let trigger: ComparisonTrigger

    var differenceIdentifier: Int { id }

    func isContentEqual(to source: TriggeredItem) -> Bool {
        trigger.compared()
        return text == source.text
    }

    static func == (lhs: TriggeredItem, rhs: TriggeredItem) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
}

/// A component whose `==` reports to a trigger, and whose hash is the
/// same for every value: the diff confirms every pair of rows with `==`.
private struct CountedContent: Hashable, Sendable {
    var text: String
    let counter: ComparisonTrigger

    static func == (lhs: CountedContent, rhs: CountedContent) -> Bool {
        lhs.counter.compared()
        return lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {}
}

/// `ids` as triggered elements, each text `"\(id)"` plus `suffix`.
private func triggered(_ ids: [Int], suffix: String = "", _ trigger: ComparisonTrigger) -> [TriggeredItem] {
    ids.map { TriggeredItem(id: $0, text: "\($0)\(suffix)", trigger: trigger) }
}

/// Cancels the task it runs in.
private func cancelCurrentTask() {
    withUnsafeCurrentTask { $0?.cancel() }
}

/// Runs `diff` with a cancellation that counts its checks and never stops
/// (its changeset must be `expected`), then with one that stops at each
/// check in turn: each run throws `DiffError.cancelled` at that check and
/// none later, and `plain` (the same workspace, uncancelled) then gives
/// `expected`. Returns the number of checks.
private func expectStopsAtEveryCheck<Data: Equatable>(
    expected: StagedChangeset<Data>, _ label: String,
    diff: (ClosureCancellation) throws(DiffError) -> StagedChangeset<Data>,
    plain: () throws(DiffError) -> StagedChangeset<Data>
) throws -> Int {
    var checks = 0
    let counted = try diff(
        ClosureCancellation {
            checks += 1
            return false
        })
    #expect(counted == expected, "\(label): the counted diff's changeset")
    for stopAt in 0..<checks {
        var seen = 0
        #expect(throws: DiffError.cancelled, "\(label), check \(stopAt)") {
            _ = try diff(
                ClosureCancellation {
                    defer { seen += 1 }
                    return seen == stopAt
                })
        }
        #expect(seen == stopAt + 1, "\(label): stopped at check \(stopAt), went on to \(seen)")
        let again = try plain()
        #expect(again == expected, "\(label), after a stop at check \(stopAt)")
    }
    return checks
}

/// The public way to stop a diff an app runs off the main thread
/// (``DiffCancellationFlag``): Box, flat and sectioned diffs return `nil`
/// once the flag is raised, at their next check, and otherwise the same
/// changeset as without a flag.
@Suite("Cancelling a diff with a DiffCancellationFlag")
struct DiffCancellationFlagTests {
    /// Random flat pairs (duplicates included) under both modes and
    /// update styles: the flat diff checks after the common prefix, after
    /// hashing each side, after the pairing, after comparing contents and
    /// after each intermediate stage's data; a stop at each check throws
    /// there and leaves the workspace ready.
    @Test(arguments: [BatchMode.staged, .singleBatch], [UpdateStyle.reload, .reconfigure])
    func theFlatDiffStopsAtEveryCheck(mode: BatchMode, style: UpdateStyle) throws {
        var options = DiffOptions()
        options.mode = mode
        options.updateStyle = style
        let workspace = try DiffWorkspace()
        for k in 0..<120 {
            let (old, new) = randomPair(seed: 0xF1A6_0000 + UInt64(k), size: k % 30, pool: 12 + k % 20)
            let expected = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
            let checks = try expectStopsAtEveryCheck(expected: expected, "pair \(k)") {
                cancellation throws(DiffError) in
                try FlatStaging.changeset(
                    source: old, target: new, options: options, workspace: workspace, cancellation: cancellation)
            } plain: { () throws(DiffError) in
                try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
            }
            let stageChecks =
                mode == .singleBatch
                ? 0
                : expected.stages.count { !$0.elementUpdated.isEmpty }
                    + expected.stages.count { !$0.elementDeleted.isEmpty }
            #expect(checks == 5 + stageChecks, "pair \(k): \(checks) checks")
        }
    }

    /// A long flat list whose flag is raised at its 20,000th content
    /// comparison: the comparisons stop at the next check (every 16,384),
    /// the diff returns nil, and the same workspace then diffs as usual.
    @Test(arguments: [BatchMode.staged, .singleBatch])
    func aLongFlatComparisonStopsAtItsNextCheck(mode: BatchMode) throws {
        var options = DiffOptions()
        options.mode = mode
        let trigger = ComparisonTrigger()
        let old = triggered(Array(0..<50_000), trigger)
        let new = triggered(Array(0..<50_000), suffix: "'", trigger)
        let workspace = try DiffWorkspace()
        let flag = DiffCancellationFlag()
        trigger.at = 20_000
        trigger.action = flag.cancel
        let stopped = try StagedChangeset(
            source: old, target: new, options: options, workspace: workspace, cancellation: flag)
        #expect(stopped == nil)
        #expect(flag.isCancelled)
        // Rows 0...32,766 compared: the check before row 32,767 stopped it.
        #expect(trigger.count == 2 * rowsBetweenChecks - 1)

        trigger.at = -1
        let again = try StagedChangeset(
            source: old, target: new, options: options, workspace: workspace, cancellation: DiffCancellationFlag())
        let plain = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
        #expect(again == plain)
        #expect(plain.flatMap(\.elementUpdated).count == 50_000)  // every text changed
    }

    /// Long content comparisons stop at their next check: a sectioned
    /// diff's `isContentEqual(to:)` every 16,384 rows, a Box diff's `==` of
    /// rows with equal content hashes at the first section start 16,384
    /// rows or so after the last check. The flag is raised at the 100th
    /// comparison.
    @Test func longContentComparisonsStopAtTheirNextCheck() throws {
        let trigger = ComparisonTrigger()
        let old = [ArraySection(model: "a", elements: triggered(Array(0..<40_000), trigger))]
        let new = [ArraySection(model: "a", elements: triggered(Array(0..<40_000), suffix: "'", trigger))]
        let flag = DiffCancellationFlag()
        trigger.at = 100
        trigger.action = flag.cancel
        #expect(try StagedChangeset(source: old, target: new, cancellation: flag) == nil)
        // Rows 0...16,382 compared: the check before row 16,383 stopped it.
        #expect(trigger.count == rowsBetweenChecks - 1)

        // 70 sections of 1,000 rows whose components all hash alike, so
        // every paired row is compared with `==`.
        let counter = ComparisonTrigger()
        func box(_ suffix: String) -> BoxGenerators.TestBox {
            BoxGenerators.TestBox(
                sections: (0..<70).map { s in
                    Section(
                        id: s,
                        rows: (0..<1_000).map {
                            Node(
                                id: s * 1_000 + $0, component: CountedContent(text: "\($0)\(suffix)", counter: counter))
                        })
                })
        }
        let oldBox = box("")
        let newBox = box("'")
        let boxFlag = DiffCancellationFlag()
        counter.at = 100
        counter.action = boxFlag.cancel
        #expect(try StagedChangeset(source: oldBox, target: newBox, cancellation: boxFlag) == nil)
        // Sections 0...16 compared (17,000 rows): the check at section
        // 17's start stopped it.
        #expect(counter.count == 17_000)
        counter.at = -1
        let plain = try StagedChangeset(source: oldBox, target: newBox)
        #expect(plain.flatMap(\.elementUpdated).count == 70_000)
    }

    /// Random Box and flat pairs with a flag never raised give the plain
    /// diff's changeset; with a raised flag, nil, and the same workspace
    /// then gives the plain changeset (the core no longer watches the flag).
    @Test(arguments: [BatchMode.staged, .singleBatch])
    func aRaisedFlagReturnsNilAndAnotherChangesNothing(mode: BatchMode) throws {
        var options = DiffOptions()
        options.mode = mode
        var rng = SeededGenerator(seed: mode == .staged ? 0xF1A6_B0 : 0xF1A6_B1)
        let shape = BoxPairShape(maxSections: 5, maxRowsPerSection: 12, editRate: 0.3)
        let workspace = try DiffWorkspace()
        for k in 0..<60 {
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let plain = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
            let unraised = try StagedChangeset(
                source: old, target: new, options: options, workspace: workspace, cancellation: DiffCancellationFlag())
            #expect(unraised == plain, "box pair \(k)")
            let raised = DiffCancellationFlag()
            raised.cancel()
            let stopped = try StagedChangeset(
                source: old, target: new, options: options, workspace: workspace, cancellation: raised)
            #expect(stopped == nil, "box pair \(k)")
            #expect(try StagedChangeset(source: old, target: new, options: options, workspace: workspace) == plain)

            let (oldItems, newItems) = randomPair(seed: 0xF1A6_F0 + UInt64(k), size: k % 25, pool: 20)
            let flatPlain = try StagedChangeset(
                source: oldItems, target: newItems, options: options, workspace: DiffWorkspace())
            let flatUnraised = try StagedChangeset(
                source: oldItems, target: newItems, options: options, workspace: workspace,
                cancellation: DiffCancellationFlag())
            #expect(flatUnraised == flatPlain, "flat pair \(k)")
            let flatStopped = try StagedChangeset(
                source: oldItems, target: newItems, options: options, workspace: workspace, cancellation: raised)
            #expect(flatStopped == nil, "flat pair \(k)")
            #expect(
                try StagedChangeset(source: oldItems, target: newItems, options: options, workspace: workspace)
                    == flatPlain)
        }
    }

    /// A flag raised during a Box diff (by a component's `==`, which the
    /// diff calls between two checks) stops it: nil.
    @Test func aFlagRaisedDuringABoxDiffStopsIt() throws {
        let hook = EqualityHook()
        let old = HookedContent.box([1, 2, 3], hook: hook)
        let new = HookedContent.box([1, 2, 4], hook: hook)
        let flag = DiffCancellationFlag()
        hook.run = flag.cancel
        let stopped = try StagedChangeset(source: old, target: new, cancellation: flag)
        let ran = hook.run == nil
        hook.run = nil
        #expect(ran, "the component's == ran in the diff")
        #expect(stopped == nil)
        #expect(try StagedChangeset(source: old, target: new, cancellation: DiffCancellationFlag()) != nil)
    }

    /// Random sectioned pairs: the sectioned diff checks after making
    /// each side, after pairing the elements, after the matching, after
    /// the plan and, staged unless it reloads everything, before each of
    /// the first five stages (10 checks; 5 in one batch or when reloading
    /// everything). A stop at each throws there and leaves the workspace
    /// ready. Then through the public initializer: a
    /// flag raised by an element's `isContentEqual(to:)` stops the diff.
    @Test(arguments: [BatchMode.staged, .singleBatch])
    func theSectionedDiffStopsAtEveryCheck(mode: BatchMode) throws {
        var options = DiffOptions()
        options.mode = mode
        var rng = SeededGenerator(seed: mode == .staged ? 0xF1A6_5E : 0xF1A6_5F)
        let shape = BoxPairShape(maxSections: 5, maxRowsPerSection: 10, editRate: 0.3)
        let workspace = try DiffWorkspace()
        for k in 0..<80 {
            let (oldBox, newBox) = BoxGenerators.pair(shape: shape, using: &rng)
            let old = SectionTestMapping.sections(oldBox, using: &rng)
            let new = SectionTestMapping.sections(newBox, using: &rng)
            let expected = try StagedChangeset(source: old, target: new, options: options, workspace: DiffWorkspace())
            let checks = try expectStopsAtEveryCheck(expected: expected, "pair \(k)") {
                cancellation throws(DiffError) in
                try StagedChangeset.sectioned(
                    source: old, target: new, options: options, workspace: workspace, cancellation: cancellation)
            } plain: { () throws(DiffError) in
                try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
            }
            let expectedChecks = mode == .staged && !expected.reloadsEverything ? 10 : 5
            #expect(checks == expectedChecks, "pair \(k): \(checks) checks")
        }

        let trigger = ComparisonTrigger()
        let old = [ArraySection(model: "a", elements: triggered([1, 2, 3], trigger))]
        let new = [ArraySection(model: "a", elements: triggered([3, 1, 2], suffix: "'", trigger))]
        let flag = DiffCancellationFlag()
        trigger.at = 0
        trigger.action = flag.cancel
        #expect(try StagedChangeset(source: old, target: new, options: options, cancellation: flag) == nil)
        #expect(trigger.count >= 1)
        let plain = try StagedChangeset(source: old, target: new, options: options)
        #expect(
            try StagedChangeset(source: old, target: new, options: options, cancellation: DiffCancellationFlag())
                == plain)
    }

    /// `forCurrentTask`: a task cancelled during the diff (here by an
    /// element's `isContentEqual(to:)`) stops it; a task cancelled before
    /// hands over a raised flag; otherwise the body's result and errors
    /// pass through unchanged.
    @Test func theCurrentTasksCancellationRaisesTheFlag() async throws {
        let trigger = ComparisonTrigger()
        let old = triggered([1, 2, 3, 4], trigger)
        let new = triggered([4, 1, 2, 3], suffix: "'", trigger)
        trigger.at = 1
        trigger.action = cancelCurrentTask
        let stopped = try await Task {
            try await DiffCancellationFlag.forCurrentTask { flag throws(DiffError) in
                try StagedChangeset(source: old, target: new, cancellation: flag)
            }
        }.value
        #expect(stopped == nil)
        #expect(trigger.count >= 2)

        trigger.at = -1
        let plain = try StagedChangeset(source: old, target: new)
        let whole = try await Task {
            try await DiffCancellationFlag.forCurrentTask { flag throws(DiffError) in
                try StagedChangeset(source: old, target: new, cancellation: flag)
            }
        }.value
        #expect(whole == plain)

        let raisedAtOnce = await Task {
            cancelCurrentTask()
            return await DiffCancellationFlag.forCurrentTask { $0.isCancelled }
        }.value
        #expect(raisedAtOnce)

        var reject = DiffOptions()
        reject.duplicates = .reject
        await #expect(throws: DiffError.self) {
            _ = try await DiffCancellationFlag.forCurrentTask { flag throws(DiffError) in
                try StagedChangeset(source: items([1, 1]), target: items([1]), options: reject, cancellation: flag)
            }
        }
    }

    /// Flags raised from another thread while long Box and flat diffs run
    /// (at staggered delays, so some land in the C core, some in the Swift
    /// layer's loops, some after the end: run under TSan by
    /// scripts/sanitize.sh): each diff returns nil or the plain changeset,
    /// and its workspace then gives the plain changeset.
    @Test func flagsRaisedFromAnotherThread() async throws {
        let (oldBox, newBox) = BoxGenerators.large(sections: 40, rowsPerSection: 1_000, edits: 2_000, seed: 0xF1A6)
        let oldItems = (0..<60_000).map { Item(id: $0 * 7 % 60_001, text: "") }
        let newItems = oldItems.reversed().map { Item(id: $0.id, text: $0.id % 5 == 0 ? "x" : "") }
        let boxPlain = try StagedChangeset(source: oldBox, target: newBox)
        let flatPlain = try StagedChangeset(source: oldItems, target: newItems)
        for k in 0..<6 {
            let flag = DiffCancellationFlag()
            let delay = Duration.microseconds(k * 400)
            async let raised: Void = {
                try? await Task.sleep(for: delay)
                flag.cancel()
            }()
            let outcome = await Task.detached { () -> [String] in
                var wrong: [String] = []
                guard let workspace = try? DiffWorkspace() else { return ["no workspace"] }
                let box = try? StagedChangeset(
                    source: oldBox, target: newBox, workspace: workspace, cancellation: flag)
                if box != nil && box != boxPlain { wrong.append("box changeset") }
                let flat = try? StagedChangeset(
                    source: oldItems, target: newItems, workspace: workspace, cancellation: flag)
                if flat != nil && flat != flatPlain { wrong.append("flat changeset") }
                if (try? StagedChangeset(source: oldBox, target: newBox, workspace: workspace)) != boxPlain {
                    wrong.append("box after")
                }
                if (try? StagedChangeset(source: oldItems, target: newItems, workspace: workspace)) != flatPlain {
                    wrong.append("flat after")
                }
                return wrong
            }.value
            await raised
            #expect(outcome.isEmpty, "delay \(k): \(outcome)")
        }
    }
}
