// The second mode of the Swift layer's fuzzer (BOXDIFF_FUZZ_MODE=calls):
// hand-made changesets, whose calls come from the fuzzer's bytes and need
// not add up. Whatever an app, a decoder or a bug hands them, the APIs
// that take a changeset must answer and never stop the program:
// - `Changeset.applied(to:)` and `StagedChangeset.applied(to:)` give a Box;
// - the validator (`violations(from:)` for Boxes, flat lists and
//   sections, both flavours; `validated(from:)`) lists what is wrong, and
//   `validated(from:)` gives a changeset back only when it lists nothing;
// - `ListView.reload(using:)` hands the calls to the view (which reports
//   the broken rules) and calls its completion once;
// - a `BatchUpdate` decoded from the input's JSON, when it decodes, encodes
//   and decodes back to itself.

import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation

enum CallsFuzz {
    /// An index that is mostly in range, sometimes just out of it, and
    /// rarely far out (negative, or near `Int.max`).
    static func index(_ input: inout FuzzInput) -> Int {
        switch input.next(32) {
        case 0: return -1
        case 1: return Int.max
        case 2: return Int.min
        case 3: return Int.max - 1
        default: return input.next(10)
        }
    }

    static func path(_ input: inout FuzzInput) -> ElementPath {
        ElementPath(section: input.next(8) == 0 ? index(&input) : input.next(6), row: index(&input))
    }

    /// A batch of up to a few calls of each kind.
    static func batch(_ input: inout FuzzInput) -> BatchUpdate {
        var update = BatchUpdate()
        func few<T>(_ make: (inout FuzzInput) -> T) -> [T] {
            (0..<input.next(4)).map { _ in make(&input) }
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

    static func run(_ input: inout FuzzInput) {
        var fresh = 0
        let old = FuzzDecoder.old(&input, fresh: &fresh)
        var stages: [Changeset<BoxGenerators.TestBox>] = []
        var data = old
        for _ in 0..<(1 + input.next(3)) {
            data = FuzzDecoder.new(from: data, &input, fresh: &fresh)
            stages.append(Changeset(data: data, batchUpdate: batch(&input)))
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
            changeset.map { Changeset(data: FuzzItem.rows(of: $0.data), batchUpdate: $0.batchUpdate) })
        _ = flat.violations(from: FuzzItem.rows(of: old), validator: validator)
        _ = try? flat.validated(from: FuzzItem.rows(of: old), validator: validator)
        let sectioned = StagedChangeset(
            changeset.map { Changeset(data: FuzzSectionModel.sections(of: $0.data), batchUpdate: $0.batchUpdate) })
        _ = sectioned.violations(from: FuzzSectionModel.sections(of: old), validator: validator)
        MainActor.assumeIsolated {
            var shown = FuzzItem.rows(of: old)
            let view = SimulatedListView<FuzzSectionModel, FuzzItem> {
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
