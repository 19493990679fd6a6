// Raw views of a matching's maps and tables (no reference held), for the
// plans' loops over every row, and the rows an inserted section brings.
extension BoxMatching {
    /// Raw views of the maps and tables, for the plans' loops over every
    /// row; valid only inside ``withRaw(_:)``.
    @frozen @usableFromInline
    struct Raw {
        @usableFromInline let sectionOldToNew: UnsafePointer<UInt32>
        @usableFromInline let sectionNewToOld: UnsafePointer<UInt32>
        @usableFromInline let rowOldToNew: UnsafePointer<UInt32>
        @usableFromInline let rowNewToOld: UnsafePointer<UInt32>
        @usableFromInline let oldWords: UnsafePointer<UInt64>
        @usableFromInline let newWords: UnsafePointer<UInt64>
        /// Where things are in the old and new tables' words (plain
        /// integers: a Raw holds no reference, so making one retains
        /// nothing).
        @usableFromInline let old: IdentityTable.Layout
        @usableFromInline let new: IdentityTable.Layout

        @inlinable init(
            _ m: BoxMatching, pairs: UnsafePointer<UInt32>, old: UnsafePointer<UInt64>, new: UnsafePointer<UInt64>
        ) {
            sectionOldToNew = pairs
            sectionNewToOld = pairs + m.old.sectionCount
            rowOldToNew = m.rowOldToNewMap
            rowNewToOld = m.rowNewToOldMap
            oldWords = old
            newWords = new
            self.old = m.old.layout
            self.new = m.new.layout
        }

        /// Where old section `s`'s rows start.
        @inlinable func oldStart(_ s: Int) -> Int { Int(truncatingIfNeeded: oldWords[old.offsetsStart &+ s]) }
        /// Where new section `t`'s rows start.
        @inlinable func newStart(_ t: Int) -> Int { Int(truncatingIfNeeded: newWords[new.offsetsStart &+ t]) }
        /// The section of old flat row `i`.
        @inlinable func oldSection(_ i: Int) -> Int { old.section(i, in: oldWords) }
        /// The section of new flat row `j`.
        @inlinable func newSection(_ j: Int) -> Int { new.section(j, in: newWords) }
        /// Old row `i`'s content hash.
        @inlinable func oldContent(_ i: Int) -> UInt64 { oldWords[old.rowContentsStart &+ i] }
        /// New row `j`'s content hash.
        @inlinable func newContent(_ j: Int) -> UInt64 { newWords[new.rowContentsStart &+ j] }
        /// Whether old row `i` is paired and its section survives.
        @inlinable func isCarried(old i: Int) -> Bool {
            rowOldToNew[i] != BoxMatching.none && sectionOldToNew[oldSection(i)] != BoxMatching.none
        }
        /// The new path of new flat row `j`.
        @inlinable func newPath(_ j: Int) -> ElementPath {
            let t = newSection(j)
            return ElementPath(section: t, row: j - newStart(t))
        }
        /// The old path of old flat row `i`.
        @inlinable func oldPath(_ i: Int) -> ElementPath {
            let s = oldSection(i)
            return ElementPath(section: s, row: i - oldStart(s))
        }
    }

    /// The rows of an inserted section that arrive with it: those not
    /// carried over from a surviving old section (moved in by stage 4).
    @frozen @usableFromInline
    struct UncarriedRows: RowFilter {
        @usableFromInline let raw: Raw
        /// The section's first new flat row.
        @usableFromInline let newStart: Int
        @inlinable init(_ raw: Raw, newStart: Int) {
            self.raw = raw
            self.newStart = newStart
        }
        @inlinable func keeps(_ row: Int) -> Bool {
            let i = raw.rowNewToOld[newStart &+ row]
            return i == BoxMatching.none || !raw.isCarried(old: Int(i))
        }
    }

    /// Calls `body` with raw views of the maps and both tables.
    @inlinable
    func withRaw<T, E: Error>(_ body: (Raw) throws(E) -> T) throws(E) -> T {
        try old.withWords { (o) throws(E) in
            try new.withWords { (n) throws(E) in
                try body(Raw(self, pairs: pairs, old: o.baseAddress!, new: n.baseAddress!))
            }
        }
    }
}
