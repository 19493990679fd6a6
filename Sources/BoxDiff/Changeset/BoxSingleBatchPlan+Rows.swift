// The single-batch plan's passes over a section's rows without a branch per
// row. A row is deleted, inserted or changed at random places in the list
// (a tenth of the rows in the usual render); a pass that branches on it
// mispredicts every such row, which costs more than the rest of the row's
// work. These passes write every row's path and advance their counts by
// the row's condition, so the only branches left are the loops'; the few
// rows that need more than that are then looked at one by one.

extension BoxSingleBatchPlan {
    /// Room for one section's rows for the branch-free passes: the paths
    /// and the row numbers they write. A workspace keeps one, grown to the
    /// longest section seen, never shrunk. Holds plain values only.
    final class RowScratch {
        /// One section's paths: the deletes of ``sortOldRows(section:start:end:newStart:newCount:raw:keep:oldContents:)``,
        /// the inserts of ``sortNewRows(section:start:end:raw:flags:checkingOldSections:)``.
        @exclusivity(unchecked) private(set) var paths: UnsafeMutablePointer<ElementPath>
        /// The old rows of one section to look at one by one.
        @exclusivity(unchecked) private(set) var rows: UnsafeMutablePointer<UInt32>
        /// For each old row of one section: how many of the section's
        /// unpaired rows come before it.
        @exclusivity(unchecked) private(set) var deletesBefore: UnsafeMutablePointer<UInt32>
        /// How many of each there is room for.
        @exclusivity(unchecked) private var capacity: Int
        /// For each new row of the live sections (by flat index): how many
        /// of its section's inserts written by ``sortNewRows(section:start:end:raw:flags:checkingOldSections:)``
        /// come before it.
        @exclusivity(unchecked) private(set) var insertsBefore: UnsafeMutablePointer<UInt32>
        /// How many new rows ``insertsBefore`` has room for.
        @exclusivity(unchecked) private var newCapacity: Int
        /// For each reload candidate of the plan (in its order): its row
        /// less its section's deletes before it.
        @exclusivity(unchecked) private(set) var candidateRanks: UnsafeMutablePointer<Int>
        /// The inserts of the moved and reloaded rows, which
        /// ``insertsBefore`` does not count (room for one per old row).
        @exclusivity(unchecked) private(set) var extraInserts: UnsafeMutablePointer<ElementPath>
        /// How many candidates ``candidateRanks`` (and inserts
        /// ``extraInserts``) has room for.
        @exclusivity(unchecked) private var oldCapacity: Int

        init() {
            capacity = 64
            paths = .allocate(capacity: capacity)
            rows = .allocate(capacity: capacity)
            deletesBefore = .allocate(capacity: capacity)
            newCapacity = 64
            insertsBefore = .allocate(capacity: newCapacity)
            oldCapacity = 64
            candidateRanks = .allocate(capacity: oldCapacity)
            extraInserts = .allocate(capacity: oldCapacity)
        }

        deinit {
            paths.deallocate()
            rows.deallocate()
            deletesBefore.deallocate()
            insertsBefore.deallocate()
            candidateRanks.deallocate()
            extraInserts.deallocate()
        }

        /// Room in ``candidateRanks`` and ``extraInserts`` for one per old row and in
        /// ``insertsBefore`` for one count per new row (the contents are
        /// not kept).
        @inline(__always)
        func reserve(oldRows: Int, newRows: Int) {
            if oldRows > oldCapacity || newRows > newCapacity { grow(oldRows: oldRows, newRows: newRows) }
        }

        private func grow(oldRows: Int, newRows: Int) {
            if oldRows > oldCapacity {
                oldCapacity = max(oldRows, 2 * oldCapacity)
                candidateRanks.deallocate()
                extraInserts.deallocate()
                candidateRanks = .allocate(capacity: oldCapacity)
                extraInserts = .allocate(capacity: oldCapacity)
            }
            if newRows > newCapacity {
                newCapacity = max(newRows, 2 * newCapacity)
                insertsBefore.deallocate()
                insertsBefore = .allocate(capacity: newCapacity)
            }
        }

        /// Room for at least `count` of each (the contents are not kept).
        @inline(__always)
        private func reserve(_ count: Int) {
            if count > capacity { grow(count) }
        }

        private func grow(_ count: Int) {
            let grown = max(count, 2 * capacity)
            paths.deallocate()
            rows.deallocate()
            deletesBefore.deallocate()
            paths = .allocate(capacity: grown)
            rows = .allocate(capacity: grown)
            deletesBefore = .allocate(capacity: grown)
            capacity = grown
        }

