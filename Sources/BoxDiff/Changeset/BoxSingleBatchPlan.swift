/// A Box changeset as one batch (BoxDiffValidation's batch-update rules article, "Single-batch
/// mode"), rewritten so every rule holds:
///
/// - a section that is moved and has row changes, or whose header or
///   footer changed together with a move or row changes, is deleted and
///   inserted (so is one whose reload target `s'` would not be its new
///   index, rule 11);
/// - rows moving out of deleted (or re-created) sections become inserts,
///   rows moving into inserted (or re-created) sections deletes;
/// - with ``UpdateStyle/reload``, a row both moved and updated becomes a
///   delete and an insert, and so does an updated row whose reload target
///   `r'` (computed as UIKit does, moves ignored) is not its new path;
/// - with ``UpdateStyle/reconfigure``, updated rows are reconfigured at
///   their new paths after the batch (moved ones too), except in reloaded
///   sections, which the reload refreshes; with ``UpdateStyle/reload``, so
///   are the rows incomparable on both sides (re-bound, as Bento does:
///   ``BoxMatching/rowRebinds(old:new:)``);
/// - nothing is listed twice.
///
/// This is the mode of a list that applies each render as one batch
/// (Bento's adapters do), so it runs on every state change: one pass over
/// the sections, one over the old rows and one over the new rows, on the
/// matching's raw maps, with the call lists and scratch buffers taken from
/// the workspace (no dictionary, set or per-diff array at app sizes).
@frozen @usableFromInline
struct BoxSingleBatchPlan {
    /// The calls of the batch.
    @usableFromInline let update: BatchUpdate

    /// Section flags: its header or footer changed (a reload)...
    static var changedFlag: UInt8 { 1 }
    /// ...it is deleted and inserted instead of kept.
    static var recreatedFlag: UInt8 { 2 }

