import BoxDiff

/// The calls of a Box changeset that re-bind rather than report a change,
/// read off the changeset and the two Boxes through the public API alone
/// (not the diff's tables): reconfigures of rows whose component is
/// incomparable (content hash 0) in the old Box and in the stage's data,
/// and reloads of sections whose content hash is 0 on both sides. What
/// `DiffOptions.reloadThreshold` leaves out of its count.
public enum BoxRebinds {
    /// The re-binds of `changeset`, diffed from `old` in `mode` (section
    /// reloads are at old indices in one batch, at new indices staged).
    /// Rows and sections are paired by id (the first with that id).
    public static func count<S, R>(of changeset: StagedChangeset<Box<S, R>>, from old: Box<S, R>, mode: BatchMode)
        -> Int
    {
        guard !changeset.reloadsEverything else { return 0 }
        func oldNode(_ id: R) -> Node<R>? {
            for section in old.sections { if let node = section.rows.first(where: { $0.id == id }) { return node } }
            return nil
        }
        func section(_ id: S, in box: Box<S, R>) -> Section<S, R>? { box.sections.first { $0.id == id } }
        var count = 0
        for stage in changeset {
            let data = stage.data.sections
            for path in stage.elementReconfigured {
                guard path.section >= 0, path.section < data.count, path.row >= 0,
                    path.row < data[path.section].rows.count
                else { continue }
                let node = data[path.section].rows[path.row]
                if node.component.contentHash == 0, let partner = oldNode(node.id), partner.component.contentHash == 0 {
                    count += 1
                }
            }
            for index in stage.sectionUpdated {
                let from = mode == .singleBatch ? old.sections : data
                guard index >= 0, index < from.count, from[index].contentHash == 0,
                    let partner = section(from[index].id, in: mode == .singleBatch ? stage.data : old),
                    partner.contentHash == 0
                else { continue }
                count += 1
            }
        }
        return count
    }
}