        /// Sorts out the old rows `start..<end` of live old section `s`
        /// (paired with new section `t`, whose `newCount` rows start at
        /// `newStart`): the unpaired rows' paths go to ``paths`` (deletes),
        /// and every paired row not simply kept in place (in `t`, on the
        /// longest run, with an equal, comparable content) to ``rows``; each
        /// row's count of unpaired rows before it to ``deletesBefore``.
        /// Returns how many of each.
        @inline(never)
        func sortOldRows(
            section s: Int, start: Int, end: Int, newStart: Int, newCount: UInt, raw: BoxMatching.Raw,
            keep: UnsafePointer<UInt8>, oldContents: UnsafePointer<UInt64>
        ) -> (deletes: Int, rows: Int) {
            reserve(end - start)
            let paths = paths
            let rows = rows
            let deletesBefore = deletesBefore
            let none = BoxMatching.none
            let newContents = raw.newWords + raw.new.rowContentsStart
            var deletes = 0
            var looked = 0
            for i in start..<end {
                let j32 = raw.rowOldToNew[i]
                let paired = j32 != none ? 1 : 0
                (paths + deletes).initialize(to: ElementPath(section: s, row: i &- start))
                (deletesBefore + (i &- start)).initialize(to: UInt32(truncatingIfNeeded: deletes))
                deletes &+= paired ^ 1
                // An unpaired row reads t's first row instead, or, t empty,
                // the table's next word (t's offset, or the offsets after
                // the last row): read, never used.
                let j = paired != 0 ? Int(j32) : newStart
                let inSection = UInt(bitPattern: j &- newStart) < newCount ? 1 : 0
                let a = oldContents[i]
                let b = newContents[j]
                let unchanged = (a != 0 ? 1 : 0) & (a == b ? 1 : 0)
                let kept = keep[i] != 0 ? 1 : 0
                (rows + looked).initialize(to: UInt32(truncatingIfNeeded: i))
                looked &+= paired & ((inSection & kept & unchanged) ^ 1)
            }
            return (deletes, looked)
        }

        /// Writes to ``paths`` the new rows `start..<end` of live new
        /// section `t` that are inserted: those with no old partner and,
        /// `checkingOldSections` (some old section is gone; the old side
        /// has rows), those whose partner's section is gone or re-created;
        /// and each row's count of those before it to ``insertsBefore``
        /// (at its flat index, room reserved with ``reserve(oldRows:newRows:)``).
        /// Returns how many.
        @inline(never)
        func sortNewRows(
            section t: Int, start: Int, end: Int, raw: BoxMatching.Raw, flags: UnsafePointer<UInt8>,
            checkingOldSections: Bool
        ) -> Int {
            reserve(end - start)
            let paths = paths
            let insertsBefore = insertsBefore
            let none = BoxMatching.none
            var inserts = 0
            if checkingOldSections {
                for j in start..<end {
                    let i32 = raw.rowNewToOld[j]
                    let paired = i32 != none ? 1 : 0
                    // An unpaired row reads row 0's section: never used.
                    let r = raw.oldSection(paired != 0 ? Int(i32) : 0)
                    let gone =
                        (raw.sectionOldToNew[r] == none ? 1 : 0)
                        | (flags[r] & BoxSingleBatchPlan.recreatedFlag != 0 ? 1 : 0)
                    (paths + inserts).initialize(to: ElementPath(section: t, row: j &- start))
                    (insertsBefore + j).initialize(to: UInt32(truncatingIfNeeded: inserts))
                    inserts &+= (paired ^ 1) | (paired & gone)
                }
            } else {
                for j in start..<end {
                    (paths + inserts).initialize(to: ElementPath(section: t, row: j &- start))
                    (insertsBefore + j).initialize(to: UInt32(truncatingIfNeeded: inserts))
                    inserts &+= raw.rowNewToOld[j] == none ? 1 : 0
                }
            }
            return inserts
        }

        /// `list[..<count]` (the moved and reloaded rows' inserts) copied to
        /// ``extraInserts`` in path order; the copy.
        func sortedExtraInserts(_ list: [ElementPath], count: Int) -> UnsafeBufferPointer<ElementPath> {
            guard count > 0 else { return UnsafeBufferPointer(start: extraInserts, count: 0) }
            var extras = UnsafeMutableBufferPointer(start: extraInserts, count: count)
            list.withUnsafeBufferPointer { list in
                for k in 0..<count { (extraInserts + k).initialize(to: list[k]) }
            }
            extras.sort()
            return UnsafeBufferPointer(extras)
        }

        /// Appends to `list` the first `count` of ``paths``: one by one
        /// for a few (the generic bulk append costs more for them).
        @inline(__always)
        func appendPaths(_ count: Int, to list: inout [ElementPath]) {
            if count <= 8 {
                for k in 0..<count { list.append(paths[k]) }
            } else {
                list.append(contentsOf: UnsafeBufferPointer(start: paths, count: count))
            }
        }

        /// Appends to `deleted` the deletes of ``sortOldRows(section:start:end:newStart:newCount:raw:keep:oldContents:)``
        /// (the first `count` of ``paths``, ascending) from `flushed` on
        /// whose row is below `row`, and moves `flushed` past them: before
        /// another delete of the section at `row`, they stay in row order.
        @inline(__always)
        func appendDeletes(_ flushed: inout Int, upTo row: Int, of count: Int, to deleted: inout [ElementPath]) {
            var end = flushed
            while end < count && paths[end].row < row { end += 1 }
            if end == flushed { return }
            if flushed == 0 && end == count {
                appendPaths(count, to: &deleted)
            } else {
                for k in flushed..<end { deleted.append(paths[k]) }
            }
            flushed = end
        }
    }
}
