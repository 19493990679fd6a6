/// The pairing of two Boxes: sections paired over section ids, rows over
/// all row ids of the Box at once (so rows can move between sections), both
/// in the C core over the flat identity tables. Indices are flat: a row is
/// its index in the Box's flattened rows.
@frozen @usableFromInline
struct BoxMatching {
    /// No partner.
    @inlinable static var none: UInt32 { CCore.none }

    @usableFromInline let old: IdentityTable
    @usableFromInline let new: IdentityTable
    /// The sections' maps in one buffer: old section → new section, then
    /// new section → old section; `none`: no partner.
    ///
    /// This buffer and the rows' maps below are the workspace's: the
    /// sections' in its `matchPairs`, the rows' in the core's result (its
    /// `result`, whose layout of the rows the single-batch plan reads
    /// too), read in place (a copy of the rows' maps was 800 KB at 100,000
    /// rows, a tenth of the diff's cache misses). So a matching is valid
    /// until the workspace's next diff: it lives within one diff, and the
    /// plans take the same workspace. Held as pointers, not retained: a
    /// reference to each held here was an atomic retain and release per
    /// diff.
    @usableFromInline let pairs: UnsafePointer<UInt32>
    /// Old flat row → new flat row (`none`: no partner), in the core's
    /// result.
    @usableFromInline let rowOldToNewMap: UnsafePointer<UInt32>
    /// New flat row → old flat row, in the core's result.
    @usableFromInline let rowNewToOldMap: UnsafePointer<UInt32>
    /// How many rows the pairing paired (a capacity hint for the plans'
    /// delete and insert lists).
    @usableFromInline let pairedRowCount: Int
    /// Whether both pairings are minimal for their algorithm.
    @usableFromInline let isMinimal: Bool
    /// Whether both Boxes have the same sections in the same order (each
    /// paired with its own index).
    @usableFromInline let sectionsInOrder: Bool
    /// The old rows' content hashes with 0 ("always changed") for each
    /// paired old row whose content hash equals its partner's but whose
    /// component is not `==` to it: those are updated all the same. Empty
    /// (read `old`'s) when there is none.
    @usableFromInline let patchedRowContents: [UInt64]
    /// The same for sections (header or footer not `==`).
    @usableFromInline let patchedSectionContents: [UInt64]
    /// For each old section, whether it is re-bound in place rather than
    /// updated (a diff for a view that re-binds sections: see
    /// ``Section/rebindsInPlace(_:_:)``), in the workspace's
    /// `reboundSections` (as ``pairs``: no reference held); `nil` when
    /// none is.
    @usableFromInline let reboundSections: UnsafePointer<Bool>?
    /// Whether the core's result holds its whole layout of the rows
    /// (deletes, inserts and minimal moves over the flat rows), not the
    /// maps alone: for a single-batch diff of the same sections in the
    /// same order (most often one section on each side), which
    /// ``BoxSingleBatchPlan/flatLayoutUpdate(_:style:workspace:)`` lays out
    /// as the flat API does (when no row changes section).
    @usableFromInline let rowsHaveLayout: Bool

    /// Pairs `source` with `target`, reading (and filling) their cached
    /// identity tables. `rowContentChanged(old, new)`, when given, tells
    /// whether paired flat rows changed content, instead of their
    /// components (see ``StagedChangeset/init(source:target:options:workspace:rowContentChanged:sectionRebinds:)``).
    /// `rebindsSections`: paired sections that a re-bind of their header
    /// and footer views shows (``Section/rebindsInPlace(_:_:)``) are
    /// re-bound (``reboundSections``), not updated.
    @inlinable
    init<S, R>(
        source: borrowing Box<S, R>, target: borrowing Box<S, R>, options: DiffOptions,
        workspace: borrowing DiffWorkspace, rowContentChanged: ((Int, Int) -> Bool)? = nil,
        rebindsSections: Bool = false
    ) throws(DiffError) {
        try self.init(
            source: source, target: target, options: options, workspace: workspace,
            rowContentChanged: rowContentChanged, rebindsSections: rebindsSections, cancellation: NeverCancelled())
    }

