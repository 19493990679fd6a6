@testable import BoxDiff

// The first implementation of the single-batch Box plan (straightforward:
// dictionaries, sets, filters), kept as the reference that the library's
// BoxSingleBatchPlan, rewritten for speed, must agree with call for call
// (SingleBatchPlanTests).

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
struct ReferenceSingleBatchPlan {
    /// The calls of the batch.
    var update = BatchUpdate()

    init(_ m: borrowing BoxMatching, style: UpdateStyle, workspace: DiffWorkspace) throws(DiffError) {
        let none = BoxMatching.none
        let old = m.old
        let new = m.new
        let reload = style == .reload
        let sectionKeep = try m.sectionsKeptInPlace(workspace: workspace)
        let rowKeep = try m.rowsKeptInPlace(workspace: workspace)

        // Which paired sections must be re-created (deleted and inserted).
        var recreated = [Bool](filling: false, count: old.sectionCount)
        var contentChanged = [Bool](filling: false, count: old.sectionCount)
        for s in 0..<old.sectionCount where m.sectionOldToNew(s) != none {
            let t = Int(m.sectionOldToNew(s))
            let moved = sectionKeep[s] == 0
            let changed = m.sectionUpdated(old: s, new: t)
            let rowsChange = Self.hasRowChanges(m, old: s, new: t, countingUpdates: reload)
            contentChanged[s] = changed
            recreated[s] = (moved && rowsChange) || (changed && (moved || rowsChange))
        }
        // Rule 11 for section reloads: `s'` shifted by section deletes and
        // inserts only. Re-creating one section shifts others: repeat.
        var deletes: [Int] = []
        var inserts: [Int] = []
        while true {
            deletes = (0..<old.sectionCount).filter { m.sectionOldToNew($0) == none || recreated[$0] }
            inserts = (0..<new.sectionCount).filter {
                let s = m.sectionNewToOld($0)
                return s == none || recreated[Int(s)]
            }
            let wrong = (0..<old.sectionCount).filter {
                m.sectionOldToNew($0) != none && !recreated[$0] && contentChanged[$0]
                    && BatchSimulation.shift($0, removing: deletes, inserting: inserts) != Int(m.sectionOldToNew($0))
            }
            if wrong.isEmpty { break }
            for s in wrong { recreated[s] = true }
        }
        update.sectionDeleted = deletes
        update.sectionInserted = inserts
        func live(old s: Int) -> Bool { m.sectionOldToNew(s) != none && !recreated[s] }
        func live(new t: Int) -> Bool {
            let s = m.sectionNewToOld(t)
            return s != none && !recreated[Int(s)]
        }
        for s in 0..<old.sectionCount where live(old: s) {
            let t = Int(m.sectionOldToNew(s))
            if sectionKeep[s] == 0 { update.sectionMoved.append(Move(source: s, destination: t)) }
            if contentChanged[s] { update.sectionUpdated.append(s) }
        }
        let reloadedSections = Set(update.sectionUpdated)

        // Rows.
        var reloadCandidates: [Int: [(old: Int, new: Int)]] = [:]
        for i in 0..<old.rowCount {
            let s = Int(m.oldRowSection(i))
            guard live(old: s) else { continue }
            let j = m.rowOldToNew(i)
            guard j != none, live(new: Int(m.newRowSection(Int(j)))) else {
                update.elementDeleted.append(m.oldPath(i))
                continue
            }
            let jj = Int(j)
            let updated = m.rowUpdated(old: i, new: jj)
            // Reloaded (or deleted and inserted) rather than reconfigured.
            let reload = reload && updated && !m.rowRebinds(old: i, new: jj)
            let stays = Int(m.newRowSection(jj)) == Int(m.sectionOldToNew(s)) && rowKeep[i] != 0
            if stays {
                if reload {
                    reloadCandidates[s, default: []].append((i, jj))
                } else if updated && !reloadedSections.contains(s) {
                    update.elementReconfigured.append(m.newPath(jj))
                }
            } else if reload {
                update.elementDeleted.append(m.oldPath(i))
                update.elementInserted.append(m.newPath(jj))
            } else {
                update.elementMoved.append(Move(source: m.oldPath(i), destination: m.newPath(jj)))
                if updated { update.elementReconfigured.append(m.newPath(jj)) }
            }
        }
        for j in 0..<new.rowCount where live(new: Int(m.newRowSection(j))) {
            let i = m.rowNewToOld(j)
            if i == none || !live(old: Int(m.oldRowSection(Int(i)))) {
                update.elementInserted.append(m.newPath(j))
            }
        }
        resolveReloads(reloadCandidates, m)
        update.elementDeleted.sort()
        update.elementInserted.sort()
        update.elementReconfigured.sort()
    }

    /// Whether the rows of old section `s` and new section `t` differ in
    /// identity or order (or, `countingUpdates`, in content, re-bound rows
    /// aside: they are reconfigured after the batch).
    static func hasRowChanges(_ m: BoxMatching, old s: Int, new t: Int, countingUpdates: Bool) -> Bool {
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

    /// Rule 11 for row reloads: keeps a reload only where UIKit's `r'`
    /// (shifted by the section's deletes and inserts, moves ignored) is the
    /// row's new path; the others become delete + insert, which shifts the
    /// rest, so this repeats a few times and then gives up on the section's
    /// remaining reloads.
    private mutating func resolveReloads(_ candidates: [Int: [(old: Int, new: Int)]], _ m: BoxMatching) {
        guard !candidates.isEmpty else { return }
        var deletesBySection: [Int: [Int]] = [:]
        for p in update.elementDeleted { deletesBySection[p.section, default: []].append(p.row) }
        var insertsBySection: [Int: [Int]] = [:]
        for p in update.elementInserted { insertsBySection[p.section, default: []].append(p.row) }
        for s in candidates.keys.sorted() {
            var pending = candidates[s]!
            let t = Int(m.sectionOldToNew(s))
            var deletes = (deletesBySection[s] ?? []).sorted()
            var inserts = (insertsBySection[t] ?? []).sorted()
            let sectionTarget = BatchSimulation.shift(
                s, removing: update.sectionDeleted, inserting: update.sectionInserted)
            var round = 0
            while !pending.isEmpty {
                let wrong: [Int]
                if sectionTarget != t || round == 3 {
                    wrong = Array(pending.indices)
                } else {
                    wrong = pending.indices.filter {
                        let r = m.oldPath(pending[$0].old).row
                        return BatchSimulation.shift(r, removing: deletes, inserting: inserts)
                            != m.newPath(pending[$0].new).row
                    }
                }
                if wrong.isEmpty { break }
                for k in wrong {
                    let p = m.oldPath(pending[k].old)
                    let q = m.newPath(pending[k].new)
                    update.elementDeleted.append(p)
                    update.elementInserted.append(q)
                    deletes.append(p.row)
                    inserts.append(q.row)
                }
                let gone = Set(wrong)
                pending = pending.indices.filter { !gone.contains($0) }.map { pending[$0] }
                deletes.sort()
                inserts.sort()
                round += 1
            }
            update.elementUpdated += pending.map { m.oldPath($0.old) }
        }
        update.elementUpdated.sort()
    }
}
