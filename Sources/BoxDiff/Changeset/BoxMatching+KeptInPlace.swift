extension BoxMatching {
    /// Marks the old rows that stay in place within their section: of the
    /// rows whose partner is in their own section's partner, one longest
    /// run in increasing new order per section (all sections in one LIS
    /// call, each section's values offset above the previous ones'). The
    /// flags are the workspace's `rowKeep`, moved out (`Array.take`):
    /// put them back for the next diff.
    func rowsKeptInPlace(workspace: DiffWorkspace) throws(DiffError) -> [UInt8] {
        // Every value written in one pass (no fill first); a row is in its
        // section's new range or not (two compares, not a load of its
        // packed section).
        workspace.lisValues.resize(toOverwrite: old.rowCount)
        withRaw { raw in
            workspace.lisValues.withUnsafeMutableBufferPointer { values in
                var base = 0
                for s in 0..<old.sectionCount {
                    let start = raw.oldStart(s)
                    let end = raw.oldStart(s + 1)
                    let t = raw.sectionOldToNew[s]
                    guard t != Self.none else {
                        for i in start..<end { values[i] = Self.none }
                        continue
                    }
                    let newStart = raw.newStart(Int(t))
                    let newCount = raw.newStart(Int(t) + 1) - newStart
                    for i in start..<end {
                        let j = raw.rowOldToNew[i]
                        values[i] =
                            j != Self.none && UInt(bitPattern: Int(j) &- newStart) < UInt(bitPattern: newCount)
                            ? UInt32(truncatingIfNeeded: base + Int(j) - newStart) : Self.none
                    }
                    base += newCount
                }
            }
        }
        return try rowsKeptInPlace(filled: workspace).keep
    }

    /// ``rowsKeptInPlace(workspace:)`` once the caller filled
    /// `workspace.lisValues` itself (in a pass of its own over the old
    /// rows): runs the longest-run marking only. `kept`: how many rows
    /// stay in place. One run over the whole list, or for a long list of
    /// several sections, ``rowsKeptInPlaceBySection(filled:)``: below
    /// ``sectionLISMinimumRows`` the whole list's tails fit the first-level
    /// cache anyway, and one scan and one core call cost less than a scan
    /// and a call per section (+1.6% instructions at 500 rows in 5
    /// sections with the usual moves).
    func rowsKeptInPlace(filled workspace: DiffWorkspace) throws(DiffError) -> (keep: [UInt8], kept: Int) {
        if old.sectionCount >= 2 && old.rowCount >= Self.sectionLISMinimumRows {
            return try rowsKeptInPlaceBySection(filled: workspace)
        }
        let kept = try workspace.lisValues.withUnsafeBufferPointer { (v) throws(DiffError) in
            try Self.lis(v, into: &workspace.rowKeep, workspace: workspace)
        }
        return (Array.take(&workspace.rowKeep), kept)
    }

    /// The fewest old rows for which ``rowsKeptInPlace(filled:)`` works
    /// section by section.
    static let sectionLISMinimumRows = 16_384

    /// ``rowsKeptInPlace(filled:)`` section by section: a section's values
    /// all lie above the previous sections' (its offset), so one longest
    /// run of all of them is the sections' own longest runs end to end,
    /// and the patience search of the core picks the same run in a section
    /// alone as over all (each value of a section is above every tail the
    /// sections before it left). A section whose values already increase
    /// is marked in the pass that finds it out; the others go to the core
    /// one by one, whose search then stays in a section's tails (a few
    /// cache lines), not in a table of the whole list's (100,000 rows:
    /// 4% fewer second-level cache misses in the whole diff).
    func rowsKeptInPlaceBySection(filled workspace: DiffWorkspace) throws(DiffError) -> (keep: [UInt8], kept: Int) {
        let rowCount = old.rowCount
        let sectionCount = old.sectionCount
        workspace.rowKeep.refill(with: 0, count: rowCount)
        let core = workspace.core
        let kept: Int
        do throws(CoreFailure) {
            kept = try withRaw { (raw) throws(CoreFailure) in
                try workspace.lisValues.withUnsafeBufferPointer { (values) throws(CoreFailure) in
                    try workspace.rowKeep.withUnsafeMutableBufferPointer { (keep) throws(CoreFailure) in
                        var total = 0
                        var start = raw.oldStart(0)
                        for s in 0..<sectionCount {
                            let end = raw.oldStart(s + 1)
                            total += try Self.markRun(
                                UnsafeBufferPointer(rebasing: values[start..<end]),
                                keep: UnsafeMutableBufferPointer(rebasing: keep[start..<end]), core: core)
                            start = end
                        }
                        return total
                    }
                }
            }
        } catch {
            throw Pairing.error(error)
        }
        return (Array.take(&workspace.rowKeep), kept)
    }

    /// Marks the surviving old sections that stay in place (one longest
    /// run in increasing new order). The flags are the workspace's
    /// `sectionKeep`, moved out (`Array.take`): put them back for the
    /// next diff.
    func sectionsKeptInPlace(workspace: DiffWorkspace) throws(DiffError) -> [UInt8] {
        if sectionsInOrder {
            workspace.sectionKeep.refill(with: 1, count: old.sectionCount)
            return Array.take(&workspace.sectionKeep)
        }
        _ = try Self.lis(
            UnsafeBufferPointer(start: pairs, count: old.sectionCount), into: &workspace.sectionKeep,
            workspace: workspace)
        return Array.take(&workspace.sectionKeep)
    }

    /// Marks one longest strictly increasing run of `values` in `keep`
    /// (1: on it; `none` entries are never on it). When the values that
    /// are not `none` already increase (nothing moved: an identical or
    /// insert- and delete-only render), that run is all of them, marked in
    /// the pass that finds it out, with no call into the core. Returns the
    /// run's length.
    @discardableResult
    static func lis(
        _ values: UnsafeBufferPointer<UInt32>, into keep: inout [UInt8], workspace: DiffWorkspace
    ) throws(DiffError) -> Int {
        keep.refill(with: 0, count: values.count)
        do throws(CoreFailure) {
            return try keep.withUnsafeMutableBufferPointer { (k) throws(CoreFailure) in
                try markRun(values, keep: k, core: workspace.core)
            }
        } catch {
            throw Pairing.error(error)
        }
    }

    /// Marks one longest strictly increasing run of `values` in `keep`
    /// (zeroed by the caller): in the pass that finds the values already
    /// increasing, else by the core (which clears `keep` first). Returns
    /// the run's length.
    @inline(__always)
    static func markRun(
        _ values: UnsafeBufferPointer<UInt32>, keep: UnsafeMutableBufferPointer<UInt8>, core: CoreWorkspace
    ) throws(CoreFailure) -> Int {
        var next: UInt32 = 0
        var length = 0
        for i in values.indices {
            let v = values[i]
            if v == none { continue }
            guard v >= next else { return try CCore.markLIS(values, keep: keep, workspace: core) }
            keep[i] = 1
            next = v &+ 1
            length += 1
        }
        return length
    }
}
