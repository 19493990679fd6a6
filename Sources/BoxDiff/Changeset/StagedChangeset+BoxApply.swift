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
    /// applying every stage in turn to its source gives its target.
    ///
    /// - Precondition: the calls are within range of `box` and `data`.
    /// - Complexity: O(sections + rows of the touched sections + calls · log calls).
    public func applied<S, R>(to box: Box<S, R>) -> Box<S, R> where Data == Box<S, R> {
        let before = box.sections
        let after = data.sections
        let sectionDeletes = Set(sectionDeleted).sorted()
        let sectionInserts = Set(sectionInserted).sorted()
        let gone = Set(sectionDeleted).union(sectionUpdated).union(sectionMoved.map(\.source))

        // Origins: `n >= 0` the data's section n; `-1 - s` the old section s.
        var fixed: [(index: Int, origin: Int)] = sectionInserts.map { ($0, $0) }
        for s in Set(sectionUpdated).sorted() {
            let target = BatchSimulation.shift(s, removing: sectionDeletes, inserting: sectionInserts)
            fixed.append((target, target))
        }
        fixed += sectionMoved.map { ($0.destination, -1 - $0.source) }
        let stayers = before.indices.filter { !gone.contains($0) }.map { -1 - $0 }
        let layout = mergeFixed(fixed, stayers: stayers)

        // Rows leaving each old section, arriving in each new one.
        var removed: [Int: Set<Int>] = [:]
        for p in elementDeleted { removed[p.section, default: []].insert(p.row) }
        for move in elementMoved { removed[move.source.section, default: []].insert(move.source.row) }
        for p in elementUpdated { removed[p.section, default: []].insert(p.row) }
        var arriving: [Int: [(index: Int, origin: Node<R>)]] = [:]
        for p in Set(elementInserted).sorted() {
            arriving[p.section, default: []].append((p.row, after[p.section].rows[p.row]))
        }
        for move in elementMoved {
            arriving[move.destination.section, default: []].append(
                (move.destination.row, before[move.source.section].rows[move.source.row]))
        }
        let insertRows = Dictionary(grouping: Set(elementInserted), by: \.section).mapValues { $0.map(\.row).sorted() }
        let deleteRows = Dictionary(grouping: Set(elementDeleted), by: \.section).mapValues { $0.map(\.row).sorted() }
        for p in Set(elementUpdated).sorted() {
            let section = BatchSimulation.shift(p.section, removing: sectionDeletes, inserting: sectionInserts)
            let row = BatchSimulation.shift(p.row, removing: deleteRows[p.section] ?? [], inserting: insertRows[section] ?? [])
            arriving[section, default: []].append((row, after[section].rows[row]))
        }

        var result: [Section<S, R>] = []
        result.reserveCapacity(layout.count)
        for (index, origin) in layout.enumerated() {
            if origin >= 0 {
                result.append(after[origin])
            } else {
                let s = -1 - origin
                var section = before[s]
                if removed[s] != nil || arriving[index] != nil {
                    let leaving = removed[s] ?? []
                    let kept = section.rows.indices.filter { !leaving.contains($0) }.map { section.rows[$0] }
                    section.rows = mergeFixed(arriving[index] ?? [], stayers: kept)
                }
                result.append(section)
            }
        }
        for p in elementReconfigured { result[p.section].rows[p.row] = after[p.section].rows[p.row] }
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
