/// The calls of a staged Box changeset (BoxDiffValidation's batch-update rules article, "What must be
/// split into separate batches"), before any intermediate data is built:
///
/// 1. row updates (O paths), with ``UpdateStyle/reload``;
/// 2. section deletes and row deletes (O paths); rows of deleted sections
///    are not listed;
/// 3. section inserts and section moves, no row operation; an inserted
///    section arrives with its new rows (those not carried from a
///    surviving section), which are not listed either;
/// 4. row inserts and row moves, across sections too: sources are
///    positions after stage 3, destinations new paths;
/// 5. with ``UpdateStyle/reconfigure``, the updated rows as reconfigures
///    (new paths), after the last structural stage; with
///    ``UpdateStyle/reload``, the rows incomparable on both sides (re-bound,
///    as Bento does: ``BoxMatching/rowRebinds(old:new:)``) as reconfigures
///    too, issued right after stage 4's batch when there is one (its data
///    then shows their new nodes), so there are never more than 5 stages;
/// 6. section updates (header or footer) as section reloads, in new
///    indices.
@frozen @usableFromInline
struct BoxStagedPlan {
    @usableFromInline let updateStyle: UpdateStyle
    /// The calls of every stage, each list in the index space of its own
    /// stage: `elementUpdated` (stage 1) and `elementReconfigured` (stage 5)
    /// for the updated rows, `sectionUpdated` in new indices (stage 6).
    @usableFromInline var update: BatchUpdate

