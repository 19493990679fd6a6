import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

/// Hand-made changesets near the library's own: the batches of a real
/// diff of a random Box pair with some calls dropped, moved by one, added
/// or listed in reverse (`HandMadeBatches.mutated`), each stage's data what
/// `applied(to:)` makes of the Box before it. Many stay valid without
/// being the layout the library makes (an app's hand-written or decoded
/// batches). Whenever the validator accepts one, the tests' own replay of
/// UIKit's batches must reach each stage's data and `reload(using:)` must
/// apply it to the simulated view without breaking a rule, every cell
/// ending at the last stage's data (`HandMadeBatches.problems`); flat ones
/// also on a table whose calls apply one at a time (AppKit's). Boxes,
/// flat lists and DifferenceKit's sections each have their validator. The
/// Swift fuzzer's `calls` mode runs the same checks (Boxes and flat lists)
/// on inputs libFuzzer steers.
@Suite("Hand-made batches the validator accepts replay and reload as their data says")
struct HandMadeBatchTests {
    /// One kind of data (Boxes, flat lists, sections) and its functions.
    struct Kind<Data> {
        /// The data of a generated Box.
        var data: (BoxGenerators.TestBox) -> Data
        /// The library's diff.
        var diff: (Data, Data, DiffOptions) throws -> StagedChangeset<Data>
        /// `HandMadeBatches.withAppliedData` for the kind.
        var withAppliedData: (StagedChangeset<Data>, Data) -> StagedChangeset<Data>
        /// Whether the kind's validator accepts the changeset.
        var accepts: (StagedChangeset<Data>, Data) -> Bool
        /// Whether the Box validator accepts the changeset's calls over
        /// the Boxes of its data (`nil` for Boxes).
        var boxValidatorAccepts: ((StagedChangeset<Data>, Data) -> Bool)?
        /// `HandMadeBatches.problems` for the kind.
        var problems: @MainActor (StagedChangeset<Data>, Data, Bool, Int?) -> [String]
    }

