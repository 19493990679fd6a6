extension BoxSingleBatchPlan {
    /// The calls of a single-batch diff of one section on each side, the
    /// same section (paired, its header and footer unchanged), or of the
    /// same sections in the same order, all unchanged, where no paired row
    /// changes section: the calls of the rows as the flat API lays them
    /// out (``FlatSingleBatch``), from the core's own deletes, inserts and
    /// minimal moves over the flat rows, which the matching asked for
    /// (``BoxMatching/rowsHaveLayout``), each path then in its section;
    /// for a matching of which ``hasFlatLayout(_:)`` holds (the general
    /// plan lays out the others).
    ///
    /// Then there is no section call, no row moves between sections and no
    /// re-created section, so the general plan's rules come down to the
    /// flat layout's. The flat layout is valid section by section: each
    /// section's paired rows are the same on both sides, so a row's rank
    /// among the rows before it (staying, deleted or inserted) differs
    /// from its rank within its section by the same count on both sides
    /// (rule 11's test agrees), and the rows off the flat longest run are
    /// off it within their section too. Plus, with ``UpdateStyle/reload``,
    /// the re-bound rows (incomparable on both sides, see
    /// ``BoxMatching/rowRebinds(old:new:)``) reconfigured at their new
    /// paths after the batch instead of reloaded. The calls can differ
    /// from the general plan's in which rows move: both move the rows off
    /// one longest run, and the core breaks ties its own way
    /// (SingleBatchPlanTests checks them with the batch-update validator
    /// and against the fewest moves). A list of one section is an app's
    /// usual screen, and a few sections whose rows change in place the
    /// next most usual: this skips the general plan's per-section passes,
    /// its longest-run call and its scratch. (The plan's initializer asks
    /// ``hasFlatLayout(_:)`` first and stores these calls as they are
    /// returned: returned as an optional, or written over an empty batch,
    /// they were copied or the empty batch's nine lists released.)
    static func flatLayoutUpdate(
        _ m: borrowing BoxMatching, style: UpdateStyle, workspace: borrowing DiffWorkspace
    ) -> BatchUpdate {
        let reload = style == .reload
        // Old paths of the updated rows (ascending), and with reloads the
        // new paths of the re-bound ones. With reconfigures the flat layout
        // takes the workspace's reconfigure list itself.
        var updated = Array.reusing(&workspace.updatedRows)
        var rebound: [ElementPath] = reload ? Array.reusing(&workspace.reconfiguredRows) : []
        let rowCount = m.old.rowCount
        // Several sections: the paths mapped to their sections by the
        // layout (``FlatSectionPaths``), the re-bound rows' new paths in
        // their sections at once.
        let multiple = m.old.sectionCount > 1
        m.withRaw { raw in
            m.patchedRowContents.withUnsafeBufferPointer { patched in
                // The old contents to compare: the patched copy when there
                // is one, else the table's.
                let oldContents = patched.isEmpty ? raw.oldWords + raw.old.rowContentsStart : patched.baseAddress!
                for i in 0..<rowCount {
                    let j = raw.rowOldToNew[i]
                    if j == BoxMatching.none { continue }
                    let a = oldContents[i]
                    let b = raw.newContent(Int(j))
                    guard a == 0 || a != b else { continue }
                    if reload && raw.oldContent(i) == 0 && b == 0 {
                        rebound.append(multiple ? raw.newPath(Int(j)) : ElementPath(section: 0, row: Int(j)))
                    } else {
                        updated.append(ElementPath(section: 0, row: i))
                    }
                }
            }
        }
        // In old order: out of new order only where a re-bound row moved.
        if reload { sortIfNeeded(&rebound) }
        let update =
            multiple
            ? m.withRaw { raw in
                // Moved out (`Array.take`): passed as it is, the captured
                // list was copied, a retain and a release.
                FlatSingleBatch.update(
                    result: workspace.result, updated: &updated, style: style, workspace: workspace,
                    reconfigured: Array.take(&rebound), sections: FlatSectionPaths(raw))
            }
            : FlatSingleBatch.update(
                result: workspace.result, updated: &updated, style: style, workspace: workspace,
                reconfigured: consume rebound)
        Array.keep(updated, in: &workspace.updatedRows)
        if reload { Array.keep(update.elementReconfigured, in: &workspace.reconfiguredRows) }
        return update
    }

    /// Whether ``flatLayoutUpdate(_:style:workspace:)`` lays out `m`: the
    /// core's layout of the rows, which the matching asks for only with the
    /// same sections in order (``BoxMatching/sectionsInOrder``; most often
    /// one section on each side), every header and footer unchanged and no
    /// paired row in another section than its partner's.
    /// - Complexity: O(sections), plus O(rows) for several sections.
    @inline(__always)
    static func hasFlatLayout(_ m: borrowing BoxMatching) -> Bool {
        // The layout implies the sections in order, as many on each side.
        guard m.rowsHaveLayout else { return false }
        // One section: no row can change section.
        if m.old.sectionCount == 1 { return !m.sectionUpdated(old: 0, new: 0) }
        return sectionsStayUnchanged(m)
    }

    /// Whether no section of `m`, whose sections are the same in order, has
    /// a changed header or footer, and no paired row changes section.
    static func sectionsStayUnchanged(_ m: borrowing BoxMatching) -> Bool {
        let count = m.old.sectionCount
        for s in 0..<count where m.sectionUpdated(old: s, new: s) { return false }
        return m.withRaw { raw in
            for s in 0..<count {
                let start = raw.newStart(s)
                let end = raw.newStart(s + 1)
                for i in m.old.rowStart(s)..<m.old.rowStart(s + 1) {
                    let j = raw.rowOldToNew[i]
                    if j != BoxMatching.none && (Int(j) < start || Int(j) >= end) { return false }
                }
            }
            return true
        }
    }
}
