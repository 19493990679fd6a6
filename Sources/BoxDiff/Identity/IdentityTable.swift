/// The flat form of a ``Box`` that a diff reads: identity and content
/// hashes of every section and every row, in one contiguous buffer (one
/// allocation per table).
///
/// Rows are numbered flat, section after section: section `s` owns the
/// rows ``rowRange(ofSection:)``, and ``section(ofRow:)`` maps back. The
/// per-element accessors read the buffer in place; the array properties
/// (``rowIDs``, ``rowContents``, ...) return copies. Identity hashes follow BoxDiff's identity
/// hashing (integers by their bits; strings in canonical form, `UUID`s and
/// byte arrays through XXH3, all stable across processes; other types
/// through `hashValue`, stable only within one process); content hashes
/// are ``Component/contentHash`` and ``Section/contentHash``, where 0 means
/// "cannot be compared, always changed". Equal content hashes only propose
/// "unchanged": a diff confirms them with the components' `==`.
///
/// A Box computes its table once and caches it (``Box/identityTable``), so
/// the old side of the next diff costs nothing.
///
/// ```swift
/// let table = box.identityTable
/// table.rowCount(inSection: 0)
/// table.rowContent(at: table.rowStart(ofSection: 1))  // section 1's first row
/// ```
///
/// `@unchecked Sendable`: its storage (a `ManagedBuffer`, which is not
/// `Sendable`) is written only while the table is built, before any
/// other thread can see it, and never after.
@frozen
public struct IdentityTable: @unchecked Sendable, Hashable {
    /// Every hash of the table in one buffer (one allocation, one
    /// reference to copy, and the object a Box's cache publishes as it
    /// is), in this order: section ids, section contents, row ids, row
    /// contents, the section row offsets (`sectionCount + 1` words), then
    /// each row's section as a 32-bit value, two per word. Read through
    /// ``withWords(_:)`` and ``word(_:)``.
    @usableFromInline let storage: IdentityTableStorage
    /// The number of sections.
    public let sectionCount: Int
    /// The number of rows over all sections.
    public let rowCount: Int
    /// The storage class of every row's component when all rows share one
    /// whose content hash is exact (such as `UInt64`): then two tables with
    /// the same kind need no `==` to confirm equal content hashes. `nil`
    /// otherwise (mixed, inexact or no rows).
    @usableFromInline let exactRowContentKind: ObjectIdentifier?

    /// Where the row ids start in the table's words (``withWords(_:)``).
    @inlinable var rowIDsStart: Int { 2 &* sectionCount }
    /// Where the row contents start in the table's words (``withWords(_:)``).
    @usableFromInline let rowContentsStart: Int
    /// Where the section row offsets start in the table's words (``withWords(_:)``).
    @usableFromInline let offsetsStart: Int
    /// Where the rows' sections start in the table's words (``withWords(_:)``).
    @usableFromInline let rowSectionsStart: Int

    /// The table of `box`, computed (not taken from the cache).
    /// - Complexity: O(sections + rows), plus hashing the identities and
    ///   contents.
    @inlinable
    public init<SectionID, RowID>(_ box: borrowing Box<SectionID, RowID>) {
        self.init(box, cancellation: NeverCancelled())!
    }

