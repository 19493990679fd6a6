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
///
/// The Box diff lays out the rows of several sections this way too, when
/// the sections are the same, in the same order, and no row changes
/// section (``BoxSingleBatchPlan/flatLayoutUpdate(_:style:workspace:)``):
/// the indices are then the Boxes' flat row indices, and the calls' paths
/// are mapped to their sections (``FlatSectionPaths``).
///
/// The call lists are written into the buffers the workspace kept from
/// its previous diff (see `DiffWorkspace.deletedRows`) and kept in turn,
/// and the per-update scratch is the workspace's too: a diff of a list
/// of the same size makes no allocation here, however many elements
/// change (lists grown by appends cost an allocation per doubling).
@usableFromInline
enum FlatSingleBatch {
    /// An updated element's fate, in `DiffWorkspace.flatUpdateStates`.
    @usableFromInline static let reloaded: UInt8 = 0
    /// Moved too: deleted and inserted instead, its move dropped.
    @usableFromInline static let movedAway: UInt8 = 1
    /// Not moved, but UIKit would land its reload elsewhere (rule 11):
    /// deleted and inserted instead.
    @usableFromInline static let converted: UInt8 = 2

    /// The calls of the batch for `result`, whose paired elements at old
    /// indices `updated` (section 0, ascending) changed content; their new
    /// indices are read from the result. With ``UpdateStyle/reload``,
    /// `updated` is left holding the reloaded elements alone (the batch's
    /// `elementUpdated` shares its buffer). `reconfigured`: with
    /// ``UpdateStyle/reload``, the batch's `elementReconfigured` (the Box
    /// diff's re-bound rows, new paths, ascending); ignored with
    /// ``UpdateStyle/reconfigure``. `sections`: the sections of the flat
    /// indices (`updated` still holds flat indices in section 0, and
    /// `reconfigured` paths in their sections); `nil`, all in section 0.
    @usableFromInline
    static func update(
        result: CoreResult, updated: inout [ElementPath], style: UpdateStyle, workspace: DiffWorkspace,
        reconfigured extraReconfigured: consuming [ElementPath] = [], sections: FlatSectionPaths? = nil
    ) -> BatchUpdate {
        let o2n = result.oldToNew
        let moves = result.moves
        let deletes = result.deletes
        let inserts = result.inserts
        // Each batch is built at the end from its lists, moved in, and
        // returned as it is: one held in a `var` and returned was copied and
        // the local destroyed (nine retains and releases).
        if style == .reconfigure {
            // Every updated element at its new index, after the batch; the
            // structural calls are the result's as they are.
            var reconfigured = Array.reusing(&workspace.reconfiguredRows)
            reconfigured.reserveCapacity(updated.count)
            var ascending = true
            var last = -1
            for path in updated {
                let row = Int(o2n[path.row])
                if last > row { ascending = false }
                last = row
                reconfigured.append(FlatSectionPaths.new(row, in: sections))
            }
            // Out of order only where an updated element moved (sections
            // in order: paths sort as their flat indices).
            if !ascending { reconfigured.sort() }
            let update = BatchUpdate(
                elementDeleted: Array.refilling(&workspace.deletedRows, from: deletes) {
                    FlatSectionPaths.old(Int($0), in: sections)
                },
                elementInserted: Array.refilling(&workspace.insertedRows, from: inserts) {
                    FlatSectionPaths.new(Int($0), in: sections)
                },
                elementMoved: Array.refilling(&workspace.movedRows, from: moves) {
                    Move(
                        source: FlatSectionPaths.old(Int($0.from), in: sections),
                        destination: FlatSectionPaths.new(Int($0.to), in: sections))
                },
                elementReconfigured: consume reconfigured)
            // Kept from the batch (one retain; kept from the local first,
            // two retains and a release).
            Array.keep(update.elementReconfigured, in: &workspace.reconfiguredRows)
            return update
        }

        // With reloads, each updated element is reloaded, moved away
        // (updated and moved: a delete and an insert, no move) or converted
        // (a delete and an insert, rule 11). The states go in the
        // workspace's scratch, one byte per updated element.
        workspace.flatUpdateStates.resize(toOverwrite: updated.count)
        // New indices of the moved-away elements, ascending (they are not in
        // old order: they moved).
        var movedAwayNew = Array.reusing(&workspace.flatMovedAwayNew)
        var convertedCount = 0
        // The lists come out of the closure, which did not write them into
        // `update` itself: a struct mutated in a closure was copied in and
        // out (nine retains and releases, whatever the lists held).
        let (deleted, inserted, moved) = workspace.flatUpdateStates.withUnsafeMutableBufferPointer {
            states -> ([ElementPath], [ElementPath], [Move<ElementPath>]) in
            // Updated and moved: both lists ascend by old index, so one
            // merge walk finds them.
            var m = 0
            for k in updated.indices {
                let i = updated[k].row
                while m < moves.count && Int(moves[m].from) < i { m += 1 }
                if m < moves.count && Int(moves[m].from) == i {
                    states[k] = movedAway
                    movedAwayNew.append(o2n[i])
                } else {
                    states[k] = reloaded
                }
            }
            if movedAwayNew.count > 1 { movedAwayNew.sort() }

            // Rule 11: a reload lands at `shift(old)`, the old index less
            // the deletes before it, then up past the inserts: exactly when
            // that rank among the staying elements equals the new index's
            // rank among the elements not inserted (the new index less the
            // inserts before it), the moved-away elements counted as deletes
            // and inserts. The reloaded elements ascend by old index and stay
            // in place, so by new index too: turning one into delete +
            // insert lowers both ranks of every later one alike, and leaves
            // the earlier ones alone. So one merge walk over them, the
            // deletes and the inserts decides them all (rounds of
            // conversions, each judged against the lists the previous one
            // left, end with the same).
            var deletesBefore = 0
            var movedAwayBefore = 0
            var insertsBefore = 0
            var movedAwayNewBefore = 0
            for k in updated.indices {
                guard states[k] == reloaded else {
                    movedAwayBefore += 1
                    continue
                }
                let i = updated[k].row
                let j = o2n[i]
                while deletesBefore < deletes.count && Int(deletes[deletesBefore]) < i { deletesBefore += 1 }
                while insertsBefore < inserts.count && inserts[insertsBefore] < j { insertsBefore += 1 }
                while movedAwayNewBefore < movedAwayNew.count && movedAwayNew[movedAwayNewBefore] < j {
                    movedAwayNewBefore += 1
                }
                if i - deletesBefore - movedAwayBefore != Int(j) - insertsBefore - movedAwayNewBefore {
                    states[k] = converted
                    convertedCount += 1
                }
            }

            // Deletes: the result's and every updated element not reloaded,
            // both ascending by old index, merged.
            var deleted = Array.reusing(&workspace.deletedRows)
            deleted.reserveCapacity(deletes.count + movedAwayNew.count + convertedCount)
            var d = 0
            for k in updated.indices where states[k] != reloaded {
                let i = updated[k].row
                while d < deletes.count && Int(deletes[d]) < i {
                    deleted.append(ElementPath(section: 0, row: Int(deletes[d])))
                    d += 1
                }
                deleted.append(ElementPath(section: 0, row: i))
            }
            while d < deletes.count {
                deleted.append(ElementPath(section: 0, row: Int(deletes[d])))
                d += 1
            }

            // Inserts: the result's, the moved-away elements' (sorted above)
            // and the converted ones' (ascending: they stay in place), merged.
            var inserted = Array.reusing(&workspace.insertedRows)
            inserted.reserveCapacity(inserts.count + movedAwayNew.count + convertedCount)
            var a = 0
            var b = 0
            var k = 0
            while true {
                while k < updated.count && states[k] != converted { k += 1 }
                let x = a < inserts.count ? inserts[a] : UInt32.max
                let y = b < movedAwayNew.count ? movedAwayNew[b] : UInt32.max
                let z = k < updated.count ? o2n[updated[k].row] : UInt32.max
                let next = min(x, y, z)
                // Indices are below UInt32.max (BXD_MAX_COUNT).
                if next == UInt32.max { break }
                inserted.append(ElementPath(section: 0, row: Int(next)))
                if next == x {
                    a += 1
                } else if next == y {
                    b += 1
                } else {
                    k += 1
                }
            }

            // Moves: the result's but the moved-away ones, which are the
            // moved elements that were updated (both lists ascend by old
            // index).
            var moved = Array.reusing(&workspace.movedRows)
            moved.reserveCapacity(moves.count - movedAwayNew.count)
            var u = 0
            for move in moves {
                let i = Int(move.from)
                while u < updated.count && updated[u].row < i { u += 1 }
                if u < updated.count && updated[u].row == i { continue }
                moved.append(
                    Move(
                        source: ElementPath(section: 0, row: i),
                        destination: ElementPath(section: 0, row: Int(move.to))))
            }

            // The reloaded elements, compacted in place (most often all of
            // them: nothing to move).
            if movedAwayNew.count + convertedCount > 0 {
                var w = 0
                for k in updated.indices where states[k] == reloaded {
                    updated[w] = updated[k]
                    w += 1
                }
                updated.removeSubrange(w...)
            }
            // Flat indices to their sections' paths, in place (each list is
            // this diff's alone here: the workspace keeps them below).
            sections?.map(deleted: &deleted, inserted: &inserted, moved: &moved, updated: &updated)
            return (deleted, inserted, moved)
        }
        Array.keep(movedAwayNew, in: &workspace.flatMovedAwayNew)
        // Moved into the batch, then kept from it (one retain each; kept
        // from the locals first, two retains and a release).
        let update = BatchUpdate(
            elementDeleted: consume deleted, elementInserted: consume inserted, elementUpdated: updated,
            elementMoved: consume moved, elementReconfigured: extraReconfigured)
        Array.keep(update.elementDeleted, in: &workspace.deletedRows)
        Array.keep(update.elementInserted, in: &workspace.insertedRows)
        Array.keep(update.elementMoved, in: &workspace.movedRows)
        return update
    }
}

