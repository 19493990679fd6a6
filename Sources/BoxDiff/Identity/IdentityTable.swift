/// The flat form of a ``Box`` that a diff reads: identity and content
/// hashes of every section and every row, in contiguous arrays.
///
/// Section `s` owns the rows `sectionRowOffsets[s] ..< sectionRowOffsets[s + 1]`
/// of the flat row arrays. Identity hashes follow BoxDiff's identity
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
/// ```
public struct IdentityTable: Sendable, Hashable {
    /// Identity hash of each section.
    public let sectionIDs: [UInt64]
    /// Content hash (header and footer) of each section; 0: incomparable.
    public let sectionContents: [UInt64]
    /// Identity hash of each row, section after section.
    public let rowIDs: [UInt64]
    /// Content hash of each row; 0: incomparable.
    public let rowContents: [UInt64]
    /// Where each section's rows start in the flat row arrays, plus the
    /// total row count at the end (`sectionIDs.count + 1` entries).
    public let sectionRowOffsets: [Int]
    /// The storage class of every row's component when all rows share one
    /// whose content hash is exact (such as `UInt64`): then two tables with
    /// the same kind need no `==` to confirm equal content hashes. `nil`
    /// otherwise (mixed, inexact or no rows).
    @usableFromInline let exactRowContentKind: ObjectIdentifier?
    /// The section of each row (cached with the table, so the old side of
    /// a diff does not rebuild it).
    @usableFromInline let rowSections: [UInt32]

    /// The table of `box`, computed (not taken from the cache).
    /// - Complexity: O(sections + rows), plus hashing the identities and
    ///   contents.
    @inlinable
    public init<SectionID, RowID>(_ box: Box<SectionID, RowID>) {
        let sections = box.sections
        var offsets = [Int]()
        offsets.reserveCapacity(sections.count + 1)
        var total = 0
        for section in sections {
            offsets.append(total)
            total += section.rows.count
        }
        offsets.append(total)
        sectionIDs = sections.map { IdentityHashing.hash($0.id) }
        sectionContents = sections.map(\.contentHash)
        var ids = [UInt64](filling: 0, count: total)
        var contents = [UInt64](filling: 0, count: total)
        var rowSections = [UInt32](filling: 0, count: total)
        if sections.count > 1 {
            rowSections.withUnsafeMutableBufferPointer { out in
                for s in 1..<sections.count {
                    for k in offsets[s]..<offsets[s + 1] { out[k] = UInt32(truncatingIfNeeded: s) }
                }
            }
        }
        let layout = NodeLayout<RowID>()
        var kinds = Component.RowKinds()
        ids.withUnsafeMutableBufferPointer { ids in
            contents.withUnsafeMutableBufferPointer { contents in
                var k = 0
                for section in sections {
                    layout.withRows(section.rows) { count, rows in
                        for r in 0..<count {
                            ids[k + r] = IdentityHashing.hash(rows.id(r).pointee)
                        }
                        if count > 0 {
                            Component.contentHashes(
                                first: rows.component(0), stride: layout.stride, count: count,
                                into: contents.baseAddress! + k, kinds: &kinds)
                        }
                        k += count
                    }
                }
            }
        }
        rowIDs = ids
        rowContents = contents
        sectionRowOffsets = offsets
        exactRowContentKind = kinds.exactKind
        self.rowSections = rowSections
    }

    /// The number of sections.
    public var sectionCount: Int { sectionIDs.count }

    /// The number of rows over all sections.
    public var rowCount: Int { rowIDs.count }

    /// The number of rows of section `section`.
    public func rowCount(inSection section: Int) -> Int {
        sectionRowOffsets[section + 1] - sectionRowOffsets[section]
    }

    /// The path of the flat row index `index`.
    /// - Complexity: O(log sections).
    public func path(ofRow index: Int) -> ElementPath {
        // The last section whose offset is <= index (empty sections skipped).
        var low = 0
        var high = sectionIDs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionRowOffsets[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return ElementPath(section: low, row: index - sectionRowOffsets[low])
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
