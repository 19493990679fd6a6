extension BoxStagedPlan {
    /// The stages, each with its intermediate Box; empty stages omitted,
    /// the last stage's data equal to `target`. `m` is the matching the
    /// plan was made from. `cancellation`: checked every 16,384 rows or so
    /// that the update and delete steps copy (between sections), and after
    /// each of those two steps (see ``DiffCancellation``).
    @inlinable
    consuming func stages<S, R, C: DiffCancellation>(
        _ m: borrowing BoxMatching, source: Box<S, R>, target: Box<S, R>, keepsSourceHeaders: Bool,
        cancellation: C
    ) throws(DiffError) -> [Changeset<Box<S, R>>] {
        typealias B = Box<S, R>
        let none = BoxMatching.none
        var stages: [Changeset<B>] = []
        // At most 5 stages: one allocation instead of growing 1, 2, 4.
        if update.hasChanges { stages.reserveCapacity(5) }

        // The last stage's data is the target itself: it is not built
        // (an app's usual render changes one thing, so has one stage);
        // each stage below takes `target` when it is `lastStage`.
        // Each list moves out of the consumed plan into the stage that
        // carries it, at its last use (`Array.take`): a copy was an atomic
        // retain, and the plan's release of it another.
        let shape = self.shape
        let hasDeleteStage = shape.hasDeleteStage
        let hasSectionStage = shape.hasSectionStage
        let hasRowStage = shape.hasRowStage
        let reconfiguresWithRows = shape.reconfiguresWithRows
        let hasReconfigureStage = shape.hasReconfigureStage
        let lastStage = shape.lastStage

        // 1. Updates (reload style): the old Box with the updated rows' new
        // nodes. Each touched section's rows are copied once, explicitly
        // (not by copy-on-write through a subscript), then patched in place;
        // a section whose rows are the target's, in order, takes the
        // target's rows instead (see ``survivorsAreTargetRows``).
        let layout = NodeLayout<R>()
        let anyReconfigured = !update.elementReconfigured.isEmpty
        var current = source.sections
        // Checks the cancellation every 16,384 copied rows or so.
        var gate = CancellationGate()
        if !update.elementUpdated.isEmpty && lastStage > 1 {
            var copied = -1
            var shared = false
            var nextDelete = 0
            for p in update.elementUpdated {
                if p.section != copied {
                    copied = p.section
                    if gate.stops(after: current[p.section].rows.count, cancellation) { throw .cancelled }
                    let t = Int(m.sectionOldToNew(p.section))
                    // Stage 1 still shows the rows stage 2 deletes.
                    shared =
                        Self.deleteCount(inSection: p.section, of: update.elementDeleted, cursor: &nextDelete) == 0
                        && (!anyReconfigured || !Self.hasPath(inSection: t, update.elementReconfigured))
                        && Self.survivorsAreTargetRows(m, old: p.section, new: t, deletes: 0)
                    current[p.section].rows =
                        shared
                        ? target.sections[t].rows : layout.copies(of: current[p.section].rows, keeping: AllRows())
                }
                if shared { continue }
                let q = m.newPath(Int(m.rowOldToNew(m.old.rowStart(p.section) + p.row)))
                current[p.section].rows[p.row] = target.sections[q.section].rows[q.row]
            }
        }
        if !update.elementUpdated.isEmpty {
            stages.append(
                Changeset(
                    data: lastStage == 1 ? target : B(uncachedSections: current),
                    elementUpdated: Array.take(&update.elementUpdated))
            )
        }

        // 2. Deletes (the sections array is rebuilt only when something is
        // deleted).
        try cancellation.check()
        var survivors = current
        if hasDeleteStage && lastStage > 2 {
            survivors = []
            survivors.reserveCapacity(current.count - update.sectionDeleted.count)
            var nextDelete = 0
            for s in current.indices where m.sectionOldToNew(s) != none {
                var section = current[s]
                let start = m.old.rowStart(s)
                let deletes = Self.deleteCount(inSection: s, of: update.elementDeleted, cursor: &nextDelete)
                if deletes > 0 {
                    if gate.stops(after: section.rows.count, cancellation) { throw .cancelled }
                    let t = Int(m.sectionOldToNew(s))
                    let shared =
                        (!anyReconfigured || !Self.hasPath(inSection: t, update.elementReconfigured))
                        && Self.survivorsAreTargetRows(m, old: s, new: t, deletes: deletes)
                    if shared {
                        section.rows = target.sections[t].rows
                    } else {
                        // The old rows' map, read without bounds checks.
                        section.rows = layout.copies(of: section.rows, keeping: PairedRows(m.rowOldToNewMap + start))
                    }
                }
                survivors.append(section)
            }
        }
        if hasDeleteStage {
            stages.append(
                Changeset(
                    data: lastStage == 2 ? target : B(uncachedSections: survivors),
                    sectionDeleted: Array.take(&update.sectionDeleted),
                    elementDeleted: Array.take(&update.elementDeleted)))
        }

        // 3. Section inserts (with their new rows) and moves.
        try cancellation.check()
        var arranged = survivors
        if hasSectionStage && lastStage > 3 {
            var positionAfterDeletes = [Int](filling: -1, count: m.old.sectionCount)
            var position = 0
            for s in 0..<m.old.sectionCount where m.sectionOldToNew(s) != none {
                positionAfterDeletes[s] = position
                position += 1
            }
            arranged = m.withRaw { raw in
                target.sections.indices.map { t in
                    let s = raw.sectionNewToOld[t]
                    if s != none { return survivors[positionAfterDeletes[Int(s)]] }
                    var section = target.sections[t]
                    // An inserted section arrives with its rows not carried
                    // from a surviving section: all of them (the usual new
                    // section) share the target's rows, else a copy keeps them.
                    let arriving = BoxMatching.UncarriedRows(raw, newStart: raw.newStart(t))
                    let count = raw.newStart(t + 1) - raw.newStart(t)
                    if (0..<count).contains(where: { !arriving.keeps($0) }) {
                        section.rows = layout.copies(of: section.rows, keeping: arriving)
                    }
                    return section
                }
            }
        }
        if hasSectionStage {
            stages.append(
                Changeset(
                    data: lastStage == 3 ? target : B(uncachedSections: arranged),
                    sectionInserted: Array.take(&update.sectionInserted),
                    sectionMoved: Array.take(&update.sectionMoved)))
        }

        // 4. Row inserts and moves: the target's rows under the old headers;
        // rows reconfigured in stage 5 still show their old nodes. With
        // reloads, re-bound rows are reconfigured right after this batch
        // instead (their new nodes in its data), which saves a stage.
        // Updated sections keep their old headers and footers until the
        // section-update stage; the others are the target's, equal by
        // content. With `keepsSourceHeaders` (given with
        // `rowContentChanged`: the Box route of the sectioned diff, kept in
        // the tests as the oracle of its direct one, whose stages show the
        // source's models as DifferenceKit does) every paired section
        // keeps its old ones, as in stages 2 and 3. (A Box keeps the
        // target's: copying every header back cost a copy of the sections
        // array and two reference counts a section, +11% at 20 rows in 5
        // sections.)
        var settled = target.sections
        func keepSourceHeaders(_ t: Int) {
            guard m.sectionNewToOld(t) != none else { return }
            let s = Int(m.sectionNewToOld(t))
            settled[t].header = source.sections[s].header
            settled[t].footer = source.sections[s].footer
        }
        if keepsSourceHeaders {
            for t in settled.indices { keepSourceHeaders(t) }
        } else {
            for t in update.sectionUpdated { keepSourceHeaders(t) }
        }
        if hasRowStage {
            var withOldNodes = settled
            if !reconfiguresWithRows {
                for q in update.elementReconfigured {
                    let p = m.oldPath(Int(m.rowNewToOld(m.new.rowStart(q.section) + q.row)))
                    withOldNodes[q.section].rows[q.row] = source.sections[p.section].rows[p.row]
                }
            }
            stages.append(
                Changeset(
                    data: lastStage == 4 ? target : B(uncachedSections: withOldNodes),
                    elementInserted: Array.take(&update.elementInserted),
                    elementMoved: Array.take(&update.elementMoved),
                    elementReconfigured: reconfiguresWithRows ? Array.take(&update.elementReconfigured) : []))
        }

        // 5. Reconfigures, after the last structural stage.
        if hasReconfigureStage {
            stages.append(
                Changeset(
                    data: lastStage == 5 ? target : B(uncachedSections: settled),
                    elementReconfigured: Array.take(&update.elementReconfigured)))
        }

        // 6. Section reloads.
        if !update.sectionUpdated.isEmpty {
            stages.append(Changeset(data: target, sectionUpdated: Array.take(&update.sectionUpdated)))
        }
        return stages
    }

    /// Which of the six stages a plan has (empty ones are omitted), and
    /// the number of its last one, whose data is the target.
    @frozen @usableFromInline
    struct Shape {
        /// Stage 2: section or row deletes.
        @usableFromInline let hasDeleteStage: Bool
        /// Stage 3: section inserts or moves.
        @usableFromInline let hasSectionStage: Bool
        /// Stage 4: row inserts or moves.
        @usableFromInline let hasRowStage: Bool
        /// Whether stage 4 carries the reconfigures (re-bound rows, with
        /// ``UpdateStyle/reload``), so that there is no stage 5.
        @usableFromInline let reconfiguresWithRows: Bool
        /// Stage 5: reconfigures after the last structural stage.
        @usableFromInline let hasReconfigureStage: Bool
        /// The number (1 to 6) of the last stage.
        @usableFromInline let lastStage: Int

        @inlinable @inline(__always)
        init(_ update: BatchUpdate, style: UpdateStyle) {
            hasDeleteStage = !update.sectionDeleted.isEmpty || !update.elementDeleted.isEmpty
            hasSectionStage = !update.sectionInserted.isEmpty || !update.sectionMoved.isEmpty
            hasRowStage = !update.elementInserted.isEmpty || !update.elementMoved.isEmpty
            reconfiguresWithRows = style == .reload && hasRowStage
            hasReconfigureStage = !update.elementReconfigured.isEmpty && !reconfiguresWithRows
            lastStage =
                !update.sectionUpdated.isEmpty
                ? 6 : hasReconfigureStage ? 5 : hasRowStage ? 4 : hasSectionStage ? 3 : hasDeleteStage ? 2 : 1
        }
    }

    /// The plan's stages (see ``Shape``).
    @inlinable
    var shape: Shape {
        @inline(__always) get { Shape(update, style: updateStyle) }
    }

    /// Whether the rows of old section `s` that survive its deletes are, in
    /// order, the rows of new section `t`: no row of `t` is inserted, moved
    /// in or moved within, and none of `s` moves out. Then stages 1 and 2
    /// can hold the target's rows of `t` for `s` instead of a copy (its
    /// unchanged rows' new nodes are equal to their old ones), unless a
    /// row of `t` is reconfigured (it shows its old node until then).
    /// `deletes`: how many rows of `s` are deleted (tested first: as many
    /// rows must be left as `t` has). Stops at the first row out of place.
    /// (Static: a method of the consumed plan copied its whole update,
    /// nine lists.)
    @inlinable
    static func survivorsAreTargetRows(_ m: borrowing BoxMatching, old s: Int, new t: Int, deletes: Int) -> Bool {
        guard m.old.rowStart(s + 1) - m.old.rowStart(s) - deletes == m.new.rowStart(t + 1) - m.new.rowStart(t) else {
            return false
        }
        let map = m.rowOldToNewMap
        var next = UInt32(truncatingIfNeeded: m.new.rowStart(t))
        for i in m.old.rowStart(s)..<m.old.rowStart(s + 1) {
            let j = map[i]
            if j == BoxMatching.none { continue }
            if j != next { return false }
            next &+= 1
        }
        return Int(next) == m.new.rowStart(t + 1)
    }

    /// Whether `paths` (sorted by section, as the plan's reconfigures are)
    /// holds a path in section `section`: a binary search. (A linear
    /// `contains` here, asked once per section with updates or deletes, made
    /// the plan quadratic in sections: every row of a Bento screen is
    /// re-bound, so the list holds every paired row.)
    @inlinable
    static func hasPath(inSection section: Int, _ paths: borrowing [ElementPath]) -> Bool {
        paths.withUnsafeBufferPointer { buffer in
            let i = BoxSingleBatchPlan.firstIndex(ofSection: section, in: buffer)
            return i < buffer.count && buffer[i].section == section
        }
    }

    /// How many rows of `deleted` (sorted by path) lie in section `s`;
    /// `cursor` is moved past them, skipping earlier sections' rows (so
    /// sections are asked in increasing order).
    @inlinable
    static func deleteCount(inSection s: Int, of deleted: borrowing [ElementPath], cursor: inout Int) -> Int {
        deleted.withUnsafeBufferPointer { deleted in
            while cursor < deleted.count && deleted[cursor].section < s { cursor += 1 }
            let first = cursor
            while cursor < deleted.count && deleted[cursor].section == s { cursor += 1 }
            return cursor - first
        }
    }
}
