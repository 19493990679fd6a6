import BoxDiff
import BoxDiffTestSupport
import Foundation

/// The Swift standard library's peer: `new.difference(from: old).inferringMoves()`.
///
/// Elements compare with `==` (identity and content), so an updated element
/// shows up as a delete plus an insert; removals and insertions associated
/// by `inferringMoves()` count as moves.
final class StdlibEngine: BenchEngine {
    let name = EngineName.stdlib.rawValue
    private var difference: CollectionDifference<BenchItem>?

    func run(_ workload: Workload) throws {
        difference = nil
        difference = workload.new.difference(from: workload.old).inferringMoves()
    }

    func outcome(_ workload: Workload) -> Outcome {
        guard let difference else { return Outcome() }
        var outcome = Outcome(deleted: 0, inserted: 0, moved: 0, updated: 0, stages: 1)
        for change in difference {
            switch change {
            case .remove(_, _, let associated):
                if associated == nil { outcome.deleted! += 1 } else { outcome.moved! += 1 }
            case .insert(_, _, let associated):
                if associated == nil { outcome.inserted! += 1 }
            }
        }
        return outcome
    }

    func check(_ workload: Workload) throws {
        guard let difference, let replayed = workload.old.applying(difference) else {
            throw BenchFailure("stdlib: the difference does not apply to the old list")
        }
        try Replay.expectEqual(replayed, workload, engine: name)
    }

    func finish() { difference = nil }
}

extension Outcome {
    /// The changes of a Swift changeset: element deletes and inserts, moves
    /// (element and section), updates (reloads and reconfigures).
    init<Data>(_ changeset: StagedChangeset<Data>) {
        self.init(deleted: 0, inserted: 0, moved: 0, updated: 0, stages: changeset.stages.count)
        for stage in changeset.stages {
            deleted! += stage.elementDeleted.count
            inserted! += stage.elementInserted.count
            moved! += stage.elementMoved.count + stage.sectionMoved.count
            updated! += stage.elementUpdated.count + stage.elementReconfigured.count
        }
        minimal = changeset.isMinimal
    }
}

extension BenchItem: Differentiable {
    var differenceIdentifier: UUID { id }
    func isContentEqual(to source: BenchItem) -> Bool { content == source.content }
}

func makeFlatEngine(options: DiffOptions = DiffOptions()) -> Result<BenchEngine, BenchFailure> {
    .success(FlatEngine(options: options))
}

/// The flat Swift API: `StagedChangeset(source:target:workspace:)` over the
/// element arrays, identity hashing included, with one reused
/// `DiffWorkspace` (the C core underneath).
final class FlatEngine: BenchEngine {
    let name = EngineName.flat.rawValue
    /// The diff options (the batch mode).
    let options: DiffOptions
    private var workspace: DiffWorkspace?
    private var changeset: StagedChangeset<[BenchItem]>?

    init(options: DiffOptions = DiffOptions()) { self.options = options }

    func prepare(_ workload: Workload) throws {
        changeset = nil
        workspace = try DiffWorkspace()
    }

    func run(_ workload: Workload) throws {
        changeset = nil
        changeset = try StagedChangeset(
            source: workload.old, target: workload.new, options: options, workspace: workspace)
    }

    func outcome(_ workload: Workload) -> Outcome { changeset.map(Outcome.init) ?? Outcome() }

    /// Replays every stage on the old list; each must give its stage's data.
    func check(_ workload: Workload) throws {
        guard let changeset else { throw BenchFailure("flat: no changeset") }
        if options.mode == .singleBatch {
            // One batch mixing every kind of call: replayed as UIKit applies it.
            guard changeset.count <= 1 else { throw BenchFailure("flat: \(changeset.count) stages in one batch") }
            let replayed: [BenchItem]
            do { replayed = try FlatReplay.replay(changeset, from: workload.old) } catch {
                throw BenchFailure("flat: \(error)")
            }
            try Replay.expectEqual(replayed, workload, engine: name)
            return
        }
        var current = workload.old
        for (s, stage) in changeset.stages.enumerated() {
            let paths =
                stage.elementDeleted + stage.elementInserted + stage.elementUpdated
                + stage.elementMoved.flatMap { [$0.source, $0.destination] }
            guard paths.allSatisfy({ $0.section == 0 }), stage.sectionChangeCount == 0 else {
                throw BenchFailure("flat: stage \(s) has section changes in a flat diff")
            }
            if !stage.elementUpdated.isEmpty {
                guard stage.elementDeleted.isEmpty, stage.elementInserted.isEmpty, stage.elementMoved.isEmpty
                else { throw BenchFailure("flat: stage \(s) mixes updates with other changes") }
                for path in stage.elementUpdated {
                    guard path.row < current.count, path.row < stage.data.count,
                        current[path.row].id == stage.data[path.row].id
                    else { throw BenchFailure("flat: stage \(s) bad update \(path.row)") }
                    current[path.row] = stage.data[path.row]
                }
            }
            current = try Replay.deleting(current, stage.elementDeleted.map(\.row), engine: name)
            if !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty {
                current = try Replay.insertsAndMoves(
                    current, target: stage.data, inserts: stage.elementInserted.map(\.row),
                    moves: stage.elementMoved.map { (from: $0.source.row, to: $0.destination.row) },
                    engine: name)
            }
            guard current == stage.data else { throw BenchFailure("flat: stage \(s) replay differs from its data") }
        }
        try Replay.expectEqual(current, workload, engine: name)
    }

    func finish() {
        changeset = nil
        workspace = nil
    }
}
