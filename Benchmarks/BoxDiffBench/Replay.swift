import CBoxDiff

/// Replays of a result on the old list, for `--check` (never timed).
enum Replay {
    /// Applies an insert+move stage: `inserts` are new indices (filled from
    /// `target`), `moves` go from an index of `current` to a new index, and
    /// every other element of `current` keeps its relative order.
    static func insertsAndMoves(
        _ current: [BenchItem], target: [BenchItem], inserts: [Int], moves: [(from: Int, to: Int)],
        engine: String
    ) throws -> [BenchItem] {
        let length = current.count + inserts.count
        var slots = [BenchItem?](repeating: nil, count: length)
        var movedAway = [Bool](repeating: false, count: current.count)
        for j in inserts {
            guard j >= 0, j < length, slots[j] == nil, j < target.count else {
                throw BenchFailure("\(engine): bad insert index \(j)")
            }
            slots[j] = target[j]
        }
        for move in moves {
            guard move.from >= 0, move.from < current.count, !movedAway[move.from],
                move.to >= 0, move.to < length, slots[move.to] == nil
            else { throw BenchFailure("\(engine): bad move \(move.from) -> \(move.to)") }
            slots[move.to] = current[move.from]
            movedAway[move.from] = true
        }
        var next = 0
        for k in 0..<length where slots[k] == nil {
            while next < current.count && movedAway[next] { next += 1 }
            guard next < current.count else { throw BenchFailure("\(engine): stage 3 leaves holes") }
            slots[k] = current[next]
            next += 1
        }
        return slots.map { $0! }
    }

    /// Removes the elements at `indices` (ascending, distinct).
    static func deleting(_ current: [BenchItem], _ indices: [Int], engine: String) throws -> [BenchItem] {
        var drop = [Bool](repeating: false, count: current.count)
        for i in indices {
            guard i >= 0, i < current.count, !drop[i] else {
                throw BenchFailure("\(engine): bad delete index \(i)")
            }
            drop[i] = true
        }
        var kept: [BenchItem] = []
        kept.reserveCapacity(current.count - indices.count)
        for i in 0..<current.count where !drop[i] { kept.append(current[i]) }
        return kept
    }

    /// Throws unless `replayed` equals the workload's new list.
    static func expectEqual(_ replayed: [BenchItem], _ workload: Workload, engine: String) throws {
        guard replayed.count == workload.new.count else {
            throw BenchFailure("\(engine): replay gives \(replayed.count) elements, expected \(workload.new.count)")
        }
        if let k = replayed.indices.first(where: { replayed[$0] != workload.new[$0] }) {
            throw BenchFailure("\(engine): replay differs from the new list at index \(k)")
        }
    }
}

/// Replays the C core's flat staged changeset.
enum CoreReplay {
    static func check(_ result: bxd_result_t, _ workload: Workload, engine: String) throws {
        guard result.old_count == workload.old.count, result.new_count == workload.new.count else {
            throw BenchFailure("\(engine): result counts do not match the lists")
        }
        var stages = result.stages
        let list = withUnsafeBytes(of: &stages) { raw in
            Array(raw.bindMemory(to: bxd_stage_t.self).prefix(Int(result.stage_count)))
        }
        var current = workload.old
        var lastKind: UInt32 = 0
        for stage in list {
            guard stage.kind.rawValue > lastKind else { throw BenchFailure("\(engine): stages out of order") }
            lastKind = stage.kind.rawValue
            let indices = (0..<Int(stage.index_count)).map { Int(stage.indices[$0]) }
            switch stage.kind {
            case BXD_STAGE_UPDATE:
                for i in indices {
                    let j = result.old_to_new[i]
                    guard j != BXD_NONE else { throw BenchFailure("\(engine): update of unpaired \(i)") }
                    current[i].content = workload.new[Int(j)].content
                }
            case BXD_STAGE_DELETE:
                current = try Replay.deleting(current, indices, engine: engine)
            case BXD_STAGE_INSERT_MOVE:
                let moves = (0..<Int(stage.move_count)).map {
                    (from: Int(stage.moves[$0].from), to: Int(stage.moves[$0].to))
                }
                current = try Replay.insertsAndMoves(
                    current, target: workload.new, inserts: indices, moves: moves, engine: engine)
            default:
                throw BenchFailure("\(engine): unknown stage kind \(stage.kind.rawValue)")
            }
        }
        try Replay.expectEqual(current, workload, engine: engine)
    }
}