    @usableFromInline
    init(_ m: borrowing BoxMatching, style: UpdateStyle, workspace: borrowing DiffWorkspace) throws(DiffError) {
        // The same sections in order, unchanged, no row changing section
        // (most often one section): the flat layout of the rows
        // (BoxSingleBatchPlan+FlatLayout.swift).
        if Self.hasFlatLayout(m) {
            update = Self.flatLayoutUpdate(m, style: style, workspace: workspace)
            return
        }
        let none = BoxMatching.none
        let oldSectionCount = m.old.sectionCount
        let newSectionCount = m.new.sectionCount
        let reload = style == .reload
        let sectionKeep = try m.sectionsKeptInPlace(workspace: workspace)
        let rowKeep = try m.rowsKeptInPlace(workspace: workspace)

        // Which paired sections changed, and which must be re-created
        // (deleted and inserted). Row changes are only looked at for a
        // section that moved or changed (the usual render has neither).
        var flags: [UInt8] = []
        swap(&flags, &workspace.sectionFlags)
        flags.refill(with: 0, count: oldSectionCount)
        var anyChanged = false
        for s in 0..<oldSectionCount where m.sectionOldToNew(s) != none {
            let t = Int(m.sectionOldToNew(s))
            let moved = sectionKeep[s] == 0
            let changed = m.sectionUpdated(old: s, new: t)
            guard moved || changed else { continue }
            let rowsChange = Self.hasRowChanges(m, old: s, new: t, countingUpdates: reload)
            var f: UInt8 = changed ? Self.changedFlag : 0
            if (moved && rowsChange) || (changed && (moved || rowsChange)) { f |= Self.recreatedFlag }
            anyChanged = anyChanged || changed
            flags[s] = f
        }
        // Rule 11 for section reloads: `s'` shifted by section deletes and
        // inserts only. Re-creating one section shifts others: repeat.
        var sectionDeleted: [Int] = []
        var sectionInserted: [Int] = []
        while true {
            sectionDeleted.removeAll(keepingCapacity: true)
            sectionInserted.removeAll(keepingCapacity: true)
            for s in 0..<oldSectionCount where !Self.live(old: s, m, flags) { sectionDeleted.append(s) }
            for t in 0..<newSectionCount where !Self.live(new: t, m, flags) { sectionInserted.append(t) }
            guard anyChanged else { break }
            var wrong = false
            for s in 0..<oldSectionCount
            where Self.live(old: s, m, flags) && flags[s] & Self.changedFlag != 0
                && BatchSimulation.shift(s, removing: sectionDeleted, inserting: sectionInserted)
                    != Int(m.sectionOldToNew(s))
            {
                flags[s] |= Self.recreatedFlag
                wrong = true
            }
            if !wrong { break }
        }
        var sectionMoved: [Move<Int>] = []
        var sectionUpdated: [Int] = []
        for s in 0..<oldSectionCount where Self.live(old: s, m, flags) {
            if sectionKeep[s] == 0 { sectionMoved.append(Move(source: s, destination: Int(m.sectionOldToNew(s)))) }
            if flags[s] & Self.changedFlag != 0 { sectionUpdated.append(s) }
        }

        // Rows. A reload that stays in place is a candidate (old flat row
        // → new flat row, in old row order), kept only where UIKit's `r'`
        // lands on its new path (resolveReloads).
        var deleted = Array.reusing(&workspace.deletedRows)
        var inserted = Array.reusing(&workspace.insertedRows)
        var reconfigured = Array.reusing(&workspace.reconfiguredRows)
        var moved = Array.reusing(&workspace.movedRows)
        var candidates = Array.reusing(&workspace.reloadCandidates)
        // The branch-free passes' room for a section's rows
        // (BoxSingleBatchPlan+Rows.swift).
        let scratch = workspace.rowScratch
        scratch.reserve(oldRows: m.old.rowCount, newRows: m.new.rowCount)
        let anyOldGone = !sectionDeleted.isEmpty
        let checkingOldSections = anyOldGone && m.old.rowCount > 0
        var movedInserts = 0
        flags.withUnsafeBufferPointer { flags in
            m.withRaw { raw in
                rowKeep.withUnsafeBufferPointer { keep in
                    m.patchedRowContents.withUnsafeBufferPointer { patched in
                        // The old contents to compare: the patched copy when
                        // there is one, else the table's.
                        let oldContents =
                            patched.isEmpty ? raw.oldWords + raw.old.rowContentsStart : patched.baseAddress!
                        for s in 0..<oldSectionCount
                        where raw.sectionOldToNew[s] != none && flags[s] & Self.recreatedFlag == 0 {
                            let t = Int(raw.sectionOldToNew[s])
                            let start = raw.oldStart(s)
                            let newStart = raw.newStart(t)
                            let newCount = UInt(bitPattern: raw.newStart(t + 1) - newStart)
                            let reconfigures = flags[s] & Self.changedFlag == 0
                            // The unpaired rows (deletes) and the rows kept in
                            // place unchanged (nothing to do) sorted out
                            // without a branch per row: only the others are
                            // looked at one by one.
                            let (deletes, rows) = scratch.sortOldRows(
                                section: s, start: start, end: raw.oldStart(s + 1), newStart: newStart,
                                newCount: newCount, raw: raw, keep: keep.baseAddress!, oldContents: oldContents)
                            // Those deletes, in row order with the ones found
                            // below (appended up to each of those first).
                            var flushed = 0
                            var lateDeletes = 0
                            for k in 0..<rows {
                                let i = Int(scratch.rows[k])
                                let p = ElementPath(section: s, row: i - start)
                                let j = Int(raw.rowOldToNew[i])
                                // In its own new section t (live, as s is) or in
                                // another one, which may be gone.
                                let inSection = UInt(bitPattern: j &- newStart) < newCount
                                let q: ElementPath
                                if inSection {
                                    q = ElementPath(section: t, row: j - newStart)
                                } else {
                                    let u = raw.newSection(j)
                                    let partner = raw.sectionNewToOld[u]
                                    guard partner != none && flags[Int(partner)] & Self.recreatedFlag == 0 else {
                                        scratch.appendDeletes(&flushed, upTo: p.row, of: deletes, to: &deleted)
                                        deleted.append(p)
                                        lateDeletes += 1
                                        continue
                                    }
                                    q = ElementPath(section: u, row: j - raw.newStart(u))
                                }
                                let a = oldContents[i]
                                let b = raw.newContent(j)
                                let updated = a == 0 || a != b
                                // Reloaded (or deleted and inserted) rather
                                // than reconfigured: not re-bound.
                                let reloads = reload && updated && !(raw.oldContent(i) == 0 && b == 0)
                                if inSection && keep[i] != 0 {
                                    if reloads {
                                        // Its rank among the section's rows that
                                        // stay (see resolveReloads).
                                        (scratch.candidateRanks + candidates.count).initialize(
                                            to: p.row - Int(scratch.deletesBefore[p.row]) - lateDeletes)
                                        candidates.append(Move(source: i, destination: j))
                                    } else if updated && reconfigures {
                                        reconfigured.append(q)
                                    }
                                } else if reloads {
                                    scratch.appendDeletes(&flushed, upTo: p.row, of: deletes, to: &deleted)
                                    deleted.append(p)
                                    lateDeletes += 1
                                    inserted.append(q)
                                } else {
                                    moved.append(Move(source: p, destination: q))
                                    if updated { reconfigured.append(q) }
                                }
                            }
                            scratch.appendDeletes(&flushed, upTo: Int.max, of: deletes, to: &deleted)
                        }
                        // New rows not carried from a live old section, in
                        // path order after the moved-and-reloaded rows' inserts.
                        movedInserts = inserted.count
                        for t in 0..<newSectionCount {
                            let s = raw.sectionNewToOld[t]
                            guard s != none && flags[Int(s)] & Self.recreatedFlag == 0 else { continue }
                            let inserts = scratch.sortNewRows(
                                section: t, start: raw.newStart(t), end: raw.newStart(t + 1), raw: raw,
                                flags: flags.baseAddress!, checkingOldSections: checkingOldSections)
                            scratch.appendPaths(inserts, to: &inserted)
                        }
                    }
                }
            }
        }
        // The moved and reloaded rows' inserts, which the scratch's
        // insertsBefore does not count, in path order.
        let extraInserts = scratch.sortedExtraInserts(inserted, count: movedInserts)
        // `deleted` is in path order; `inserted` is two runs, the moved and
        // reloaded rows' (put in order here) and the new rows' (in path
        // order as written), merged (not sorted whole).
        Self.sortRuns(&inserted, split: movedInserts, tailSorted: true)
        var updated = Array.reusing(&workspace.updatedRows)
        if !candidates.isEmpty {
            // Reloads that become delete + insert are appended: merged in.
            let deletedCount = deleted.count
            let insertedCount = inserted.count
            Self.resolveReloads(
                candidates, ranks: scratch.candidateRanks, insertsBefore: scratch.insertsBefore,
                extraInserts: extraInserts, m, sectionDeleted: sectionDeleted,
                sectionInserted: sectionInserted, deleted: &deleted, inserted: &inserted, updated: &updated)
            // Both were in order; only what was appended is looked at.
            if deleted.count > deletedCount { Self.sortRuns(&deleted, split: deletedCount, headSorted: true) }
            if inserted.count > insertedCount { Self.sortRuns(&inserted, split: insertedCount, headSorted: true) }
        }
        Self.sortIfNeeded(&reconfigured)
        Self.sortIfNeeded(&updated)
        candidates.removeAll(keepingCapacity: true)
        Array.keep(candidates, in: &workspace.reloadCandidates)
        workspace.sectionFlags = flags
        workspace.sectionKeep = sectionKeep
        workspace.rowKeep = rowKeep
        // The lists moved into the update, then kept from it for the next
        // diff (see BatchUpdate.keepElementLists(in:)).
        let update = BatchUpdate(
            sectionDeleted: consume sectionDeleted, sectionInserted: consume sectionInserted,
            sectionUpdated: consume sectionUpdated, sectionMoved: consume sectionMoved,
            elementDeleted: consume deleted, elementInserted: consume inserted, elementUpdated: consume updated,
            elementMoved: consume moved, elementReconfigured: consume reconfigured)
        update.keepElementLists(in: workspace)
        self.update = update
    }