    /// ``init(source:target:options:workspace:rowContentChanged:rebindsSections:)``,
    /// checking `cancellation` while hashing the new Box (between
    /// sections) and after pairing the rows (see ``DiffCancellation``).
    /// `rowContentChanged` is called during the initializer only, never
    /// kept (a caller may write through a pointer valid for the call
    /// alone).
    @inlinable
    init<S, R, C: DiffCancellation>(
        source: borrowing Box<S, R>, target: borrowing Box<S, R>, options: DiffOptions,
        workspace: borrowing DiffWorkspace, rowContentChanged: ((Int, Int) -> Bool)?,
        rebindsSections: Bool, cancellation: C
    ) throws(DiffError) {
        // Borrowed: an initializer's parameters are owned by default, so
        // the caller retained both Boxes' storage and the workspace for the
        // call (atomically) and this initializer released them.
        // Everything is computed into locals and stored at the end, at
        // once (storing piecemeal made the throwing initializer copy the
        // whole value on return).
        let old = try cancellation.identityTable(of: source)
        let new = try cancellation.identityTable(of: target)
        let result = workspace.result
        // The workspace's buffer, uniquely held again once the previous
        // diff's matching is gone.
        var pairs = workspace.matchPairs
        workspace.matchPairs = []
        pairs.removeAll(keepingCapacity: true)
        pairs.reserveCapacity(old.sectionCount + new.sectionCount + 1)

        // Sections: the usual render keeps the same sections in the same
        // order, whose pairing is the identity (no core call).
        let sectionsMinimal: Bool
        let sectionsInOrder: Bool
        if Self.sameSections(source, target, old: old, new: new) {
            for _ in 0..<2 {
                for s in 0..<old.sectionCount { pairs.append(UInt32(truncatingIfNeeded: s)) }
            }
            sectionsMinimal = true
            sectionsInOrder = true
        } else {
            // The core on the tables' section hashes, read in place, as for
            // the rows below; the sides of a pairing (copies of the Boxes
            // and of the hashes) only after a duplicate or a collision.
            let sectionDuplicate = try old.withWords { (o) throws(DiffError) in
                try new.withWords { (n) throws(DiffError) in
                    try Pairing.run(
                        UnsafeBufferPointer(rebasing: o[0..<old.sectionCount]),
                        UnsafeBufferPointer(rebasing: n[0..<new.sectionCount]), options, workspace, true)
                }
            }
            if sectionDuplicate != nil
                || (!IdentityHashing.isInjective(S.self)
                    && !Self.sectionsMatch(source, target, oldToNew: result.oldToNew))
            {
                var oldSections = BoxSectionSide(copy source, table: old)
                var newSections = BoxSectionSide(copy target, table: new)
                try Pairing.pair(&oldSections, &newSections, options: options, workspace: workspace, pairsOnly: true)
            }
            pairs.append(contentsOf: result.oldToNew)
            pairs.append(contentsOf: result.newToOld)
            sectionsMinimal = result.isMinimal
            // The same sections in order after all (more than
            // `sameSections` compares, or ids it could not tell apart):
            // every section paired with the one at its own index.
            sectionsInOrder = old.sectionCount == new.sectionCount && Self.pairsInPlace(result.oldToNew)
        }
        var patchedSections: [UInt64] = []
        let changedSections = pairs.withUnsafeBufferPointer { p in
            Self.sectionsChangedDespiteHash(
                source, target, old: old, new: new,
                oldToNew: UnsafeBufferPointer(rebasing: p[0..<old.sectionCount]))
        }
        for s in changedSections {
            if patchedSections.isEmpty { patchedSections = old.sectionContents }
            patchedSections[s] = 0
        }
        // Out of line: the usual diff passes the test alone.
        let rebound =
            rebindsSections
            ? Self.reboundSections(source, target, old: old, new: new, pairs: pairs, workspace: workspace) : nil

        // Rows, over the whole Box: the core on the tables' id hashes, read
        // in place, and the ids of the pairs checked on the Boxes
        // themselves. The sides of a pairing (``BoxRowSide``) hold copies of
        // a Box and a table, and each copy retains and releases their
        // storage, atomically: they are made only when the core reported a
        // duplicate or two different ids were paired, and then
        // ``Pairing/pair(_:_:options:workspace:pairsOnly:)`` starts over.
        // The same sections in order (one section on each side, the same
        // one, included), in one batch: the core's own layout of the rows
        // (its moves too) can be the batch's, as in the flat API.
        let rowsHaveLayout = options.mode == .singleBatch && sectionsInOrder
        let rowDuplicate = try old.withWords { (o) throws(DiffError) in
            try new.withWords { (n) throws(DiffError) in
                try Pairing.run(
                    UnsafeBufferPointer(rebasing: o[old.rowIDsStart..<old.rowContentsStart]),
                    UnsafeBufferPointer(rebasing: n[new.rowIDsStart..<new.rowContentsStart]), options, workspace,
                    !rowsHaveLayout)
            }
        }
        if rowDuplicate != nil
            || (!IdentityHashing.isInjective(R.self)
                && !Self.rowsMatch(source, target, newTable: new, oldToNew: result.oldToNew))
        {
            var oldRows = BoxRowSide(copy source, table: old)
            var newRows = BoxRowSide(copy target, table: new)
            try Pairing.pair(&oldRows, &newRows, options: options, workspace: workspace, pairsOnly: !rowsHaveLayout)
        }
        try cancellation.check()
        let isMinimal = sectionsMinimal && result.isMinimal
        var pairedRowCount = result.matchedCount
        var layoutKept = rowsHaveLayout
        var patchedRows: [UInt64] = []
        if let rowContentChanged {
            // The caller's comparison of every paired row (all of them
            // share one content hash).
            for i in 0..<result.oldToNew.count {
                if i & (rowsBetweenChecks - 1) == rowsBetweenChecks - 1 { try cancellation.check() }
                let j = result.oldToNew[i]
                if j != Self.none && rowContentChanged(i, Int(j)) {
                    if patchedRows.isEmpty { patchedRows = old.rowContents }
                    patchedRows[i] = 0
                }
            }
        } else if old.exactRowContentKind == nil || old.exactRowContentKind != new.exactRowContentKind {
            // One exact type on both sides: equal hashes are equal values.
            for i in try Self.rowsChangedDespiteHash(
                source, target, old: old, new: new, oldToNew: result.oldToNew, cancellation: cancellation)
            {
                if patchedRows.isEmpty { patchedRows = old.rowContents }
                patchedRows[i] = 0
            }
        }
        if rowContentChanged == nil
            && (old.exactRowContentKind == nil || old.exactRowContentKind != new.exactRowContentKind)
        {
            // Rows that would be reconfigured into a cell of another type
            // are unpaired (deleted and inserted): see rowsChangingKind.
            let changing = Self.rowsChangingKind(
                source, target, old: old, new: new, oldToNew: result.oldToNew, patched: patchedRows,
                reconfigures: options.updateStyle == .reconfigure)
            if !changing.isEmpty {
                let oldToNew = UnsafeMutablePointer(mutating: result.oldToNew.baseAddress!)
                let newToOld = UnsafeMutablePointer(mutating: result.newToOld.baseAddress!)
                for i in changing {
                    newToOld[Int(oldToNew[i])] = Self.none
                    oldToNew[i] = Self.none
                }
                pairedRowCount -= changing.count
                // The core's own layout of the rows paired them.
                layoutKept = false
            }
        }
        pairs.append(Self.none)  // never empty: raw views have an address
        // The buffer moves to the workspace (same storage, same address).
        let sectionMaps = pairs.unretained.baseAddress!
        workspace.matchPairs = consume pairs
        // Each local given up (`consume`), not copied and then released.
        self.init(
            old: consume old, new: consume new, pairs: sectionMaps, rows: result,
            pairedRowCount: pairedRowCount, isMinimal: isMinimal, sectionsInOrder: sectionsInOrder,
            patchedRowContents: consume patchedRows, patchedSectionContents: consume patchedSections,
            reboundSections: rebound, rowsHaveLayout: layoutKept)
    }