    /// Runs 3,000 seeds of `kind`: both algorithms, both modes, both
    /// update styles, duplicate ids in some, the reload animated or not
    /// and interrupted before a stage or not; one stage of each diff
    /// changed a little (a change to an early stage moves the indices of
    /// the later ones), in up to four tries at a changeset that differs
    /// from the diff's. Comparable rows only: the generator's incomparable
    /// rows hold strings, which the view's check cannot tell apart by
    /// instance (the fuzzer's hold class instances). Returns how many
    /// accepted changesets differ from the library's own, and how many
    /// were rejected.
    @MainActor
    func check<Data>(_ kind: Kind<Data>) throws -> (acceptedChanged: Int, rejected: Int) {
        var acceptedChanged = 0
        var rejected = 0
        for seed in 0..<UInt64(3_000) {
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: 1 + Int(seed % 6), maxRowsPerSection: 12, duplicates: seed % 5 == 0,
                editRate: 0.15)
            let (oldBox, newBox) = BoxGenerators.pair(shape: shape, using: &rng)
            let (old, new) = (kind.data(oldBox), kind.data(newBox))
            let options = DiffOptions(
                algorithm: seed % 2 == 0 ? .heckel : .lcs, mode: seed % 3 == 0 ? .singleBatch : .staged,
                updateStyle: seed % 4 < 2 ? .reload : .reconfigure)
            let diff = try kind.diff(old, new, options)
            guard !diff.isEmpty else { continue }
            let k = rng.next(diff.count)
            var handMade = diff
            for _ in 0..<4 where handMade.map(\.batchUpdate) == diff.map(\.batchUpdate) {
                handMade[k] = Changeset(
                    data: diff[k].data, batchUpdate: HandMadeBatches.mutated(diff[k].batchUpdate, &rng))
            }
            let made = kind.withAppliedData(handMade, old)
            let accepted = kind.accepts(made, old)
            if let boxValidatorAccepts = kind.boxValidatorAccepts {
                #expect(
                    accepted == boxValidatorAccepts(made, old),
                    "seed \(seed): the validator and the Box validator disagree on \(made)")
            }
            guard accepted else {
                rejected += 1
                continue
            }
            if zip(made, diff).contains(where: { $0.batchUpdate != $1.batchUpdate }) { acceptedChanged += 1 }
            let problems = kind.problems(made, old, seed % 6 != 1, seed % 5 == 1 ? Int(seed / 5 % 3) : nil)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(10).joined(separator: "\n"))\n\(made)")
        }
        return (acceptedChanged, rejected)
    }

    /// The calls of `changeset` over the Boxes `box` makes of its data.
    static func boxValidatorAccepts<Data>(
        _ changeset: StagedChangeset<Data>, from old: Data, box: (Data) -> BoxGenerators.TestBox
    ) -> Bool {
        StagedChangeset(changeset.map { Changeset(data: box($0.data), batchUpdate: $0.batchUpdate) })
            .violations(from: box(old)).isEmpty
    }

    /// The counts must show that the mutations leave many changesets
    /// valid and changed, or the checks would see only the library's own
    /// layout, and that they change something.
    func expectYield(_ counts: (acceptedChanged: Int, rejected: Int), _ what: String, atLeast: Int) {
        print(
            "hand-made \(what): \(counts.acceptedChanged) accepted, not the library's own; \(counts.rejected) rejected")
        #expect(
            counts.acceptedChanged >= atLeast, "only \(counts.acceptedChanged) accepted \(what) differ from the diff's")
        #expect(
            counts.rejected >= 200, "only \(counts.rejected) \(what) rejected: the mutations hardly change anything")
    }

    /// Boxes: replayed by `BoxStageReplay` and reloaded on the simulated
    /// view (260 accepted changesets differ from the library's own).
    @MainActor @Test func acceptedBatchesReplayAndReload() throws {
        let counts = try check(
            Kind<BoxGenerators.TestBox>(
                data: { $0 }, diff: { try StagedChangeset(source: $0, target: $1, options: $2) },
                withAppliedData: HandMadeBatches.withAppliedData, accepts: { $0.violations(from: $1).isEmpty },
                boxValidatorAccepts: nil,
                problems: { HandMadeBatches.problems($0, from: $1, canAnimate: $2, interruptAt: $3) }))
        expectYield(counts, "Box changesets", atLeast: 200)
    }

    /// Flat lists (DifferenceKit's `StagedChangeset<[T]>`): the rows of
    /// the Box pairs as one list, each stage's data what `applied(to:)`
    /// makes of it as a one-section Box; the flat validator must agree
    /// with the Box validator on those Boxes; `FlatReplay` and a
    /// one-section view (205 accepted changesets differ from the library's
    /// own).
    @MainActor @Test func acceptedFlatBatchesReplayAndReload() throws {
        let counts = try check(
            Kind<[TextItem]>(
                data: TextItem.rows(of:), diff: { try StagedChangeset(source: $0, target: $1, options: $2) },
                withAppliedData: HandMadeBatches.withAppliedData, accepts: { $0.violations(from: $1).isEmpty },
                boxValidatorAccepts: { Self.boxValidatorAccepts($0, from: $1, box: HandMadeBatches.box(of:)) },
                problems: { HandMadeBatches.problems($0, from: $1, canAnimate: $2, interruptAt: $3) }))
        expectYield(counts, "flat changesets", atLeast: 140)
    }

    /// DifferenceKit's sections (`[ArraySection]`): each stage's data what
    /// `applied(to:)` makes of the sections as a Box; the sectioned
    /// validator must agree with the Box validator on those Boxes; then
    /// replayed and reloaded as Boxes (260 accepted changesets differ from
    /// the library's own).
    @MainActor @Test func acceptedSectionedBatchesReplayAndReload() throws {
        let counts = try check(
            Kind<[HandMadeBatches.TextSection]>(
                data: HandMadeBatches.sections(of:),
                diff: { try StagedChangeset(source: $0, target: $1, options: $2) },
                withAppliedData: HandMadeBatches.withAppliedData, accepts: { $0.violations(from: $1).isEmpty },
                boxValidatorAccepts: { Self.boxValidatorAccepts($0, from: $1, box: HandMadeBatches.box(of:)) },
                problems: { HandMadeBatches.problems($0, from: $1, canAnimate: $2, interruptAt: $3) }))
        expectYield(counts, "sectioned changesets", atLeast: 200)
    }

    /// Flat changesets on a table whose calls apply one at a time
    /// (AppKit's `NSTableView`, through `SequentialRowListView`): each
    /// accepted hand-made changeset must animate (no `reloadData` unless a
    /// stage has section calls, which such a table cannot take), make no
    /// call out of range, show the last stage's rows and complete once.
    @MainActor @Test func acceptedFlatBatchesOnASequentialTable() throws {
        let counts = try check(
            Kind<[TextItem]>(
                data: TextItem.rows(of:), diff: { try StagedChangeset(source: $0, target: $1, options: $2) },
                withAppliedData: HandMadeBatches.withAppliedData, accepts: { $0.violations(from: $1).isEmpty },
                boxValidatorAccepts: nil,
                problems: { changeset, old, canAnimate, interruptAt in
                    var data = old
                    let table = SimulatedRowTable(showing: old)
                    table.dataSource = { data }
                    table.canAnimateBatchUpdates = canAnimate
                    var completions = 0
                    SequentialRowListView(table).reload(using: changeset, setData: { data = $0 }) {
                        completions += 1
                    }
                    let sectionCalls = changeset.contains { $0.batchUpdate.hasSectionChanges }
                    var problems = table.problems
                    let last = changeset.last?.data ?? old
                    if table.shown != last { problems.append("the table shows \(table.shown), not \(last)") }
                    if canAnimate && !sectionCalls && table.reloadDataCount > 0 {
                        problems.append("reloadData() instead of animated calls: \(table.log)")
                    }
                    if completions != 1 { problems.append("the completion ran \(completions) times") }
                    return problems
                }))
        expectYield(counts, "flat changesets (sequential table)", atLeast: 140)
    }
}