    /// Whether old section `s` is paired and not re-created.
    static func live(old s: Int, _ m: borrowing BoxMatching, _ flags: [UInt8]) -> Bool {
        m.sectionOldToNew(s) != BoxMatching.none && flags[s] & recreatedFlag == 0
    }

    /// Whether new section `t` is paired with an old section that is not
    /// re-created.
    static func live(new t: Int, _ m: borrowing BoxMatching, _ flags: [UInt8]) -> Bool {
        let s = m.sectionNewToOld(t)
        return s != BoxMatching.none && flags[Int(s)] & recreatedFlag == 0
    }

    /// Whether the rows of old section `s` and new section `t` differ in
    /// identity or order (or, `countingUpdates`, in content, re-bound rows
    /// aside: they are reconfigured after the batch).
    static func hasRowChanges(_ m: borrowing BoxMatching, old s: Int, new t: Int, countingUpdates: Bool) -> Bool {
        let oldStart = m.old.rowStart(s)
        let newStart = m.new.rowStart(t)
        let count = m.old.rowCount(inSection: s)
        guard count == m.new.rowCount(inSection: t) else { return true }
        for k in 0..<count {
            let j = m.rowOldToNew(oldStart + k)
            if j == BoxMatching.none || Int(j) != newStart + k { return true }
            if countingUpdates && m.rowUpdated(old: oldStart + k, new: Int(j))
                && !m.rowRebinds(old: oldStart + k, new: Int(j))
            {
                return true
            }
        }
        return false
    }