    /// A matching of the given parts: the sections' maps in `pairs`, the
    /// rows' in `rows`.
    @inlinable
    init(
        old: IdentityTable, new: IdentityTable, pairs: UnsafePointer<UInt32>, rows: borrowing CoreResult,
        pairedRowCount: Int,
        isMinimal: Bool, sectionsInOrder: Bool, patchedRowContents: [UInt64], patchedSectionContents: [UInt64],
        reboundSections: UnsafePointer<Bool>? = nil, rowsHaveLayout: Bool = false
    ) {
        self.old = old
        self.new = new
        self.pairs = pairs
        // An empty map has no buffer: any address does, as none is read.
        rowOldToNewMap = rows.oldToNew.baseAddress ?? Self.emptyMap
        rowNewToOldMap = rows.newToOld.baseAddress ?? Self.emptyMap
        self.pairedRowCount = pairedRowCount
        self.isMinimal = isMinimal
        self.sectionsInOrder = sectionsInOrder
        self.patchedRowContents = patchedRowContents
        self.patchedSectionContents = patchedSectionContents
        self.reboundSections = reboundSections
        self.rowsHaveLayout = rowsHaveLayout
    }

    /// The address of an empty row map (never read).
    @usableFromInline nonisolated(unsafe) static let emptyMap = UnsafePointer(
        UnsafeMutablePointer<UInt32>.allocate(capacity: 1))

