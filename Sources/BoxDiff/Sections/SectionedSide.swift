// One side of a sectioned diff in the flat form the Box engine's matching
// and plans read, built straight from the caller's sections: no Box, no
// row nodes, no header proxies (building two Boxes and freeing them was
// most of what a sectioned diff cost beyond the Box diff's own).

/// One side of a sectioned diff: the caller's sections, their elements in
/// one flat list (section after section), and the identity table the Box
/// engine reads (section ids and element ids hashed as a Box's are, by
/// ``IdentityHashing/hash(_:)``; every content hash one shared nonzero
/// constant: sections and elements are compared by `isContentEqual(to:)`,
/// in ``BoxMatching/init(sectioned:_:options:workspace:cancellation:)``).
@frozen @usableFromInline
struct SectionedSide<Section: DifferentiableSection> {
    /// An element of a section.
    @usableFromInline typealias Element = Section.Collection.Element

    /// The sections, in order.
    @usableFromInline let sections: [Section]
    /// Every section's elements, section after section.
    @usableFromInline let elements: [Element]
    /// The sections' and elements' identity hashes, the sections' row
    /// offsets and each element's section.
    @usableFromInline let table: IdentityTable

    /// The content hash of every section and element: any nonzero
    /// constant (0 would mean "incomparable, always changed").
    @inlinable static var sharedContentHash: UInt64 { 0x5345_4354_494F_4E53 }

    /// The side of `data`. The table is sized and written from the flat
    /// list one read of each section's `elements` gave (with several
    /// sections, an earlier read only sizes that list; the staged diff
    /// reads a target section's again for a stage that shares it), so
    /// a collection whose `count` disagrees with its iteration, or an
    /// `elements` that answers differently from one call to the next,
    /// cannot make the words and the list disagree (a table sized from
    /// one read and written from another wrote past its buffer: found by
    /// review, 2026-12-03).
    ///
    /// One section (a DifferenceKit list's usual shape): its elements are
    /// the flat list, an `Array`'s buffer shared, not copied. Several: the
    /// elements are copied into one list, and the sections' starts are
    /// kept in a temporary allocation (on the stack when small).
    /// - Complexity: O(sections + elements), one identity hash each.
    @inlinable
    init<Data: Swift.Collection>(_ data: Data) where Data.Element == Section {
        let sections = Array(data)
        if sections.count == 1 {
            self.init(sections: sections, elements: Array(sections[0].elements), starts: nil)
            return
        }
        self = withUnsafeTemporaryAllocation(of: Int.self, capacity: sections.count) { starts in
            // The elements, section after section, and where each section
            // starts (its end is the next one's start; the last, the count).
            var elements: [Element] = []
            // A capacity hint only (what is appended below decides).
            var expected = 0
            for section in sections { expected &+= section.elements.count }
            elements.reserveCapacity(expected)
            for s in 0..<sections.count {
                starts.initializeElement(at: s, to: elements.count)
                elements.append(contentsOf: sections[s].elements)
            }
            return Self(sections: sections, elements: elements, starts: UnsafeBufferPointer(starts))
        }
    }

    /// The side of `sections` whose elements, section after section, are
    /// `elements`, section `s` starting at `starts[s]` (`nil`: one
    /// section, all of `elements`).
    @inlinable
    init(sections: [Section], elements: [Element], starts: UnsafeBufferPointer<Int>?) {
        let sectionCount = sections.count
        let rowCount = elements.count
        let wordCount = IdentityTableStorage.wordCount(sectionCount: sectionCount, rowCount: rowCount)
        let storage = IdentityTableStorage.make(
            IdentityTableStorage.Header(wordCount: wordCount, sectionCount: sectionCount, rowCount: rowCount))
        // Every word is written below (the words are a trivial type), in
        // the layout ``IdentityTable`` documents: each part's extent comes
        // from `sectionCount` and `rowCount` alone.
        storage.withUnsafeMutablePointerToElements { base in
            let parts = IdentityTableStorage.Parts(base, sectionCount: sectionCount, rowCount: rowCount)
            parts.rowContents.initialize(repeating: Self.sharedContentHash, count: rowCount)
            elements.withUnsafeBufferPointer { elements in
                for k in 0..<rowCount { parts.rowIDs[k] = IdentityHashing.hash(elements[k].differenceIdentifier) }
            }
            for s in 0..<sectionCount {
                parts.sectionIDs[s] = IdentityHashing.hash(sections[s].differenceIdentifier)
                parts.sectionContents[s] = Self.sharedContentHash
                let start = starts.map { $0[s] } ?? 0
                let end = s + 1 < sectionCount ? starts.map { $0[s + 1] } ?? rowCount : rowCount
                parts.offsets[s] = UInt64(truncatingIfNeeded: start)
                IdentityTableStorage.Parts.markRows(start, end, section: s, in: parts.rowSectionWords)
            }
            parts.offsets[sectionCount] = UInt64(truncatingIfNeeded: rowCount)
        }
        self.sections = sections
        self.elements = elements
        table = IdentityTable(storage: storage)
    }

