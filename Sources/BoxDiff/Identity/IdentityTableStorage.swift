/// The words of an ``IdentityTable`` after its layout, in one object: the
/// table's one allocation, which a Box's cache publishes as it is (a
/// separate array in a published entry object was an allocation, a
/// retain and a release more per table).
@usableFromInline
final class IdentityTableStorage: ManagedBuffer<IdentityTableStorage.Header, UInt64> {
    /// The table's layout, enough to rebuild an ``IdentityTable`` from the
    /// object alone.
    @frozen @usableFromInline
    struct Header {
        /// How many words follow.
        @usableFromInline let wordCount: Int
        /// ``IdentityTable/sectionCount``.
        @usableFromInline let sectionCount: Int
        /// ``IdentityTable/rowCount``.
        @usableFromInline let rowCount: Int
        /// ``IdentityTable/exactRowContentKind``, set once the rows are
        /// hashed.
        @usableFromInline var exactRowContentKind: ObjectIdentifier?

        @inlinable
        init(wordCount: Int, sectionCount: Int, rowCount: Int) {
            self.wordCount = wordCount
            self.sectionCount = sectionCount
            self.rowCount = rowCount
            exactRowContentKind = nil
        }
    }

    /// A storage object with room for `header.wordCount` words, not
    /// initialized (a trivial type: the builder writes every one).
    @inlinable
    static func make(_ header: Header) -> IdentityTableStorage {
        unsafeDowncast(create(minimumCapacity: header.wordCount) { _ in header }, to: IdentityTableStorage.self)
    }
}

extension IdentityTableStorage {
    /// How many words a table of `sectionCount` sections and `rowCount`
    /// rows takes (see ``Parts``).
    @inlinable
    static func wordCount(sectionCount: Int, rowCount: Int) -> Int {
        3 &* sectionCount &+ 2 &* rowCount &+ 1 &+ (rowCount &+ 1) / 2
    }

    /// Where each part of a table's words starts, in the order
    /// ``IdentityTable`` documents: section ids, section contents, row ids,
    /// row contents, the `sectionCount + 1` section row offsets, then each
    /// row's section as a 32-bit value, two per word. For the code that
    /// writes a new table (a Box's, a sectioned diff's side).
    @frozen @usableFromInline
    struct Parts {
        @usableFromInline let sectionIDs: UnsafeMutablePointer<UInt64>
        @usableFromInline let sectionContents: UnsafeMutablePointer<UInt64>
        @usableFromInline let rowIDs: UnsafeMutablePointer<UInt64>
        @usableFromInline let rowContents: UnsafeMutablePointer<UInt64>
        @usableFromInline let offsets: UnsafeMutablePointer<UInt64>
        @usableFromInline let rowSectionWords: UnsafeMutablePointer<UInt64>

        /// The parts of the words at `base`; the packed row sections are
        /// zeroed (the odd last half too), every other word is left for the
        /// caller to write.
        @inlinable @inline(__always)
        init(_ base: UnsafeMutablePointer<UInt64>, sectionCount: Int, rowCount: Int) {
            sectionIDs = base
            sectionContents = base + sectionCount
            rowIDs = base + 2 * sectionCount
            rowContents = rowIDs + rowCount
            offsets = rowContents + rowCount
            rowSectionWords = offsets + sectionCount + 1
            rowSectionWords.initialize(repeating: 0, count: (rowCount + 1) / 2)
        }

        /// Records rows `start ..< end` as section `s` in the packed row
        /// sections at `rowSectionWords` (section 0's rows need nothing:
        /// the words start at 0). An odd first row shares its word with the
        /// previous section's last row.
        @inlinable @inline(__always)
        static func markRows(
            _ start: Int, _ end: Int, section s: Int, in rowSectionWords: UnsafeMutablePointer<UInt64>
        ) {
            guard s > 0 else { return }
            let low = UInt64(truncatingIfNeeded: s)
            var row = start
            if row & 1 == 1 && row < end {
                rowSectionWords[row &>> 1] |= low &<< 32
                row += 1
            }
            let both = low | (low &<< 32)
            while row + 1 < end {
                rowSectionWords[row &>> 1] = both
                row += 2
            }
            if row < end { rowSectionWords[row &>> 1] = low }
        }
    }
}
