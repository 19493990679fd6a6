// The second mode of the Swift layer's fuzzer (BOXDIFF_FUZZ_MODE=calls):
// hand-made changesets, whose calls come from the fuzzer's bytes and need
// not add up. Half the inputs take them from a real diff's batches with
// some calls dropped, moved by one, added or listed in reverse, so that
// many are valid without being the library's own layout (the flat diff of
// the rows too).
// Whatever an app, a decoder or a bug hands them, the APIs that take a
// changeset must answer and never stop the program:
// - `Changeset.applied(to:)` and `StagedChangeset.applied(to:)` give a Box;
// - the validator (`violations(from:)` for Boxes, flat lists and
//   sections, both flavours; `validated(from:)`) lists what is wrong, and
//   `validated(from:)` gives a changeset back only when it lists nothing;
// - `ListView.reload(using:)` hands the calls to the view (which reports
//   the broken rules) and calls its completion once;
// - with each stage's data made by `applied(to:)`, a changeset the
//   validator accepts must replay (the tests' own replay) to that data,
//   and `reload(using:)` must apply it to a simulated view, every cell
//   ending at the last stage's data (Boxes and flat lists);
// - a `BatchUpdate` decoded from the input's JSON, when it decodes, encodes
//   and decodes back to itself.

import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation

extension FuzzInput: ChoiceSource {}

enum CallsFuzz {
    static func index(_ input: inout FuzzInput) -> Int { HandMadeBatches.index(&input) }
    static func path(_ input: inout FuzzInput) -> ElementPath { HandMadeBatches.path(&input) }

    /// A batch of up to a few calls of each kind, most kinds left out (so
    /// that some batches are valid).
    static func batch(_ input: inout FuzzInput) -> BatchUpdate {
        var update = BatchUpdate()
        func few<T>(_ make: (inout FuzzInput) -> T) -> [T] {
            let count = input.next(8)
            return (0..<(count < 5 ? 0 : count - 4)).map { _ in make(&input) }
        }
        update.sectionDeleted = few(index)
        update.sectionInserted = few(index)
        update.sectionUpdated = few(index)
        update.sectionMoved = few { Move(source: index(&$0), destination: index(&$0)) }
        update.elementDeleted = few(path)
        update.elementInserted = few(path)
        update.elementUpdated = few(path)
        update.elementMoved = few { Move(source: path(&$0), destination: path(&$0)) }
        update.elementReconfigured = few(path)
        return update
    }

    /// The library's changeset of `old` -> a decoded new Box (decoded
    /// options), each batch changed a little
    /// (`HandMadeBatches.mutated(_:_:)`), each stage's data the
    /// diff's; `nil` when the diff throws (duplicates rejected).
    static func mutatedDiff(of old: BoxGenerators.TestBox, _ input: inout FuzzInput, fresh: inout Int)
        -> [Changeset<BoxGenerators.TestBox>]?
    {
        let options = FuzzDecoder.options(&input)
        let new = FuzzDecoder.new(from: old, &input, fresh: &fresh)
        flatAgreement(TextItem.rows(of: old), TextItem.rows(of: new), options: options, &input)
        guard let diff = try? StagedChangeset(source: old, target: new, options: options) else { return nil }
        return diff.map { Changeset(data: $0.data, batchUpdate: HandMadeBatches.mutated($0.batchUpdate, &input)) }
    }

    /// The flat diff of `old` -> `new` (DifferenceKit's
    /// `StagedChangeset<[T]>`), each batch changed a little, each stage's
    /// data applied (`HandMadeBatches.withAppliedData`): when the flat
    /// validator accepts it, `FlatReplay` and `reload(using:)` on a
    /// one-section view must reach its data (`HandMadeBatches.problems`).
    static func flatAgreement(_ old: [TextItem], _ new: [TextItem], options: DiffOptions, _ input: inout FuzzInput) {
        guard let diff = try? StagedChangeset(source: old, target: new, options: options) else { return }
        let handMade = StagedChangeset(
            diff.map { Changeset(data: $0.data, batchUpdate: HandMadeBatches.mutated($0.batchUpdate, &input)) })
        let made = HandMadeBatches.withAppliedData(handMade, from: old)
        guard made.violations(from: old).isEmpty else { return }
        let interruptAt = input.next(4) == 0 ? input.next(4) : nil
        let canAnimate = input.next(4) != 0
        let problems = MainActor.assumeIsolated {
            HandMadeBatches.problems(made, from: old, canAnimate: canAnimate, interruptAt: interruptAt)
        }
        if !problems.isEmpty {
            fatalError("a flat changeset the validator accepts: \(problems.prefix(10))\n\(made)\nfrom \(old)")
        }
    }