    /// The new section paired with old section `s`, or `none`.
    @inlinable
    func sectionOldToNew(_ s: Int) -> UInt32 { pairs[s] }

    /// The old section paired with new section `t`, or `none`.
    @inlinable
    func sectionNewToOld(_ t: Int) -> UInt32 { pairs[old.sectionCount &+ t] }

    /// The new flat row paired with old flat row `i`, or `none`.
    @inlinable
    func rowOldToNew(_ i: Int) -> UInt32 { rowOldToNewMap[i] }

    /// The old flat row paired with new flat row `j`, or `none`.
    @inlinable
    func rowNewToOld(_ j: Int) -> UInt32 { rowNewToOldMap[j] }

    /// The section of old flat row `i`.
    @inlinable
    func oldRowSection(_ i: Int) -> Int { old.section(i) }

    /// The section of new flat row `j`.
    @inlinable
    func newRowSection(_ j: Int) -> Int { new.section(j) }

    /// Whether the paired old row `i` changed content: different hashes,
    /// an incomparable component on either side, or equal hashes of
    /// components that are not `==`.
    @inlinable
    func rowUpdated(old i: Int, new j: Int) -> Bool {
        let a = patchedRowContents.isEmpty ? old.rowContent(i) : patchedRowContents[i]
        return a == 0 || a != new.rowContent(j)
    }

    /// Whether the paired old section `s` changed its header or footer
    /// (decided as for rows); a re-bound section (``reboundSections``)
    /// did not.
    @inlinable
    func sectionUpdated(old s: Int, new t: Int) -> Bool {
        if let reboundSections, reboundSections[s] { return false }
        let a = patchedSectionContents.isEmpty ? old.sectionContent(s) : patchedSectionContents[s]
        return a == 0 || a != new.sectionContent(t)
    }

    /// Whether old row `i` is carried: paired, and its section survives.
    @inlinable
    func isCarried(old i: Int) -> Bool {
        rowOldToNew(i) != Self.none && sectionOldToNew(oldRowSection(i)) != Self.none
    }

    /// The new path of new flat row `j`.
    @inlinable
    func newPath(_ j: Int) -> ElementPath {
        let s = newRowSection(j)
        return ElementPath(section: s, row: j - new.rowStart(s))
    }

    /// The old path of old flat row `i`.
    @inlinable
    func oldPath(_ i: Int) -> ElementPath {
        let s = oldRowSection(i)
        return ElementPath(section: s, row: i - old.rowStart(s))
    }
}