/// The sections of flat row indices, for ``FlatSingleBatch`` laying out
/// the rows of several sections (see there): an old index's path in the
/// old Box, a new index's in the new one. Raw views of both tables (valid
/// inside ``BoxMatching/withRaw(_:)``): no reference, so passing one, or
/// `nil`, costs no reference count and no value witness.
@frozen @usableFromInline
struct FlatSectionPaths {
    /// The Box matching's raw views.
    @usableFromInline let raw: BoxMatching.Raw

    @inlinable
    init(_ raw: BoxMatching.Raw) { self.raw = raw }

    /// The path of old flat index `i`: in `sections`, or in section 0.
    @inlinable
    static func old(_ i: Int, in sections: FlatSectionPaths?) -> ElementPath {
        sections?.raw.oldPath(i) ?? ElementPath(section: 0, row: i)
    }

    /// The path of new flat index `j`: in `sections`, or in section 0.
    @inlinable
    static func new(_ j: Int, in sections: FlatSectionPaths?) -> ElementPath {
        sections?.raw.newPath(j) ?? ElementPath(section: 0, row: j)
    }

    /// Each path of the lists (flat indices in section 0: old ones in
    /// `deleted`, `updated` and the moves' sources, new ones in `inserted`
    /// and the moves' destinations) as its path in its Box, in place. Out
    /// of line: inlined, it changed how the flat API's layout was compiled
    /// (+50 instructions per flat diff at 20 elements, without sections).
    @inline(never)
    func map(
        deleted: inout [ElementPath], inserted: inout [ElementPath], moved: inout [Move<ElementPath>],
        updated: inout [ElementPath]
    ) {
        for k in deleted.indices { deleted[k] = raw.oldPath(deleted[k].row) }
        for k in updated.indices { updated[k] = raw.oldPath(updated[k].row) }
        for k in inserted.indices { inserted[k] = raw.newPath(inserted[k].row) }
        for k in moved.indices {
            moved[k] = Move(
                source: raw.oldPath(moved[k].source.row), destination: raw.newPath(moved[k].destination.row))
        }
    }
}
