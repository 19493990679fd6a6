extension BoxSingleBatchPlan {
    /// The calls of a single-batch diff of one section on each side, the
    /// same section (paired, its header and footer unchanged): the calls
    /// of its rows as the flat API lays them out (``FlatSingleBatch``),
    /// from the core's own deletes, inserts and minimal moves, which the
    /// matching asked for (``BoxMatching/rowsHaveLayout``); for a matching
    /// of which ``hasOneSection(_:)`` holds (the general plan lays out the
    /// others).
    ///
    /// With one section there is no section call, no row moves between
    /// sections and no re-created section, so the general plan's rules
    /// come down to the flat layout's, plus, with ``UpdateStyle/reload``,
    /// the re-bound rows (incomparable on both sides, see
    /// ``BoxMatching/rowRebinds(old:new:)``) reconfigured at their new
    /// paths after the batch instead of reloaded. The calls can differ
    /// from the general plan's in which rows move: both move the rows off
    /// one longest run, and the core breaks ties its own way
    /// (SingleBatchPlanTests checks them with the batch-update validator
    /// and against the fewest moves). A list of one section is an app's
    /// usual screen: this skips the general plan's per-section passes, its
    /// longest-run call and its scratch. (The plan's initializer asks
    /// ``hasOneSection(_:)`` first and stores these calls as they are
    /// returned: returned as an optional, or written over an empty batch,
    /// they were copied or the empty batch's nine lists released.)
    static func oneSectionUpdate(
        _ m: borrowing BoxMatching, style: UpdateStyle, workspace: borrowing DiffWorkspace
    ) -> BatchUpdate {
        let reload = style == .reload
        // Old paths of the updated rows (ascending), and with reloads the
        // new paths of the re-bound ones. With reconfigures the flat layout
        // takes the workspace's reconfigure list itself.
        var updated = Array.reusing(&workspace.updatedRows)
        var rebound: [ElementPath] = reload ? Array.reusing(&workspace.reconfiguredRows) : []
        let rowCount = m.old.rowCount
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
                        rebound.append(ElementPath(section: 0, row: Int(j)))
                    } else {
                        updated.append(ElementPath(section: 0, row: i))
                    }
                }
            }
        }
        // In old order: out of new order only where a re-bound row moved.
        if reload { sortIfNeeded(&rebound) }
        let update = FlatSingleBatch.update(
            result: m.rowResult, updated: &updated, style: style, workspace: workspace, reconfigured: consume rebound)
        Array.keep(updated, in: &workspace.updatedRows)
        if reload { Array.keep(update.elementReconfigured, in: &workspace.reconfiguredRows) }
        return update
    }

    /// Whether ``oneSectionUpdate(_:style:workspace:)`` lays out `m`: one
    /// section on each side, the same one, its header and footer
    /// unchanged, with the core's layout of the rows.
    static func hasOneSection(_ m: borrowing BoxMatching) -> Bool {
        m.rowsHaveLayout && m.sectionOldToNew(0) == 0 && !m.sectionUpdated(old: 0, new: 0)
    }
}