    /// The same, checking `cancellation` at section boundaries every
    /// ``rowsBetweenChecks`` rows or so (``CancellationGate``); `nil` when
    /// it says to stop.
    @inlinable @inline(__always)
    init?<SectionID, RowID, C: DiffCancellation>(_ box: borrowing Box<SectionID, RowID>, cancellation: C) {
        let sections = box.sections
        let sectionCount = sections.count
        var total = 0
        for s in sections.indices { total += sections[s].rows.count }
        let rowCount = total
        self.sectionCount = sectionCount
        self.rowCount = rowCount
        rowContentsStart = 2 * sectionCount + rowCount
        offsetsStart = 2 * sectionCount + 2 * rowCount
        rowSectionsStart = 3 * sectionCount + 2 * rowCount + 1
        let wordCount = IdentityTableStorage.wordCount(sectionCount: sectionCount, rowCount: rowCount)
        let layout = NodeLayout<RowID>()
        var kinds = Component.RowKinds()
        let storage = IdentityTableStorage.make(
            IdentityTableStorage.Header(wordCount: wordCount, sectionCount: sectionCount, rowCount: rowCount))
        // Every word is written below (the buffer is uninitialized memory
        // of a trivial type), unless the build stops (then the storage is
        // dropped unread).
        var stopped = false
        storage.withUnsafeMutablePointerToElements { base in
            let parts = IdentityTableStorage.Parts(base, sectionCount: sectionCount, rowCount: rowCount)
            let sectionIDs = parts.sectionIDs
            let sectionContents = parts.sectionContents
            let rowIDs = parts.rowIDs
            let rowContents = parts.rowContents
            let offsets = parts.offsets
            let rowSectionWords = parts.rowSectionWords
            var k = 0
            var gate = CancellationGate()
            for s in 0..<sectionCount {
                if gate.stops(after: k - gate.rows, cancellation) {
                    stopped = true
                    break
                }
                // Each field read in place: a copy of the section
                // (`let section = sections[s]`) retained and released its
                // rows, header and footer, atomically.
                sectionIDs[s] = IdentityHashing.hash(sections[s].id)
                sectionContents[s] = sections[s].contentHash
                offsets[s] = UInt64(truncatingIfNeeded: k)
                layout.withRows(sections[s].rows) { count, rows in
                    for r in 0..<count {
                        rowIDs[k + r] = IdentityHashing.hash(rows.id(r).pointee)
                    }
                    if count > 0 {
                        Component.contentHashes(
                            first: rows.component(0), stride: layout.stride, count: count, into: rowContents + k,
                            kinds: &kinds)
                        IdentityTableStorage.Parts.markRows(k, k + count, section: s, in: rowSectionWords)
                    }
                    k += count
                }
            }
            offsets[sectionCount] = UInt64(truncatingIfNeeded: k)
        }
        if stopped { return nil }
        let exactKind = kinds.exactKind
        storage.withUnsafeMutablePointerToHeader { $0.pointee.exactRowContentKind = exactKind }
        self.storage = storage
        exactRowContentKind = exactKind
    }

    /// The table whose words and layout `storage` holds (a published one).
    @inlinable
    init(storage: IdentityTableStorage) {
        // Through the pointer: `header` is a class's stored `var`, each
        // read of it a dynamic exclusivity check (a runtime call).
        let header = storage.withUnsafeMutablePointerToHeader { $0.pointee }
        self.storage = storage
        sectionCount = header.sectionCount
        rowCount = header.rowCount
        exactRowContentKind = header.exactRowContentKind
        rowContentsStart = 2 * header.sectionCount + header.rowCount
        offsetsStart = 2 * header.sectionCount + 2 * header.rowCount
        rowSectionsStart = 3 * header.sectionCount + 2 * header.rowCount + 1
    }

    /// How many words the table holds (from the layout, not read from the
    /// storage's header: see ``init(storage:)``).
    @inlinable var wordCount: Int { 3 &* sectionCount &+ 2 &* rowCount &+ 1 &+ (rowCount &+ 1) &>> 1 }

    /// `body` on every word of the table, in place.
    @inlinable
    func withWords<R, E: Error>(_ body: (UnsafeBufferPointer<UInt64>) throws(E) -> R) throws(E) -> R {
        // The storage lives as long as `self`, which the call borrows.
        let base = storage.withUnsafeMutablePointerToElements { UnsafePointer($0) }
        defer { _fixLifetime(storage) }
        return try body(UnsafeBufferPointer(start: base, count: wordCount))
    }