    @usableFromInline
    init(_ m: borrowing BoxMatching, style: UpdateStyle, workspace: borrowing DiffWorkspace) throws(DiffError) {
        let none = BoxMatching.none
        // Counts, not copies of the tables (a copy is a retain and a
        // release).
        let old = (sectionCount: m.old.sectionCount, rowCount: m.old.rowCount)
        let new = (sectionCount: m.new.sectionCount, rowCount: m.new.rowCount)

        // Stage 1 and 2: updates of carried rows, deletes (at most the
        // unpaired old rows: one allocation, not a doubling per append).
        var deleted = Array.reusing(&workspace.deletedRows)
        deleted.reserveCapacity(max(0, old.rowCount - m.pairedRowCount))
        // Carried rows whose content changed: reloaded in stage 1 (old
        // paths; ``UpdateStyle/reload``, not re-bound) or reconfigured in
        // stage 5 (new paths; every one with ``UpdateStyle/reconfigure``,
        // the re-bound ones with ``UpdateStyle/reload``). Their partners
        // are read back from the matching when the stages are built.
        var updated = Array.reusing(&workspace.updatedRows)
        var reconfigured = Array.reusing(&workspace.reconfiguredRows)
        var sectionDeleted: [Int] = []
        // The same pass writes every old row's longest-run value (see
        // BoxMatching.rowsKeptInPlace(workspace:)): its rank in its new
        // section offset past the previous sections' ranks, or `none`.
        workspace.lisValues.resize(toOverwrite: old.rowCount)
        m.withRaw { raw in
            workspace.lisValues.withUnsafeMutableBufferPointer { values in
                m.patchedRowContents.withUnsafeBufferPointer { patched in
                    // The old contents to compare: the patched copy when there
                    // is one, else the table's (chosen once, not per row).
                    let oldContents = patched.isEmpty ? raw.oldWords + raw.old.rowContentsStart : patched.baseAddress!
                    var base = 0
                    for s in 0..<old.sectionCount {
                        let start = raw.oldStart(s)
                        let end = raw.oldStart(s + 1)
                        // Compared with `none` before the conversion: on a
                        // 32-bit `Int` (watchOS devices) `Int(none)` traps.
                        let t32 = raw.sectionOldToNew[s]
                        guard t32 != none else {
                            sectionDeleted.append(s)
                            for i in start..<end { values[i] = none }
                            continue
                        }
                        let t = Int(t32)
                        let newStart = raw.newStart(t)
                        // Row j is in section t when it lies in t's range (two
                        // compares, not a load of its packed section).
                        let newCount = UInt(bitPattern: raw.newStart(t + 1) - newStart)
                        for i in start..<end {
                            let j32 = raw.rowOldToNew[i]
                            if j32 == none {
                                values[i] = none
                                deleted.append(ElementPath(section: s, row: i - start))
                                continue
                            }
                            let j = Int(j32)
                            values[i] =
                                UInt(bitPattern: j &- newStart) < newCount
                                ? UInt32(truncatingIfNeeded: base + j - newStart) : none
                            let a = oldContents[i]
                            let b = raw.newContent(j)
                            guard a == 0 || a != b else { continue }
                            // Incomparable on both sides: re-bound (see rowRebinds).
                            if style == .reload && !(raw.oldContent(i) == 0 && b == 0) {
                                updated.append(ElementPath(section: s, row: i - start))
                            } else {
                                reconfigured.append(raw.newPath(j))
                            }
                        }
                        base += raw.newStart(t + 1) - newStart
                    }
                }
            }
        }
        reconfigured.sort()

        // Stage 3: sections, moves off one longest increasing run.
        let sectionKeep = try m.sectionsKeptInPlace(workspace: workspace)
        var sectionMoved: [Move<Int>] = []
        var sectionUpdated: [Int] = []
        var sectionInserted: [Int] = []
        var position = 0
        for s in 0..<old.sectionCount where m.sectionOldToNew(s) != none {
            let t = Int(m.sectionOldToNew(s))
            if sectionKeep[s] == 0 { sectionMoved.append(Move(source: position, destination: t)) }
            if m.sectionUpdated(old: s, new: t) { sectionUpdated.append(t) }
            position += 1
        }
        for t in 0..<new.sectionCount where m.sectionNewToOld(t) == none { sectionInserted.append(t) }
        sectionUpdated.sort()

        // Stage 4: rows, sources after stage 3 (section t, rank among the
        // carried rows of the old section), destinations new paths.
        let (rowKeep, rowsKept) = try m.rowsKeptInPlace(filled: workspace)
        var moved = Array.reusing(&workspace.movedRows)
        var inserted = Array.reusing(&workspace.insertedRows)
        inserted.reserveCapacity(max(0, new.rowCount - m.pairedRowCount))
        // With no section deleted every paired row is carried: when all of
        // them stay in place nothing moves, and when every new row is
        // paired nothing is inserted (an app's usual render), so those
        // passes are skipped.
        let anySectionDeleted = !sectionDeleted.isEmpty
        let anyMove = anySectionDeleted || rowsKept != m.pairedRowCount
        let anyInsert = anySectionDeleted || new.rowCount != m.pairedRowCount
        if anyMove {
            m.withRaw { raw in
                rowKeep.withUnsafeBufferPointer { keep in
                    for s in 0..<old.sectionCount where raw.sectionOldToNew[s] != none {
                        let t = Int(raw.sectionOldToNew[s])
                        var rank = 0
                        for i in raw.oldStart(s)..<raw.oldStart(s + 1) {
                            let j = raw.rowOldToNew[i]
                            guard j != none else { continue }
                            if keep[i] == 0 {
                                moved.append(
                                    Move(source: ElementPath(section: t, row: rank), destination: raw.newPath(Int(j))))
                            }
                            rank += 1
                        }
                    }
                }
            }
        }
        if anyInsert {
            m.withRaw { raw in
                // A paired new row is carried unless its old section was
                // deleted: with no section deleted (the usual render), being
                // paired is enough, and the old row's section is not read.
                for t in 0..<new.sectionCount where raw.sectionNewToOld[t] != none {
                    let start = raw.newStart(t)
                    for j in start..<raw.newStart(t + 1) {
                        let i = raw.rowNewToOld[j]
                        if i == none || (anySectionDeleted && !raw.isCarried(old: Int(i))) {
                            inserted.append(ElementPath(section: t, row: j - start))
                        }
                    }
                }
            }
        }
        // Built once, the lists moved in, then kept from it for the next
        // diff (see DiffWorkspace.deletedRows): one retain each (kept from
        // the locals first, each cost two retains and a release).
        let update = BatchUpdate(
            sectionDeleted: consume sectionDeleted, sectionInserted: consume sectionInserted,
            sectionUpdated: consume sectionUpdated, sectionMoved: consume sectionMoved,
            elementDeleted: consume deleted, elementInserted: consume inserted, elementUpdated: consume updated,
            elementMoved: consume moved, elementReconfigured: consume reconfigured)
        update.keepElementLists(in: workspace)
        workspace.sectionKeep = sectionKeep
        workspace.rowKeep = rowKeep
        self.update = update
        updateStyle = style
    }
}