    /// Records that old element `i` (a flat index) or old section `s`
    /// changed: its content hash in this side's own table becomes 0
    /// ("changed"), as a Box diff's patched copy of the contents says it.
    /// Only for a side made for the diff at hand: its table is written in
    /// place, where a Box's cached table is shared and must be copied.
    @inlinable
    func markElementChanged(_ i: Int) {
        let at = table.rowContentsStart &+ i
        table.storage.withUnsafeMutablePointerToElements { $0[at] = 0 }
    }

    /// ``markElementChanged(_:)`` for section `s`.
    @inlinable
    func markSectionChanged(_ s: Int) {
        let at = table.sectionCount &+ s
        table.storage.withUnsafeMutablePointerToElements { $0[at] = 0 }
    }
}

/// The sections of a sectioned side, as a pairing reads them (their
/// `differenceIdentifier`s; a duplicate named by its section index).
@frozen @usableFromInline
struct SectionedSectionIDs<Section: DifferentiableSection>: PairingSide {
    @usableFromInline let sections: [Section]
    @usableFromInline var identityHashes: ArraySlice<UInt64>

    @inlinable
    init(_ side: borrowing SectionedSide<Section>) {
        sections = side.sections
        identityHashes = side.table.sectionIDSlice
    }

    @inlinable
    func id(at flatIndex: Int) -> Section.DifferenceIdentifier { sections[flatIndex].differenceIdentifier }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .section(flatIndex) }

    /// Whether every pair of `oldToNew` pairs sections with `==` ids.
    @inlinable
    static func idsMatch(_ old: [Section], _ new: [Section], oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        for s in 0..<oldToNew.count
        where oldToNew[s] != CCore.none
            && !IdentityHashing.equal(old[s].differenceIdentifier, new[Int(oldToNew[s])].differenceIdentifier)
        {
            return false
        }
        return true
    }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        idsMatch(old.sections, new.sections, oldToNew: oldToNew)
    }
}

/// The elements of a sectioned side, as a pairing reads them (their
/// `differenceIdentifier`s, over all sections; a duplicate named by its
/// path).
@frozen @usableFromInline
struct SectionedElementIDs<Section: DifferentiableSection>: PairingSide {
    @usableFromInline let elements: [Section.Collection.Element]
    @usableFromInline let table: IdentityTable
    @usableFromInline var identityHashes: ArraySlice<UInt64>

    @inlinable
    init(_ side: borrowing SectionedSide<Section>) {
        elements = side.elements
        table = side.table
        identityHashes = side.table.rowIDSlice
    }

    @inlinable
    func id(at flatIndex: Int) -> Section.Collection.Element.DifferenceIdentifier {
        elements[flatIndex].differenceIdentifier
    }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .row(table.path(ofRow: flatIndex)) }

    /// Whether every pair of `oldToNew` pairs elements with `==` ids.
    @inlinable
    static func idsMatch(
        _ old: [Section.Collection.Element], _ new: [Section.Collection.Element],
        oldToNew: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        for i in 0..<oldToNew.count
        where oldToNew[i] != CCore.none
            && !IdentityHashing.equal(old[i].differenceIdentifier, new[Int(oldToNew[i])].differenceIdentifier)
        {
            return false
        }
        return true
    }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        idsMatch(old.elements, new.elements, oldToNew: oldToNew)
    }
}

