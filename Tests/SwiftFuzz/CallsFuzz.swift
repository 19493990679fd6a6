// The second mode of the Swift layer's fuzzer (BOXDIFF_FUZZ_MODE=calls):
// hand-made changesets, whose calls come from the fuzzer's bytes and need
// not add up. Half the inputs take them from a real diff's batches with
// some calls dropped, moved by one or added, so that many are valid
// without being the library's own layout. Whatever an app, a decoder or a
// bug hands them, the APIs that take a changeset must answer and never
// stop the program:
// - `Changeset.applied(to:)` and `StagedChangeset.applied(to:)` give a Box;
// - the validator (`violations(from:)` for Boxes, flat lists and
//   sections, both flavours; `validated(from:)`) lists what is wrong, and
//   `validated(from:)` gives a changeset back only when it lists nothing;
// - `ListView.reload(using:)` hands the calls to the view (which reports
//   the broken rules) and calls its completion once;
// - with each stage's data made by `applied(to:)`, a changeset the
//   validator accepts must replay (the tests' own replay) to that data;
// - a `BatchUpdate` decoded from the input's JSON, when it decodes, encodes
//   and decodes back to itself.

import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation

enum CallsFuzz {
    /// An index that is mostly small (in range of the decoded Boxes),
    /// sometimes past them, and rarely far out (negative, or near
    /// `Int.max`).
    static func index(_ input: inout FuzzInput) -> Int {
        switch input.next(32) {
        case 0: return -1
        case 1: return Int.max
        case 2: return Int.min
        case 3: return Int.max - 1
        case 4...11: return input.next(10)
        default: return input.next(4)
        }
    }

    static func path(_ input: inout FuzzInput) -> ElementPath {
        ElementPath(section: input.next(8) == 0 ? index(&input) : input.next(6), row: index(&input))
    }

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

    /// `list` with some entries dropped (1 in 8), a few moved by one
    /// (`tweak`, 1 in 16) and maybe one added (`make`, 1 in 8): a real
    /// diff's batch changed a little, so that many hand-made batches are
    /// valid and yet not the library's own layout. A used-up input keeps
    /// the list as it is.
    static func mutated<T>(
        _ list: [T], _ input: inout FuzzInput, tweak: (T, inout FuzzInput) -> T, make: (inout FuzzInput) -> T
    ) -> [T] {
        var result: [T] = []
        for entry in list {
            switch input.next(16) {
            case 14, 15: continue
            case 13: result.append(tweak(entry, &input))
            default: result.append(entry)
            }
        }
        if input.next(8) == 7 { result.insert(make(&input), at: input.next(result.count + 1)) }
        return result
    }

    /// An index one more or one less.
    static func nudged(_ i: Int, _ input: inout FuzzInput) -> Int { input.next(2) == 0 ? i &+ 1 : i &- 1 }

    static func nudged(_ p: ElementPath, _ input: inout FuzzInput) -> ElementPath {
        input.next(4) == 0
            ? ElementPath(section: nudged(p.section, &input), row: p.row)
            : ElementPath(section: p.section, row: nudged(p.row, &input))
    }

    static func nudged<I>(_ m: Move<I>, _ input: inout FuzzInput, _ nudge: (I, inout FuzzInput) -> I) -> Move<I> {
        input.next(2) == 0
            ? Move(source: nudge(m.source, &input), destination: m.destination)
            : Move(source: m.source, destination: nudge(m.destination, &input))
    }

    /// `update` changed a little by ``mutated(_:_:tweak:make:)``, list by
    /// list.
    static func mutated(_ update: BatchUpdate, _ input: inout FuzzInput) -> BatchUpdate {
        var u = update
        u.sectionDeleted = mutated(u.sectionDeleted, &input, tweak: nudged, make: index)
        u.sectionInserted = mutated(u.sectionInserted, &input, tweak: nudged, make: index)
        u.sectionUpdated = mutated(u.sectionUpdated, &input, tweak: nudged, make: index)
        u.sectionMoved = mutated(
            u.sectionMoved, &input, tweak: { nudged($0, &$1, nudged) },
            make: { Move(source: index(&$0), destination: index(&$0)) })
        u.elementDeleted = mutated(u.elementDeleted, &input, tweak: nudged, make: path)
        u.elementInserted = mutated(u.elementInserted, &input, tweak: nudged, make: path)
        u.elementUpdated = mutated(u.elementUpdated, &input, tweak: nudged, make: path)
        u.elementMoved = mutated(
            u.elementMoved, &input, tweak: { nudged($0, &$1, nudged) },
            make: { Move(source: path(&$0), destination: path(&$0)) })
        u.elementReconfigured = mutated(u.elementReconfigured, &input, tweak: nudged, make: path)
        return u
    }

