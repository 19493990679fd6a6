/// UIKit's processing of one batch, on shapes only (spec, "How UIKit
/// processes one batch"): the calls are collected, out-of-range and
/// conflicting ones set aside (the validator's rule checks report them),
/// duplicates merged, row deletes inside deleted sections and row inserts
/// inside inserted sections dropped, and every reload given the target
/// UIKit computes for it.
///
/// The one model of a batch in the package: `Changeset.applied(to:)` lays
/// out a Box with it (`sectionLayout()`, `rowLayout(of:at:count:)`), the
/// Box plans use its index arithmetic (`shift`), and the validator
/// (BoxDiffValidation) checks UIKit's rules and replays identities on it.
///
/// Nothing here allocates in proportion to a row count, so absurd shapes
/// (`Int.max` rows) cost nothing; section arrays are as long as the shapes.
package struct BatchSimulation {
    /// Rows per section before the batch (O), negative counts read as 0.
    package let old: [Int]
    /// Rows per section after the batch (N), negative counts read as 0.
    package let new: [Int]

    /// Section deletes in range, distinct, ascending (O).
    package let sectionDeletes: [Int]
    /// Section inserts in range, distinct, ascending (N).
    package let sectionInserts: [Int]
    /// Section reloads in range and not also deleted, distinct, ascending (O).
    package let sectionReloads: [Int]
    /// Section reload source (O) to the target UIKit computes (N): shifted by
    /// section deletes and inserts, not by moves.
    package let sectionReloadTargets: [Int: Int]
    /// Section moves in range whose source is neither deleted nor reloaded;
    /// the first move wins for a given source and for a given destination.
    package let sectionMoves: [Move<Int>]
    /// UIKit's O → N section map, moves included; `nil` for deleted and
    /// reloaded sections and past the end of an inconsistent batch.
    package let sectionMap: [Int?]
    /// N → O: the O section whose rows an N section carries, `nil` for an
    /// inserted section or a section reload's target.
    package let sectionSource: [Int?]
    /// O → N where each section really ends up: as `sectionMap`, except that
    /// a reloaded section stays in the flow like an unchanged one.
    package let trueSectionMap: [Int?]

    /// Row deletes in range, outside deleted and reloaded sections:
    /// O section → distinct rows, ascending.
    package let rowDeletes: [Int: [Int]]
    /// Row inserts in range, outside inserted sections and section reload
    /// targets: N section → distinct rows, ascending.
    package let rowInserts: [Int: [Int]]
    /// Row reloads in range, outside deleted and reloaded sections, neither
    /// deleted nor moved: distinct, ascending (O).
    package let rowReloads: [ElementPath]
    /// Row reload source (O) to the target `r'` UIKit computes (N).
    package let rowReloadTargets: [ElementPath: ElementPath]
    /// Row moves in range whose source is not deleted; the first move wins
    /// for a given source and for a given destination.
    package let rowMoves: [Move<ElementPath>]
    /// `rowMoves` grouped by the O section of their source.
    package let rowMovesBySource: [Int: [Move<ElementPath>]]
    /// `rowMoves` grouped by the N section of their destination.
    package let rowMovesByDestination: [Int: [Move<ElementPath>]]
    /// `rowReloads` grouped by their O section.
    package let rowReloadsBySection: [Int: [ElementPath]]
    /// The sources of `rowReloadTargets`, grouped by the N section of their target.
    package let rowReloadsByTargetSection: [Int: [ElementPath]]
    /// O section → the rows leaving it (deletes and move sources), ascending;
    /// what `truePosition(ofRowAt:)` shifts by, gathered once per batch.
    package let rowsLeaving: [Int: [Int]]
    /// N section → the rows placed in it (inserts and move destinations),
    /// distinct, ascending.
    package let rowsArriving: [Int: [Int]]

    /// Simulates the batch made of `update`'s calls (O: deletes, reloads,
    /// move sources; N: inserts, move destinations) between the `old` and
    /// `new` shapes. Reconfigures are not part of a batch.
    package init(update: BatchUpdate, old rawOld: [Int], new rawNew: [Int]) {
        let old = rawOld.map { max(0, $0) }
        let new = rawNew.map { max(0, $0) }
        self.old = old
        self.new = new

        // Sections.
        let sectionDeletes = Self.distinctSorted(update.sectionDeleted.filter { old.indices.contains($0) })
        let deletedSet = Set(sectionDeletes)
        let sectionInserts = Self.distinctSorted(update.sectionInserted.filter { new.indices.contains($0) })
        let sectionReloads = Self.distinctSorted(
            update.sectionUpdated.filter { old.indices.contains($0) && !deletedSet.contains($0) })
        let reloadedSet = Set(sectionReloads)
        var sectionReloadTargets: [Int: Int] = [:]
        for section in sectionReloads {
            sectionReloadTargets[section] = Self.shift(section, removing: sectionDeletes, inserting: sectionInserts)
        }
        let sectionMoves = Self.firstPerEnd(
            update.sectionMoved.filter {
                old.indices.contains($0.source) && new.indices.contains($0.destination)
                    && !deletedSet.contains($0.source) && !reloadedSet.contains($0.source)
            })
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionReloads = sectionReloads
        self.sectionReloadTargets = sectionReloadTargets
        self.sectionMoves = sectionMoves

        // Section maps: the fixed N slots, the other O sections filling the gaps.
        let movedSources = Set(sectionMoves.map(\.source))
        var uikitFixed: [(index: Int, origin: Int?)] = sectionInserts.map { ($0, nil) }
        uikitFixed += sectionReloads.compactMap { s in sectionReloadTargets[s].map { ($0, nil) } }
        uikitFixed += sectionMoves.map { ($0.destination, $0.source) }
        let uikitStayers = old.indices.filter {
            !deletedSet.contains($0) && !reloadedSet.contains($0) && !movedSources.contains($0)
        }
        let sectionSource = mergeFixed(uikitFixed, stayers: uikitStayers.map { Optional($0) })
        var sectionMap = [Int?](repeating: nil, count: old.count)
        for (newIndex, origin) in sectionSource.enumerated() {
            if let origin { sectionMap[origin] = newIndex }
        }
        self.sectionSource = sectionSource
        self.sectionMap = sectionMap

        var trueFixed: [(index: Int, origin: Int?)] = sectionInserts.map { ($0, nil) }
        trueFixed += sectionMoves.map { ($0.destination, $0.source) }
        let trueStayers = old.indices.filter { !deletedSet.contains($0) && !movedSources.contains($0) }
        var trueSectionMap = [Int?](repeating: nil, count: old.count)
        for (newIndex, origin) in mergeFixed(trueFixed, stayers: trueStayers.map { Optional($0) }).enumerated() {
            if let origin { trueSectionMap[origin] = newIndex }
        }
        self.trueSectionMap = trueSectionMap

        // Rows.
        func inOld(_ p: ElementPath) -> Bool { old.indices.contains(p.section) && p.row >= 0 && p.row < old[p.section] }
        func inNew(_ p: ElementPath) -> Bool { new.indices.contains(p.section) && p.row >= 0 && p.row < new[p.section] }
        let goneSections = deletedSet.union(reloadedSet)
        let freshSections = Set(sectionInserts).union(sectionReloadTargets.values)

        let deletes = Set(update.elementDeleted.filter { inOld($0) && !goneSections.contains($0.section) })
        let inserts = Set(update.elementInserted.filter { inNew($0) && !freshSections.contains($0.section) })
        let rowMoves = Self.firstPerEnd(
            update.elementMoved.filter { inOld($0.source) && inNew($0.destination) && !deletes.contains($0.source) })
        let moveSources = Set(rowMoves.map(\.source))
        let rowReloads = Set(
            update.elementUpdated.filter {
                inOld($0) && !goneSections.contains($0.section) && !deletes.contains($0)
                    && !moveSources.contains($0)
            }
        ).sorted()
        let rowDeletes = Self.grouped(deletes)
        let rowInserts = Self.grouped(inserts)
        var rowReloadTargets: [ElementPath: ElementPath] = [:]
        for path in rowReloads {
            let section = Self.shift(path.section, removing: sectionDeletes, inserting: sectionInserts)
            let row = Self.shift(
                path.row, removing: rowDeletes[path.section] ?? [], inserting: rowInserts[section] ?? [])
            rowReloadTargets[path] = ElementPath(section: section, row: row)
        }
        self.rowDeletes = rowDeletes
        self.rowInserts = rowInserts
        self.rowMoves = rowMoves
        self.rowMovesBySource = Dictionary(grouping: rowMoves, by: \.source.section)
        self.rowMovesByDestination = Dictionary(grouping: rowMoves, by: \.destination.section)
        self.rowReloadsBySection = Dictionary(grouping: rowReloads, by: \.section)
        self.rowReloadsByTargetSection = Dictionary(grouping: rowReloads) { rowReloadTargets[$0]?.section ?? -1 }
        self.rowReloads = rowReloads
        self.rowReloadTargets = rowReloadTargets

        // Deletes and move sources never overlap (a deleted row's move is
        // dropped); inserts and move destinations may (rule 9).
        var leaving = rowDeletes
        var arriving = rowInserts
        for move in rowMoves {
            leaving[move.source.section, default: []].append(move.source.row)
            arriving[move.destination.section, default: []].append(move.destination.row)
        }
        for section in Set(rowMoves.map(\.source.section)) { leaving[section]?.sort() }
        for section in Set(rowMoves.map(\.destination.section)) {
            arriving[section] = arriving[section].map(Self.distinctSorted)
        }
        self.rowsLeaving = leaving
        self.rowsArriving = arriving
    }

    /// Whether `path` names a row of the N shape.
    package func isInNew(_ path: ElementPath) -> Bool {
        new.indices.contains(path.section) && path.row >= 0 && path.row < new[path.section]
    }

    /// Where the row at O path `path` really ends up (moves considered,
    /// reloads staying in the flow), or `nil` when the batch is too
    /// inconsistent for that to be known. O(log² calls).
    package func truePosition(ofRowAt path: ElementPath) -> ElementPath? {
        guard trueSectionMap.indices.contains(path.section),
            let section = trueSectionMap[path.section], new.indices.contains(section)
        else { return nil }
        let row = Self.shift(
            path.row, removing: rowsLeaving[path.section] ?? [], inserting: rowsArriving[section] ?? [])
        guard row >= 0, row < new[section] else { return nil }
        return ElementPath(section: section, row: row)
    }

    // MARK: Helpers

    /// `x` shifted down by the `removed` indexes at or before it and then up
    /// by the `inserted` indexes at or before it, taken in ascending order:
    /// how UIKit maps an O index to N (spec step 3). Both arrays ascending
    /// and distinct.
    ///
    /// The second half is "the `y`-th position not taken by an insert",
    /// found by binary search: O(log² n).
    package static func shift(_ x: Int, removing removed: [Int], inserting inserted: [Int]) -> Int {
        let base = x - countAtOrBelow(x, in: removed)
        // The smallest y >= base with `y - (inserts <= y) >= base`; that
        // quantity never decreases as y grows, and y = base + inserts meets it.
        var low = base
        var high = base > Int.max - inserted.count ? Int.max : base + inserted.count
        while low < high {
            let mid = low + (high - low) / 2
            if mid - countAtOrBelow(mid, in: inserted) >= base { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// How many elements of the ascending array `sorted` are `<= x`.
    package static func countAtOrBelow(_ x: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = low + (high - low) / 2
            if sorted[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// `values` without repeats, ascending.
    package static func distinctSorted(_ values: [Int]) -> [Int] {
        Set(values).sorted()
    }

    /// Paths grouped by section, rows distinct and ascending.
    package static func grouped(_ paths: Set<ElementPath>) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for path in paths { result[path.section, default: []].append(path.row) }
        for key in result.keys { result[key]?.sort() }
        return result
    }

    /// The moves left once a later move reusing a source or a destination of
    /// an earlier one is dropped.
    package static func firstPerEnd<Index>(_ moves: [Move<Index>]) -> [Move<Index>] {
        var sources = Set<Index>()
        var destinations = Set<Index>()
        return moves.filter { move in
            guard !sources.contains(move.source), !destinations.contains(move.destination) else { return false }
            sources.insert(move.source)
            destinations.insert(move.destination)
            return true
        }
    }
}

/// Lays out the elements of a list after a batch: each fixed element at its
/// index (in ascending order, ties in the given order), the stayers filling
/// the gaps in their old order. Never leaves a hole: a fixed index past the
/// end lands at the end, stayers beyond the last fixed index follow it.
func mergeFixed<T>(_ fixed: [(index: Int, origin: T)], stayers: [T]) -> [T] {
    let ordered = fixed.enumerated().sorted {
        $0.element.index != $1.element.index ? $0.element.index < $1.element.index : $0.offset < $1.offset
    }.map(\.element)
    var result: [T] = []
    result.reserveCapacity(fixed.count + stayers.count)
    var nextFixed = 0
    var nextStayer = 0
    while nextFixed < ordered.count || nextStayer < stayers.count {
        if nextFixed < ordered.count, ordered[nextFixed].index <= result.count || nextStayer == stayers.count {
            result.append(ordered[nextFixed].origin)
            nextFixed += 1
        } else {
            result.append(stayers[nextStayer])
            nextStayer += 1
        }
    }
    return result
}

extension Array where Element == Int {
    /// Merges `other` (ascending, with nothing already in this ascending
    /// array) into this array, in place from the back: no second buffer.
    mutating func mergeAscending<Other: BidirectionalCollection<Int>>(_ other: Other) {
        guard !other.isEmpty else { return }
        var i = count - 1
        var j = other.index(before: other.endIndex)
        append(contentsOf: repeatElement(0, count: other.count))
        var w = count - 1
        while true {
            if i >= 0 && self[i] > other[j] {
                self[w] = self[i]
                i -= 1
            } else {
                self[w] = other[j]
                if j == other.startIndex { return }
                other.formIndex(before: &j)
            }
            w -= 1
        }
    }
}