    /// Word `i` of the table (bounds checked).
    @inlinable
    func word(_ i: Int) -> UInt64 {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: wordCount), "BoxDiff: identity table index out of range")
        return storage.withUnsafeMutablePointerToElements { $0[i] }
    }

    /// The identity hash of section `section`.
    /// - Precondition: `0 <= section < sectionCount`.
    public func sectionID(at section: Int) -> UInt64 {
        checkUsage(section >= 0 && section < sectionCount, "BoxDiff: section index out of range")
        return word(section)
    }

    /// The content hash (header and footer) of section `section`; 0:
    /// incomparable.
    /// - Precondition: `0 <= section < sectionCount`.
    public func sectionContent(at section: Int) -> UInt64 {
        checkUsage(section >= 0 && section < sectionCount, "BoxDiff: section index out of range")
        return sectionContent(section)
    }

    /// The identity hash of flat row `row` (rows counted section after
    /// section).
    /// - Precondition: `0 <= row < rowCount`.
    public func rowID(at row: Int) -> UInt64 {
        checkUsage(row >= 0 && row < rowCount, "BoxDiff: row index out of range")
        return word(rowIDsStart &+ row)
    }

    /// The content hash of flat row `row`; 0: incomparable.
    /// - Precondition: `0 <= row < rowCount`.
    public func rowContent(at row: Int) -> UInt64 {
        checkUsage(row >= 0 && row < rowCount, "BoxDiff: row index out of range")
        return rowContent(row)
    }

    /// Where section `section`'s rows start in the flat row order;
    /// `rowStart(ofSection: sectionCount)` is ``rowCount``.
    /// - Precondition: `0 <= section <= sectionCount`.
    public func rowStart(ofSection section: Int) -> Int {
        checkUsage(section >= 0 && section <= sectionCount, "BoxDiff: section index out of range")
        return rowStart(section)
    }

    /// The flat rows of section `section`.
    /// - Precondition: `0 <= section < sectionCount`.
    public func rowRange(ofSection section: Int) -> Range<Int> {
        // Checked before `section + 1`, which overflows at `Int.max`.
        checkUsage(section >= 0 && section < sectionCount, "BoxDiff: section index out of range")
        return rowRange(section)
    }

    /// The section of flat row `row`.
    /// - Precondition: `0 <= row < rowCount`.
    /// - Complexity: O(1).
    public func section(ofRow row: Int) -> Int {
        checkUsage(row >= 0 && row < rowCount, "BoxDiff: row index out of range")
        return section(row)
    }

    // The diff's own reads: the index is in range by construction (the
    // buffer's bounds check still applies).

    /// ``sectionContent(at:)`` for an index known to be in range.
    @inlinable func sectionContent(_ s: Int) -> UInt64 { word(sectionCount &+ s) }
    /// ``rowContent(at:)`` for an index known to be in range.
    @inlinable func rowContent(_ i: Int) -> UInt64 { word(rowContentsStart &+ i) }
    /// ``rowStart(ofSection:)`` for an index known to be in range.
    @inlinable func rowStart(_ s: Int) -> Int { Int(truncatingIfNeeded: word(offsetsStart &+ s)) }
    /// ``rowRange(ofSection:)`` for an index known to be in range.
    @inlinable func rowRange(_ s: Int) -> Range<Int> {
        rowStart(s)..<Int(truncatingIfNeeded: word(offsetsStart &+ s &+ 1))
    }
    /// ``section(ofRow:)`` for an index known to be in range.
    @inlinable func section(_ i: Int) -> Int { Self.section(i, packedIn: word(rowSectionsStart &+ (i &>> 1))) }
    /// Where things are in the table's words (``withWords(_:)``), for reading them through a raw
    /// pointer without holding the table.
    @frozen @usableFromInline
    struct Layout {
        /// Where the row contents start.
        @usableFromInline let rowContentsStart: Int
        /// Where the section row offsets start.
        @usableFromInline let offsetsStart: Int
        /// Where the rows' sections start.
        @usableFromInline let rowSectionsStart: Int

        @inlinable init(rowContentsStart: Int, offsetsStart: Int, rowSectionsStart: Int) {
            self.rowContentsStart = rowContentsStart
            self.offsetsStart = offsetsStart
            self.rowSectionsStart = rowSectionsStart
        }

        /// ``IdentityTable/section(ofRow:)`` for an index known to be in
        /// range, read from `words`, the table's words (``IdentityTable/withWords(_:)``)
        /// (no bounds check).
        @inlinable func section(_ i: Int, in words: UnsafePointer<UInt64>) -> Int {
            IdentityTable.section(i, packedIn: words[rowSectionsStart &+ (i &>> 1)])
        }
    }

    /// This table's ``Layout``.
    @inlinable var layout: Layout {
        Layout(rowContentsStart: rowContentsStart, offsetsStart: offsetsStart, rowSectionsStart: rowSectionsStart)
    }
    /// Row `i`'s section out of its packed word: two 32-bit values per
    /// word, the even row's in the low half.
    @inlinable static func section(_ i: Int, packedIn word: UInt64) -> Int {
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word &>> UInt64((i & 1) &* 32)))
    }

    /// Identity hash of each section (a copy of part of the table).
    public var sectionIDs: [UInt64] { Array(sectionIDSlice) }
    /// Content hash (header and footer) of each section; 0: incomparable
    /// (a copy of part of the table).
    public var sectionContents: [UInt64] { withWords { Array($0[sectionCount..<rowIDsStart]) } }
    /// Identity hash of each row, section after section (a copy of part of
    /// the table).
    public var rowIDs: [UInt64] { Array(rowIDSlice) }
    /// Content hash of each row; 0: incomparable (a copy of part of the
    /// table).
    public var rowContents: [UInt64] { withWords { Array($0[rowContentsStart..<offsetsStart]) } }
    /// Where each section's rows start in the flat row arrays, plus the
    /// total row count at the end (`sectionCount + 1` entries).
    public var sectionRowOffsets: [Int] { (0...sectionCount).map { rowStart(ofSection: $0) } }

    /// The section identity hashes (a copy, for the pairing's slow paths).
    @inlinable var sectionIDSlice: ArraySlice<UInt64> { withWords { ArraySlice($0[0..<sectionCount]) } }
    /// The row identity hashes (a copy, for the pairing's slow paths).
    @inlinable var rowIDSlice: ArraySlice<UInt64> { withWords { ArraySlice($0[rowIDsStart..<rowContentsStart]) } }

    /// The number of rows of section `section`.
    /// - Precondition: `0 <= section < sectionCount`.
    public func rowCount(inSection section: Int) -> Int {
        rowRange(ofSection: section).count
    }

    /// The path of the flat row index `index`.
    /// - Precondition: `0 <= index < rowCount`.
    /// - Complexity: O(1).
    public func path(ofRow index: Int) -> ElementPath {
        let s = section(ofRow: index)
        return ElementPath(section: s, row: index - rowStart(ofSection: s))
    }
}

extension Box {
    /// The Box's identity table, computed on first use and cached in this
    /// value (and its copies) until ``sections`` is mutated.
    /// - Complexity: O(sections + rows) the first time, O(1) after.
    @inlinable
    public var identityTable: IdentityTable {
        cache.table { IdentityTable(self) }
    }

    /// Whether ``identityTable`` is already cached.
    public var hasCachedIdentityTable: Bool { cache.cached != nil }
}

extension IdentityTable {
    /// Equal layouts and equal words.
    public static func == (lhs: IdentityTable, rhs: IdentityTable) -> Bool {
        guard
            lhs.sectionCount == rhs.sectionCount && lhs.rowCount == rhs.rowCount
                && lhs.exactRowContentKind == rhs.exactRowContentKind
        else { return false }
        if lhs.storage === rhs.storage { return true }
        return lhs.withWords { a in rhs.withWords { b in a.elementsEqual(b) } }
    }

    /// Hashes the layout and every word.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sectionCount)
        hasher.combine(rowCount)
        hasher.combine(exactRowContentKind)
        withWords { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