    /// The library's changeset of `old` -> a decoded new Box (decoded
    /// options), each batch ``mutated(_:_:)``, each stage's data the
    /// diff's; `nil` when the diff throws (duplicates rejected).
    static func mutatedDiff(of old: BoxGenerators.TestBox, _ input: inout FuzzInput, fresh: inout Int)
        -> [Changeset<BoxGenerators.TestBox>]?
    {
        let options = FuzzDecoder.options(&input)
        let new = FuzzDecoder.new(from: old, &input, fresh: &fresh)
        guard let diff = try? StagedChangeset(source: old, target: new, options: options) else { return nil }
        return diff.map { Changeset(data: $0.data, batchUpdate: mutated($0.batchUpdate, &input)) }
    }

    /// The same calls with data that agrees with them by construction:
    /// each stage's data is what `applied(to:)` makes of the Box before it
    /// (inserted rows taken from the decoded data). When the validator
    /// accepts the result, the tests' own replay of UIKit's batches
    /// (`BoxStageReplay`, written apart from the library's layout) must
    /// reach each stage's data: the library's layout, its validator and an
    /// independent replay agree on every batch the validator passes; and
    /// `reload(using:)` applies it to a simulated view as UIKit would
    /// (animated or not; interrupted before stage `interruptAt`, which
    /// then reloads the view to the last stage's data, or not), calling
    /// its completion once.
    static func agreement(
        _ changeset: StagedChangeset<BoxGenerators.TestBox>, from old: BoxGenerators.TestBox,
        validator: BatchUpdateValidator, canAnimate: Bool, interruptAt: Int?
    ) {
        var box = old
        var stages: [Changeset<BoxGenerators.TestBox>] = []
        for stage in changeset {
            box = stage.applied(to: box)
            stages.append(Changeset(data: box, batchUpdate: stage.batchUpdate))
        }
        let made = StagedChangeset(stages)
        guard made.violations(from: old, validator: validator).isEmpty else { return }
        var replayed = old
        for (k, stage) in made.enumerated() {
            do {
                replayed = try BoxStageReplay.apply(stage, to: replayed)
            } catch {
                fatalError("stage \(k) of a changeset the validator accepts does not replay: \(error)\n\(made)")
            }
            if !BoxReplay.same(replayed, stage.data) {
                fatalError("stage \(k) replays to \(replayed), applied(to:) gave \(stage.data)\n\(made)")
            }
        }
        // And `reload(using:)` must apply it to a view (which applies
        // each batch in UIKit's way) without breaking a rule, the view
        // ending with every cell showing the last stage's data. (The
        // view's own check names a collection view's items: the flavours
        // differ only in their messages.)
        MainActor.assumeIsolated {
            typealias View = SimulatedListView<SimulatedHeader<Int>, Node<Int>>
            var shown = old
            let view = View(canAnimate: canAnimate) { View.sections(of: shown) }
            var asked = 0
            var completions = 0
            view.reload(
                using: made,
                interrupt: { _ in
                    defer { asked += 1 }
                    return asked == interruptAt
                }, setData: { shown = $0 }, completion: { completions += 1 })
            view.finishAnimations()
            var mismatches = View.mismatches(view.shown, replayed)
            if completions != 1 { mismatches.append("the completion ran \(completions) times") }
            if !view.issues.isEmpty || !mismatches.isEmpty {
                fatalError("reload(using:) of a changeset the validator accepts: \(view.issues + mismatches)\n\(made)")
            }
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