    /// Rule 11 for row reloads: keeps a reload (a candidate: old flat row
    /// → new flat row, in old row order, staying in its section and on
    /// the longest run) only where UIKit's `r'` (the old row shifted by
    /// the section's deletes and inserts, moves ignored) is the row's new
    /// path; the others become delete + insert, appended to `deleted` and
    /// `inserted`. The kept reloads go to `updated` (old paths).
    ///
    /// `r'` is the new row exactly when the row's rank among its old
    /// section's rows that stay (`ranks[k]`: its row less the section's
    /// deletes before it) equals its rank among the new section's rows that
    /// were not inserted (its row less `insertsBefore[j]`, the section's
    /// inserts before it, and less the `extraInserts` before it: the moved
    /// and reloaded rows' inserts, ascending, which `insertsBefore` does
    /// not count). The candidates ascend on both sides, so turning one into
    /// delete + insert lowers both ranks of every later one alike: one pass
    /// decides them all (rounds of conversions, each judged against the
    /// lists the previous one left, would end with the same). A section
    /// whose own position UIKit's section deletes and inserts shift
    /// elsewhere than its new one keeps no reload.
    static func resolveReloads(
        _ candidates: [Move<Int>], ranks: UnsafePointer<Int>, insertsBefore: UnsafePointer<UInt32>,
        extraInserts extras: UnsafeBufferPointer<ElementPath>, _ m: borrowing BoxMatching,
        sectionDeleted: [Int], sectionInserted: [Int],
        deleted: inout [ElementPath], inserted: inout [ElementPath], updated: inout [ElementPath]
    ) {
        var c = 0
        var s = 0
        while c < candidates.count {
            // The candidates of one old section s.
            while m.old.rowStart(s + 1) <= candidates[c].source { s += 1 }
            let oldStart = m.old.rowStart(s)
            let sectionEnd = m.old.rowStart(s + 1)
            let first = c
            while c < candidates.count && candidates[c].source < sectionEnd { c += 1 }
            let t = Int(m.sectionOldToNew(s))
            let newStart = m.new.rowStart(t)
            let sectionLands = BatchSimulation.shift(s, removing: sectionDeleted, inserting: sectionInserted) == t
            // The section's extra inserts (usually none), counted as the
            // candidates pass them.
            var e = 0
            var extrasEnd = 0
            if !extras.isEmpty {
                e = Self.firstIndex(ofSection: t, in: extras)
                extrasEnd = e
                while extrasEnd < extras.count && extras[extrasEnd].section == t { extrasEnd += 1 }
            }
            let extrasStart = e
            for k in first..<c {
                let row = candidates[k].source - oldStart
                let j = candidates[k].destination
                let newRow = j - newStart
                while e < extrasEnd && extras[e].row < newRow { e += 1 }
                if sectionLands && ranks[k] == newRow - Int(insertsBefore[j]) - (e - extrasStart) {
                    updated.append(ElementPath(section: s, row: row))
                } else {
                    deleted.append(ElementPath(section: s, row: row))
                    inserted.append(ElementPath(section: t, row: newRow))
                }
            }
        }
    }

    /// The single stage, whose data is `target`; `nil` when nothing changed.
    /// Consuming: the plan's lists move into the stage (a copy of them was
    /// an atomic retain per list, and a release when the plan went).
    @inlinable
    consuming func stage<S, R>(target: Box<S, R>) -> Changeset<Box<S, R>>? {
        guard update.hasChanges else { return nil }
        return Changeset(data: target, batchUpdate: update)
    }
}
