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
@usableFromInline
enum FlatSingleBatch {
    /// The calls of the batch for `result`, whose paired elements at old
    /// indices `updated` (ascending) and new indices `updatedNew` (the same
    /// order) changed content. With ``UpdateStyle/reload`` `updatedNew` may
    /// be empty (it is then read from the result).
    @usableFromInline
    static func update(
        result: CoreResult, updated: [ElementPath], updatedNew: [Int], style: UpdateStyle
    ) -> BatchUpdate {
        let o2n = result.oldToNew
        let moves = result.moves
        var deletes = result.deletes.map { Int($0) }
        var inserts = result.inserts.map { Int($0) }
        var update = BatchUpdate()
        // Moves whose element is also updated, with reloads: deleted and
        // inserted instead (marked by index into `moves`).
        var dropped: [Bool] = []

        if style == .reconfigure {
            update.elementReconfigured = updated.indices.map {
                ElementPath(section: 0, row: updatedNew.isEmpty ? Int(o2n[updated[$0].row]) : updatedNew[$0])
            }.sorted()
        } else {
            // Moved and updated: delete + insert, and no move. Both lists
            // ascend by old index: one merge finds the moved ones.
            var candidates: [Move<Int>] = []
            var m = 0
            var anyDropped = false
            for path in updated {
                let i = path.row
                let j = Int(o2n[i])
                while m < moves.count && Int(moves[m].from) < i { m += 1 }
                if m < moves.count && Int(moves[m].from) == i {
                    if !anyDropped {
                        anyDropped = true
                        dropped = [Bool](repeating: false, count: moves.count)
                    }
                    dropped[m] = true
                    deletes.append(i)
                    inserts.append(j)
                } else {
                    candidates.append(Move(source: i, destination: j))
                }
            }
            if anyDropped {
                deletes.sort()
                inserts.sort()
            }
            // Rule 11: a reload lands at `shift(old)`, the old index less
            // the deletes before it, then up past the inserts: exactly when
            // that rank among the staying elements equals the new index's
            // rank among the elements not inserted (the new index less the
            // inserts before it). The candidates ascend by old index and
            // stay in place, so by new index too: turning one into delete +
            // insert lowers both ranks of every later one alike, and leaves
            // the earlier ones alone. So one merge walk over the candidates,
            // the deletes and the inserts decides them all (rounds of
            // conversions, each judged against the lists the previous one
            // left, end with the same); the conversions (ascending) then
            // merge into both lists.
            var kept = 0
            var convertedOld: [Int] = []
            var convertedNew: [Int] = []
            var deletesBefore = 0
            var insertsBefore = 0
            for c in candidates.indices {
                let candidate = candidates[c]
                while deletesBefore < deletes.count && deletes[deletesBefore] < candidate.source { deletesBefore += 1 }
                while insertsBefore < inserts.count && inserts[insertsBefore] < candidate.destination {
                    insertsBefore += 1
                }
                if candidate.source - deletesBefore == candidate.destination - insertsBefore {
                    candidates[kept] = candidate
                    kept += 1
                } else {
                    convertedOld.append(candidate.source)
                    convertedNew.append(candidate.destination)
                }
            }
            candidates.removeSubrange(kept...)
            deletes.mergeAscending(convertedOld)
            inserts.mergeAscending(convertedNew)
            update.elementUpdated = candidates.map { ElementPath(section: 0, row: $0.source) }
        }
        update.elementDeleted = deletes.map { ElementPath(section: 0, row: $0) }
        update.elementInserted = inserts.map { ElementPath(section: 0, row: $0) }
        update.elementMoved = moves.indices.compactMap { m in
            dropped.isEmpty || !dropped[m]
                ? Move(
                    source: ElementPath(section: 0, row: Int(moves[m].from)),
                    destination: ElementPath(section: 0, row: Int(moves[m].to)))
                : nil
        }
        return update
    }
}