    /// The same calls with data that agrees with them by construction
    /// (`HandMadeBatches.withAppliedData`): when the validator accepts the
    /// result, the tests' own replay must reach each stage's data and
    /// `reload(using:)` must apply it to a simulated view as UIKit would
    /// (`HandMadeBatches.problems`): the library's layout, its validator,
    /// an independent replay and the updater agree on every batch the
    /// validator passes.
    static func agreement(
        _ changeset: StagedChangeset<BoxGenerators.TestBox>, from old: BoxGenerators.TestBox,
        validator: BatchUpdateValidator, canAnimate: Bool, interruptAt: Int?
    ) {
        let made = HandMadeBatches.withAppliedData(changeset, from: old)
        guard made.violations(from: old, validator: validator).isEmpty else { return }
        let problems = MainActor.assumeIsolated {
            HandMadeBatches.problems(made, from: old, canAnimate: canAnimate, interruptAt: interruptAt)
        }
        if !problems.isEmpty {
            fatalError("a changeset the validator accepts: \(problems.prefix(10))\n\(made)")
        }
    }

    static func run(_ input: inout FuzzInput) {
        var fresh = 0
        let old = FuzzDecoder.old(&input, fresh: &fresh)
        // Half the inputs start from a real diff's batches, changed a
        // little (mostly valid); the others make every call up.
        var stages: [Changeset<BoxGenerators.TestBox>] = []
        if input.next(2) == 1, let mutated = mutatedDiff(of: old, &input, fresh: &fresh) {
            stages = mutated
        } else {
            var data = old
            for _ in 0..<(1 + input.next(3)) {
                data = FuzzDecoder.new(from: data, &input, fresh: &fresh)
                stages.append(Changeset(data: data, batchUpdate: batch(&input)))
            }
        }
        let changeset = StagedChangeset(stages, reloadsEverything: input.next(8) == 0)
        let flavor: BatchUpdateValidator.Flavor = input.next(2) == 0 ? .tableView : .collectionView
        let validator = BatchUpdateValidator(flavor: flavor)

        // The Box: applied, validated, reloaded on a view.
        _ = changeset.applied(to: old)
        for stage in changeset { _ = stage.applied(to: old) }
        let violations = changeset.violations(from: old, validator: validator)
        let validated = try? changeset.validated(from: old, validator: validator)
        if (validated == nil) != !violations.isEmpty {
            fatalError("validated(from:) and violations(from:) disagree: \(violations) for \(changeset)")
        }
        let interruptAt = input.next(4) == 0 ? input.next(4) : nil
        agreement(
            changeset, from: old, validator: validator, canAnimate: input.next(4) != 0, interruptAt: interruptAt)
        MainActor.assumeIsolated {
            typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
            var shown = old
            let view = View { View.sections(of: shown) }
            var completions = 0
            view.reload(using: changeset, setData: { shown = $0 }, completion: { completions += 1 })
            view.finishAnimations()
            if completions != 1 { fatalError("reload(using:)'s completion ran \(completions) times") }
        }

        // The same calls on the rows as one flat list, and on the sections
        // as DifferenceKit's.
        let flat = StagedChangeset(
            changeset.map { Changeset(data: TextItem.rows(of: $0.data), batchUpdate: $0.batchUpdate) })
        _ = flat.violations(from: TextItem.rows(of: old), validator: validator)
        _ = try? flat.validated(from: TextItem.rows(of: old), validator: validator)
        let sectioned = StagedChangeset(
            changeset.map { Changeset(data: FuzzSectionModel.sections(of: $0.data), batchUpdate: $0.batchUpdate) })
        _ = sectioned.violations(from: FuzzSectionModel.sections(of: old), validator: validator)
        MainActor.assumeIsolated {
            var shown = TextItem.rows(of: old)
            let view = SimulatedListView<FuzzSectionModel, TextItem> {
                [.init(header: FuzzSectionModel(id: 0, text: ""), items: shown)]
            }
            var completions = 0
            view.reload(using: flat, setData: { shown = $0 }, completion: { completions += 1 })
            view.finishAnimations()
            if completions != 1 { fatalError("reload(using:)'s completion ran \(completions) times (flat)") }
        }

        // A batch decoded from the rest of the input as JSON.
        let rest = Data(input.bytes[input.position...])
        if let decoded = try? JSONDecoder().decode(BatchUpdate.self, from: rest) {
            guard let encoded = try? JSONEncoder().encode(decoded),
                let again = try? JSONDecoder().decode(BatchUpdate.self, from: encoded), again == decoded
            else { fatalError("a decoded BatchUpdate does not encode and decode back: \(decoded)") }
        }
    }
}
