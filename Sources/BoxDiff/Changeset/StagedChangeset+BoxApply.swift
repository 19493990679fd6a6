extension Changeset {
    /// Applies this stage's calls to `box` the way UIKit applies a batch to
    /// its cells, taking inserted, reloaded and reconfigured rows and
    /// sections from the stage's `data`:
    ///
    /// - sections: deletes (old indices) go; moved sections keep their rows
    ///   and header; inserted sections come from `data`; a reloaded section
    ///   is replaced by `data`'s section at the index UIKit computes (shifted
    ///   by section deletes and inserts, moves ignored);
    /// - rows of each kept section: deletes and move sources go, inserts
    ///   come from `data` at their new path, moved rows keep their node
    ///   (possibly across sections), a reloaded row is replaced by `data`'s
    ///   row at the `r'` UIKit computes; the other rows keep their order;
    /// - then reconfigured rows take `data`'s node at their new path.
    ///
    /// For a valid stage the result equals `data`; for a valid changeset,
    /// applying every stage in turn to its source gives its target. The
    /// layout is the package's one model of a batch, the one the validator
    /// (BoxDiffValidation) checks UIKit's rules on.
    ///
    /// An invalid stage (one the validator reports) still gives a Box,
    /// never a trap: calls out of range are left out (deletes, reloads and
    /// move sources of `box`; inserts, move destinations and reconfigures
    /// of `data`), and when the calls do not add up, a reloaded row whose
    /// target UIKit would compute outside `data` keeps its old node and a
    /// reconfigure of a row the result does not have is left out.
    ///
    /// - Complexity: O(sections + rows of the touched sections + calls · log calls).
    public func applied<S, R>(to box: Box<S, R>) -> Box<S, R> where Data == Box<S, R> {
        let before = box.sections
        let after = data.sections
        let batch = BatchSimulation(update: batchUpdate, old: before.map(\.rows.count), new: after.map(\.rows.count))
        var result: [Section<S, R>] = []
        for (index, origin) in batch.sectionLayout().enumerated() {
            switch origin {
            case .inserted(let n), .reloaded(_, at: let n):
                result.append(after[n])
            case .carried(let s):
                var section = before[s]
                if batch.changesRows(of: s, at: index) {
                    let fresh = after.indices.contains(index) ? after[index].rows : []
                    section.rows = batch.rowLayout(of: s, at: index, count: section.rows.count).map { row in
                        switch row {
                        case .inserted(let r): fresh[r]
                        // UIKit's target of a reload lies outside `data` when
                        // the section calls do not add up: the row stays.
                        case .reloaded(let p, at: let r):
                            fresh.indices.contains(r) ? fresh[r] : before[p.section].rows[p.row]
                        case .carried(let p): before[p.section].rows[p.row]
                        }
                    }
                }
                result.append(section)
            }
        }
        for p in batchUpdate.elementReconfigured
        where result.indices.contains(p.section) && result[p.section].rows.indices.contains(p.row)
            && after.indices.contains(p.section) && after[p.section].rows.indices.contains(p.row)
        {
            result[p.section].rows[p.row] = after[p.section].rows[p.row]
        }
        return Box(sections: result)
    }
}

extension StagedChangeset {
    /// Replays every stage on `source` (see ``Changeset/applied(to:)``):
    /// the target Box for a valid changeset. A ``reloadsEverything`` plan
    /// gives its stage's data (the target).
    ///
    /// ```swift
    /// let changeset = try StagedChangeset(source: old, target: new)
    /// changeset.applied(to: old) == new   // true
    /// ```
    /// - Complexity: the sum of the stages' ``Changeset/applied(to:)``.
    public func applied<S, R>(to source: Box<S, R>) -> Box<S, R> where Data == Box<S, R> {
        if reloadsEverything { return stages.last?.data ?? source }
        return stages.reduce(source) { box, stage in stage.applied(to: box) }
    }
}