extension BoxMatching {
    /// The pairing of two sectioned sides, as
    /// ``init(source:target:options:workspace:rowContentChanged:rebindsSections:cancellation:)``
    /// pairs two Boxes: sections over their ids, elements over theirs
    /// across all sections, both in the C core over the sides' identity
    /// hashes, with the ids of the pairs confirmed by `==` (and paired
    /// again exactly after a collision); then each paired section and
    /// element is asked `isContentEqual(to:)` (new of old), and those that
    /// answer no are updated. Checks `cancellation` after pairing the
    /// elements and then every ``rowsBetweenChecks`` old elements (paired
    /// or not) while comparing.
    @inlinable
    init<Section: DifferentiableSection, C: DiffCancellation>(
        sectioned old: borrowing SectionedSide<Section>, _ new: borrowing SectionedSide<Section>,
        options: DiffOptions, workspace: borrowing DiffWorkspace, cancellation: C
    ) throws(DiffError) {
        let oldTable = old.table
        let newTable = new.table
        let result = workspace.result
        var pairs = workspace.matchPairs
        workspace.matchPairs = []
        pairs.removeAll(keepingCapacity: true)
        pairs.reserveCapacity(oldTable.sectionCount + newTable.sectionCount + 1)

        // Sections: the same ones in the same order (the usual render)
        // pair as themselves, with no core call.
        let sectionsMinimal: Bool
        let sectionsInOrder: Bool
        if Self.sameSections(old.sections, new.sections, old: oldTable, new: newTable) {
            for _ in 0..<2 {
                for s in 0..<oldTable.sectionCount { pairs.append(UInt32(truncatingIfNeeded: s)) }
            }
            sectionsMinimal = true
            sectionsInOrder = true
        } else {
            // The core on the tables' words in place; the pairing sides
            // (copies of the hashes) only after a duplicate or when two
            // different ids were paired (then the pairing starts over).
            let duplicate = try oldTable.withWords { (o) throws(DiffError) in
                try newTable.withWords { (n) throws(DiffError) in
                    try Pairing.run(
                        UnsafeBufferPointer(rebasing: o[0..<oldTable.sectionCount]),
                        UnsafeBufferPointer(rebasing: n[0..<newTable.sectionCount]), options, workspace, true)
                }
            }
            if duplicate != nil
                || (!IdentityHashing.isInjective(Section.DifferenceIdentifier.self)
                    && !SectionedSectionIDs<Section>.idsMatch(old.sections, new.sections, oldToNew: result.oldToNew))
            {
                var oldSections = SectionedSectionIDs(old)
                var newSections = SectionedSectionIDs(new)
                try Pairing.pair(&oldSections, &newSections, options: options, workspace: workspace, pairsOnly: true)
            }
            pairs.append(contentsOf: result.oldToNew)
            pairs.append(contentsOf: result.newToOld)
            sectionsMinimal = result.isMinimal
            sectionsInOrder =
                oldTable.sectionCount == newTable.sectionCount && Self.pairsInPlace(result.oldToNew)
        }
        // Paired sections whose models are not content-equal: updated.
        // (Marked in the old side's own table, which this diff made: no
        // patched copy of the contents.)
        for s in 0..<oldTable.sectionCount where pairs[s] != Self.none {
            if !new.sections[Int(pairs[s])].isContentEqual(to: old.sections[s]) { old.markSectionChanged(s) }
        }

        // Elements, over all sections. The same sections in order, in one
        // batch: the core's own layout of the rows can be the batch's.
        let rowsHaveLayout = options.mode == .singleBatch && sectionsInOrder
        let duplicate = try oldTable.withWords { (o) throws(DiffError) in
            try newTable.withWords { (n) throws(DiffError) in
                try Pairing.run(
                    UnsafeBufferPointer(rebasing: o[oldTable.rowIDsStart..<oldTable.rowContentsStart]),
                    UnsafeBufferPointer(rebasing: n[newTable.rowIDsStart..<newTable.rowContentsStart]), options,
                    workspace, !rowsHaveLayout)
            }
        }
        if duplicate != nil
            || (!IdentityHashing.isInjective(Section.Collection.Element.DifferenceIdentifier.self)
                && !SectionedElementIDs<Section>.idsMatch(old.elements, new.elements, oldToNew: result.oldToNew))
        {
            var oldElements = SectionedElementIDs(old)
            var newElements = SectionedElementIDs(new)
            try Pairing.pair(
                &oldElements, &newElements, options: options, workspace: workspace, pairsOnly: !rowsHaveLayout)
        }
        try cancellation.check()
        for i in 0..<result.oldToNew.count {
            if i & (rowsBetweenChecks - 1) == rowsBetweenChecks - 1 { try cancellation.check() }
            let j = result.oldToNew[i]
            if j != Self.none && !new.elements[Int(j)].isContentEqual(to: old.elements[i]) {
                old.markElementChanged(i)
            }
        }
        pairs.append(Self.none)  // never empty: raw views have an address
        let sectionMaps = pairs.unretained.baseAddress!
        workspace.matchPairs = consume pairs
        self.init(
            old: oldTable, new: newTable, pairs: sectionMaps, rows: result, pairedRowCount: result.matchedCount,
            isMinimal: sectionsMinimal && result.isMinimal, sectionsInOrder: sectionsInOrder,
            patchedRowContents: [], patchedSectionContents: [],
            rowsHaveLayout: rowsHaveLayout)
    }

    /// Whether two sectioned sides have the same sections in the same
    /// order: as ``sameSections(_:_:old:new:)`` for Boxes (at most 32
    /// sections, equal identity hashes and no two alike, and equal ids
    /// unless their hash is injective).
    @inlinable
    static func sameSections<Section: DifferentiableSection>(
        _ source: [Section], _ target: [Section], old: IdentityTable, new: IdentityTable
    ) -> Bool {
        sameSections(old: old, new: new, idsAreHashes: IdentityHashing.isInjective(Section.DifferenceIdentifier.self)) {
            IdentityHashing.equal(source[$0].differenceIdentifier, target[$0].differenceIdentifier)
        }
    }
}
