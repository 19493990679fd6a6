@testable import BoxDiff

// The first implementation of the flat single-batch layout (filters, a
// set, a sort per round), kept as the reference that FlatSingleBatch,
// rewritten for speed, must agree with call for call
// (FlatSingleBatchTests).

/// A flat changeset as one batch (``BatchMode/singleBatch``), laid out so
/// that UIKit accepts it in one `performBatchUpdates` call and animates it
/// right (uikit-batch-rules.md, "Single-batch mode"), in section 0:
///
/// - deletes (old indices), inserts (new indices), and the minimal moves
///   (old index to new index, off one longest increasing subsequence);
/// - with ``UpdateStyle/reload``, an updated element that also moves is a
///   delete plus an insert; an updated element that stays is a reload of
///   its old index, but only where the index UIKit computes for the reload
///   (the old index shifted by the deletes and inserts, moves ignored) is
///   its new index, and a delete plus an insert otherwise;
/// - with ``UpdateStyle/reconfigure``, every updated element, moved or
///   not, is reconfigured at its new index after the batch.
///
/// Index work only, so not generic: the caller compares the contents.
enum ReferenceFlatSingleBatch {
    /// The calls of the batch for `result`, whose paired elements at old
    /// indices `updated` (ascending) and new indices `updatedNew` (the same
    /// order) changed content. With ``UpdateStyle/reload`` `updatedNew` may
    /// be empty (it is then read from the result).
    static func update(
        result: CoreResult, updated: [ElementPath], updatedNew: [Int], style: UpdateStyle
    ) -> BatchUpdate {
        let o2n = result.oldToNew
        var deletes = result.deletes.map { Int($0) }
        var inserts = result.inserts.map { Int($0) }
        var moved = [Bool](repeating: false, count: o2n.count)
        for move in result.moves { moved[Int(move.from)] = true }
        var update = BatchUpdate()

        if style == .reconfigure {
            update.elementReconfigured = updated.indices.map {
                ElementPath(section: 0, row: updatedNew.isEmpty ? Int(o2n[updated[$0].row]) : updatedNew[$0])
            }.sorted()
        } else {
            // Moved and updated: delete + insert, and no move.
            var candidates: [(old: Int, new: Int)] = []
            for path in updated {
                let i = path.row
                let j = Int(o2n[i])
                if moved[i] {
                    moved[i] = false
                    deletes.append(i)
                    inserts.append(j)
                } else {
                    candidates.append((i, j))
                }
            }
            deletes.sort()
            inserts.sort()
            // Rule 11: a reload lands at `shift(old)`. Turning a wrong one
            // into delete + insert shifts the others: repeat a few rounds,
            // then give the rest up as deletes and inserts too.
            var round = 0
            while !candidates.isEmpty {
                let wrong =
                    round == 3
                    ? Array(candidates.indices)
                    : candidates.indices.filter {
                        BatchSimulation.shift(candidates[$0].old, removing: deletes, inserting: inserts)
                            != candidates[$0].new
                    }
                if wrong.isEmpty { break }
                for k in wrong {
                    deletes.append(candidates[k].old)
                    inserts.append(candidates[k].new)
                }
                let gone = Set(wrong)
                candidates = candidates.indices.filter { !gone.contains($0) }.map { candidates[$0] }
                deletes.sort()
                inserts.sort()
                round += 1
            }
            update.elementUpdated = candidates.map { ElementPath(section: 0, row: $0.old) }
        }
        update.elementDeleted = deletes.map { ElementPath(section: 0, row: $0) }
        update.elementInserted = inserts.map { ElementPath(section: 0, row: $0) }
        update.elementMoved = result.moves.compactMap { move in
            moved[Int(move.from)]
                ? Move(
                    source: ElementPath(section: 0, row: Int(move.from)),
                    destination: ElementPath(section: 0, row: Int(move.to)))
                : nil
        }
        return update
    }
}
