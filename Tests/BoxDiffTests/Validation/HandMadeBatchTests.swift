import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Testing

/// Hand-made changesets near the library's own: the batches of a real
/// diff of a random Box pair with some calls dropped, moved by one or
/// added (`HandMadeBatches.mutated`), each stage's data what
/// `applied(to:)` makes of the Box before it. Many stay valid without
/// being the layout the library makes (an app's hand-written or decoded
/// batches). Whenever the validator accepts one, the tests' own replay of
/// UIKit's batches must reach each stage's data and `reload(using:)` must
/// apply it to the simulated view without breaking a rule, every cell
/// ending at the last stage's data (`HandMadeBatches.problems`). Boxes,
/// flat lists and DifferenceKit's sections each have their validator. The
/// Swift fuzzer's `calls` mode runs the same checks (Boxes and flat lists)
/// on inputs libFuzzer steers.
@Suite("Hand-made batches the validator accepts replay and reload as their data says")
struct HandMadeBatchTests {
    /// 3,000 seeds: both algorithms, both modes, both update styles,
    /// duplicate ids in some, the reload animated or not and interrupted
    /// before a stage or not. (Comparable rows only: the generator's
    /// incomparable rows hold strings, which the view's check cannot tell
    /// apart by instance; the fuzzer's hold class instances.)
    @MainActor
    @Test func acceptedBatchesReplayAndReload() throws {
        var accepted = 0
        var acceptedChanged = 0
        var rejected = 0
        for seed in 0..<UInt64(3_000) {
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: 1 + Int(seed % 6), maxRowsPerSection: 12, duplicates: seed % 5 == 0,
                editRate: 0.15)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let options = DiffOptions(
                algorithm: seed % 2 == 0 ? .heckel : .lcs, mode: seed % 3 == 0 ? .singleBatch : .staged,
                updateStyle: seed % 4 < 2 ? .reload : .reconfigure)
            let diff = try StagedChangeset(source: old, target: new, options: options)
            // One stage's batch changed (a change to an early stage moves
            // the indices of the later ones), in up to four tries at a
            // changeset that differs from the diff's.
            guard !diff.isEmpty else { continue }
            let k = rng.next(diff.count)
            var handMade = diff
            for _ in 0..<4 where handMade == diff {
                handMade[k] = Changeset(
                    data: diff[k].data, batchUpdate: HandMadeBatches.mutated(diff[k].batchUpdate, &rng))
            }
            let made = HandMadeBatches.withAppliedData(handMade, from: old)
            guard made.violations(from: old).isEmpty else {
                rejected += 1
                continue
            }
            accepted += 1
            // Counted: the accepted ones that differ from the library's own.
            if zip(made, diff).contains(where: { $0.batchUpdate != $1.batchUpdate }) { acceptedChanged += 1 }
            let problems = HandMadeBatches.problems(
                made, from: old, canAnimate: seed % 6 != 1, interruptAt: seed % 5 == 1 ? Int(seed / 5 % 3) : nil)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(10).joined(separator: "\n"))\n\(made)")
        }
        print(
            "hand-made batches: accepted \(accepted) (\(acceptedChanged) not the library's own), rejected \(rejected)")
        // The mutations must leave many batches valid and changed, or the
        // checks above would see only the library's own layout.
        #expect(acceptedChanged >= 200, "only \(acceptedChanged) accepted hand-made batches differ from the diff's")
        #expect(rejected >= 200, "only \(rejected) hand-made batches rejected: the mutations hardly change anything")
    }

    /// The same for flat lists (DifferenceKit's `StagedChangeset<[T]>`):
    /// the rows of the same 3,000 Box pairs as one list, each stage's data
    /// what `applied(to:)` makes of it as a one-section Box, checked by the
    /// flat validator (which must agree with the Box validator on
    /// one-section Boxes of the same lists), `FlatReplay` and a
    /// one-section view.
    @MainActor
    @Test func acceptedFlatBatchesReplayAndReload() throws {
        var acceptedChanged = 0
        var rejected = 0
        for seed in 0..<UInt64(3_000) {
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: 1 + Int(seed % 6), maxRowsPerSection: 12, duplicates: seed % 5 == 0, editRate: 0.15)
            let (oldBox, newBox) = BoxGenerators.pair(shape: shape, using: &rng)
            let (old, new) = (TextItem.rows(of: oldBox), TextItem.rows(of: newBox))
            let options = DiffOptions(
                algorithm: seed % 2 == 0 ? .heckel : .lcs, mode: seed % 3 == 0 ? .singleBatch : .staged,
                updateStyle: seed % 4 < 2 ? .reload : .reconfigure)
            let diff = try StagedChangeset(source: old, target: new, options: options)
            guard !diff.isEmpty else { continue }
            let k = rng.next(diff.count)
            var handMade = diff
            for _ in 0..<4 where handMade == diff {
                handMade[k] = Changeset(
                    data: diff[k].data, batchUpdate: HandMadeBatches.mutated(diff[k].batchUpdate, &rng))
            }
            let made = HandMadeBatches.withAppliedData(handMade, from: old)
            // The Box validator, on the same calls over one-section Boxes
            // of the same lists, must agree.
            let asBoxes = StagedChangeset(
                made.map { Changeset(data: HandMadeBatches.box(of: $0.data), batchUpdate: $0.batchUpdate) })
            #expect(
                made.violations(from: old).isEmpty
                    == asBoxes.violations(from: HandMadeBatches.box(of: old)).isEmpty,
                "seed \(seed): the flat and the Box validator disagree on \(made)")
            guard made.violations(from: old).isEmpty else {
                rejected += 1
                continue
            }
            if zip(made, diff).contains(where: { $0.batchUpdate != $1.batchUpdate }) { acceptedChanged += 1 }
            let problems = HandMadeBatches.problems(
                made, from: old, canAnimate: seed % 6 != 1, interruptAt: seed % 5 == 1 ? Int(seed / 5 % 3) : nil)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(10).joined(separator: "\n"))\n\(made)")
        }
        print("hand-made flat batches: accepted \(acceptedChanged) not the library's own, rejected \(rejected)")
        #expect(acceptedChanged >= 140, "only \(acceptedChanged) accepted hand-made batches differ from the diff's")
        #expect(rejected >= 200, "only \(rejected) hand-made batches rejected: the mutations hardly change anything")
    }

    /// The same for DifferenceKit's sections (`[ArraySection]`): the
    /// sections of the same 3,000 Box pairs, each stage's data what
    /// `applied(to:)` makes of them as a Box, checked by the sectioned
    /// validator (which must agree with the Box validator on the Boxes of
    /// the same data), then replayed and reloaded as Boxes.
    @MainActor
    @Test func acceptedSectionedBatchesReplayAndReload() throws {
        typealias Sections = [HandMadeBatches.TextSection]
        var acceptedChanged = 0
        var rejected = 0
        for seed in 0..<UInt64(3_000) {
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: 1 + Int(seed % 6), maxRowsPerSection: 12, duplicates: seed % 5 == 0, editRate: 0.15)
            let (oldBox, newBox) = BoxGenerators.pair(shape: shape, using: &rng)
            let old = HandMadeBatches.sections(of: oldBox)
            let new = HandMadeBatches.sections(of: newBox)
            let options = DiffOptions(
                algorithm: seed % 2 == 0 ? .heckel : .lcs, mode: seed % 3 == 0 ? .singleBatch : .staged,
                updateStyle: seed % 4 < 2 ? .reload : .reconfigure)
            let diff: StagedChangeset<Sections> = try StagedChangeset(source: old, target: new, options: options)
            guard !diff.isEmpty else { continue }
            let k = rng.next(diff.count)
            var handMade = diff
            for _ in 0..<4 where handMade.map(\.batchUpdate) == diff.map(\.batchUpdate) {
                handMade[k] = Changeset(
                    data: diff[k].data, batchUpdate: HandMadeBatches.mutated(diff[k].batchUpdate, &rng))
            }
            let made = HandMadeBatches.withAppliedData(handMade, from: old)
            // The Box validator, on the same calls over the Boxes of the
            // same data, must agree.
            let asBoxes = StagedChangeset(
                made.map { Changeset(data: HandMadeBatches.box(of: $0.data), batchUpdate: $0.batchUpdate) })
            #expect(
                made.violations(from: old).isEmpty
                    == asBoxes.violations(from: HandMadeBatches.box(of: old)).isEmpty,
                "seed \(seed): the sectioned and the Box validator disagree on \(made)")
            guard made.violations(from: old).isEmpty else {
                rejected += 1
                continue
            }
            if zip(made, diff).contains(where: { $0.batchUpdate != $1.batchUpdate }) { acceptedChanged += 1 }
            let problems = HandMadeBatches.problems(
                made, from: old, canAnimate: seed % 6 != 1, interruptAt: seed % 5 == 1 ? Int(seed / 5 % 3) : nil)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(10).joined(separator: "\n"))\n\(made)")
        }
        print("hand-made sectioned batches: accepted \(acceptedChanged) not the library's own, rejected \(rejected)")
        #expect(acceptedChanged >= 140, "only \(acceptedChanged) accepted hand-made batches differ from the diff's")
        #expect(rejected >= 200, "only \(rejected) hand-made batches rejected: the mutations hardly change anything")
    }
}
