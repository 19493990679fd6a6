import BoxDiff

/// The calls of a Box changeset that re-bind rather than report a change,
/// read off the changeset and the two Boxes through the public API alone
/// (not the diff's tables): reconfigures of rows whose component is
/// incomparable (content hash 0) in the old Box and in the stage's data,
/// and reloads of sections whose content hash is 0 on both sides. What
/// `DiffOptions.reloadThreshold` leaves out of its count.
public enum BoxRebinds {
    /// What an old section or row was, carried through a replay.
    private struct Origin: Hashable, Sendable {
        /// The old section's index, or the old row's index in the whole Box.
        var index: Int
    }

    /// The re-binds of `changeset`, diffed from `old` (in either mode).
    /// Each call's old partner is found by replaying the stages (``BoxStageReplay``) on
    /// a copy of `old` whose headers and rows carry their origin, so that
    /// duplicate ids pair as the changeset pairs them: a section reload's at
    /// its index before the stage's batch, a reconfigured row's at its path
    /// after the batch.
    public static func count<S, R>(of changeset: StagedChangeset<Box<S, R>>, from old: Box<S, R>) -> Int {
        guard !changeset.reloadsEverything else { return 0 }
        let oldRows = old.sections.flatMap(\.rows)
        var flat = 0
        var traced = Box(
            sections: old.sections.enumerated().map { s, section in
                Section(
                    id: section.id, header: Component(Origin(index: s)),
                    rows: section.rows.map { row in
                        defer { flat += 1 }
                        return Node(id: row.id, component: Component(Origin(index: flat)))
                    })
            })
        func origin(_ component: Component?) -> Int? { (component?.value as? Origin)?.index }
        var count = 0
        for stage in changeset {
            let data = stage.data.sections
            for index in stage.sectionUpdated {
                // UIKit's target of a reload: shifted by the batch's section
                // deletes and inserts.
                var t = index - stage.sectionDeleted.filter { $0 < index }.count
                for n in stage.sectionInserted.sorted() where n <= t { t += 1 }
                guard index >= 0, index < traced.sections.count, t < data.count,
                    let s = origin(traced.sections[index].header), old.sections[s].contentHash == 0,
                    data[t].contentHash == 0
                else { continue }
                count += 1
            }
            guard let next = try? BoxStageReplay.apply(stage, to: traced, reconfiguring: false) else { return count }
            traced = next
            for path in stage.elementReconfigured {
                guard path.section >= 0, path.section < data.count, path.section < traced.sections.count,
                    path.row >= 0, path.row < data[path.section].rows.count,
                    path.row < traced.sections[path.section].rows.count,
                    let i = origin(traced.sections[path.section].rows[path.row].component),
                    oldRows[i].component.contentHash == 0, data[path.section].rows[path.row].component.contentHash == 0
                else { continue }
                count += 1
            }
        }
        return count
    }
}
