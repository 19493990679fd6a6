/// The pairing of two Boxes: sections paired over section ids, rows over
/// all row ids of the Box at once (so rows can move between sections), both
/// in the C core over the flat identity tables. Indices are flat: a row is
/// its index in the Box's flattened rows.
@usableFromInline
struct BoxMatching {
    /// No partner.
    @inlinable static var none: UInt32 { CCore.none }

    @usableFromInline let old: IdentityTable
    @usableFromInline let new: IdentityTable
    /// Old section → new section, or `none`.
    @usableFromInline let sectionOldToNew: [UInt32]
    /// New section → old section, or `none`.
    @usableFromInline let sectionNewToOld: [UInt32]
    /// Old flat row → new flat row, or `none`.
    @usableFromInline let rowOldToNew: [UInt32]
    /// New flat row → old flat row, or `none`.
    @usableFromInline let rowNewToOld: [UInt32]
    /// Section of each old flat row.
    @usableFromInline let oldRowSection: [UInt32]
    /// Section of each new flat row.
    @usableFromInline let newRowSection: [UInt32]
    /// Whether both pairings are minimal for their algorithm.
    @usableFromInline let isMinimal: Bool
    /// `old.rowContents`, with 0 ("always changed") for each paired old
    /// row whose content hash equals its partner's but whose component is
    /// not `==` to it: those are updated all the same. The same array as
    /// `old.rowContents` (not a copy) when there is none.
    @usableFromInline let oldRowContents: [UInt64]
    /// `old.sectionContents`, with 0 for each paired old section whose
    /// content hash equals its partner's but whose header or footer is not
    /// `==` to it.
    @usableFromInline let oldSectionContents: [UInt64]

    /// Pairs `source` with `target`, reading (and filling) their cached
    /// identity tables.
    @inlinable
    init<S, R>(
        source: Box<S, R>, target: Box<S, R>, options: DiffOptions, workspace: DiffWorkspace
    ) throws(DiffError) {
        let old = source.identityTable
        let new = target.identityTable
        self.old = old
        self.new = new
        let result = workspace.result

        // Sections.
        var oldSections = BoxSectionSide(source, table: old)
        var newSections = BoxSectionSide(target, table: new)
        try Pairing.pair(&oldSections, &newSections, options: options, workspace: workspace, pairsOnly: true)
        sectionOldToNew = Array(result.oldToNew)
        sectionNewToOld = Array(result.newToOld)
        let sectionsMinimal = result.isMinimal
        var oldSectionContents = old.sectionContents
        for s in Self.sectionsChangedDespiteHash(source, target, old: old, new: new, oldToNew: sectionOldToNew) {
            oldSectionContents[s] = 0
        }
        self.oldSectionContents = oldSectionContents

        // Rows, over the whole Box.
        var oldRows = BoxRowSide(source, table: old)
        var newRows = BoxRowSide(target, table: new)
        try Pairing.pair(&oldRows, &newRows, options: options, workspace: workspace, pairsOnly: true)
        rowOldToNew = Array(result.oldToNew)
        rowNewToOld = Array(result.newToOld)
        isMinimal = sectionsMinimal && result.isMinimal
        var oldRowContents = old.rowContents
        // One exact type on both sides: equal hashes are equal values.
        if old.exactRowContentKind == nil || old.exactRowContentKind != new.exactRowContentKind {
            for i in Self.rowsChangedDespiteHash(source, target, old: old, new: new, oldToNew: result.oldToNew) {
                oldRowContents[i] = 0
            }
        }
        self.oldRowContents = oldRowContents
        oldRowSection = old.rowSections
        newRowSection = new.rowSections
    }

    /// Whether every paired row has the same id on both sides. The new
    /// ids are first copied into one flat buffer; then one walk over the
    /// old rows compares in place. Loops stay at this level (not in a
    /// closure per row), and rows are read through buffer pointers, so
    /// unspecialized generic code neither copies whole nodes nor looks up
    /// type metadata per row.
    @inlinable
    static func rowsMatch<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, newRowCount: Int,
        oldToNew: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let layout = NodeLayout<R>()
        let newIDs = UnsafeMutablePointer<R>.allocate(capacity: max(newRowCount, 1))
        var k = 0
        for section in target.sections {
            layout.withRows(section.rows) { count, rows in
                for r in 0..<count { (newIDs + k + r).initialize(to: rows.id(r).pointee) }
            }
            k += section.rows.count
        }
        defer {
            newIDs.deinitialize(count: k)
            newIDs.deallocate()
        }
        var i = 0
        for section in source.sections {
            let matched = layout.withRows(section.rows) { count, rows in
                for r in 0..<count {
                    let j = oldToNew[i + r]
                    if j != CCore.none && newIDs[Int(j)] != rows.id(r).pointee { return false }
                }
                return true
            }
            if !matched { return false }
            i += section.rows.count
        }
        return true
    }

    @inlinable
    static func node<S, R>(_ box: Box<S, R>, _ path: ElementPath) -> Node<R> {
        box.sections[path.section].rows[path.row]
    }

    /// Whether the paired old row `i` changed content: different hashes,
    /// an incomparable component on either side, or equal hashes of
    /// components that are not `==`.
    @inlinable
    func rowUpdated(old i: Int, new j: Int) -> Bool {
        let a = oldRowContents[i]
        return a == 0 || a != new.rowContents[j]
    }

    /// Whether the paired old section `s` changed its header or footer
    /// (decided as for rows).
    @inlinable
    func sectionUpdated(old s: Int, new t: Int) -> Bool {
        let a = oldSectionContents[s]
        return a == 0 || a != new.sectionContents[t]
    }

    /// Whether old row `i` is carried: paired, and its section survives.
    @inlinable
    func isCarried(old i: Int) -> Bool {
        rowOldToNew[i] != Self.none && sectionOldToNew[Int(oldRowSection[i])] != Self.none
    }

    /// The new path of new flat row `j`.
    @inlinable
    func newPath(_ j: Int) -> ElementPath {
        let s = Int(newRowSection[j])
        return ElementPath(section: s, row: j - new.sectionRowOffsets[s])
    }

    /// The old path of old flat row `i`.
    @inlinable
    func oldPath(_ i: Int) -> ElementPath {
        let s = Int(oldRowSection[i])
        return ElementPath(section: s, row: i - old.sectionRowOffsets[s])
    }

    /// Marks the old rows that stay in place within their section: of the
    /// rows whose partner is in their own section's partner, one longest
    /// run in increasing new order per section (all sections in one LIS
    /// call, each section's values offset above the previous ones'). The
    /// flags are the workspace's (reused by the next diff).
    func rowsKeptInPlace(workspace: DiffWorkspace) throws(DiffError) -> [UInt8] {
        workspace.lisValues.refill(with: Self.none, count: rowOldToNew.count)
        workspace.lisValues.withUnsafeMutableBufferPointer { values in
            var base = 0
            for s in 0..<old.sectionCount {
                let t = sectionOldToNew[s]
                guard t != Self.none else { continue }
                let newStart = new.sectionRowOffsets[Int(t)]
                for i in old.sectionRowOffsets[s]..<old.sectionRowOffsets[s + 1] {
                    let j = rowOldToNew[i]
                    if j != Self.none && newRowSection[Int(j)] == t {
                        values[i] = UInt32(truncatingIfNeeded: base + Int(j) - newStart)
                    }
                }
                base += new.rowCount(inSection: Int(t))
            }
        }
        try workspace.lisValues.withUnsafeBufferPointer { (v) throws(DiffError) in
            try Self.lis(v, into: &workspace.rowKeep, workspace: workspace)
        }
        return workspace.rowKeep
    }

    /// Marks the surviving old sections that stay in place (one longest
    /// run in increasing new order). The flags are the workspace's.
    func sectionsKeptInPlace(workspace: DiffWorkspace) throws(DiffError) -> [UInt8] {
        try sectionOldToNew.withUnsafeBufferPointer { (v) throws(DiffError) in
            try Self.lis(v, into: &workspace.sectionKeep, workspace: workspace)
        }
        return workspace.sectionKeep
    }

    static func lis(
        _ values: UnsafeBufferPointer<UInt32>, into keep: inout [UInt8], workspace: DiffWorkspace
    ) throws(DiffError) {
        keep.refill(with: 0, count: values.count)
        do throws(CoreFailure) {
            try keep.withUnsafeMutableBufferPointer { (k) throws(CoreFailure) in
                _ = try CCore.markLIS(values, keep: k, workspace: workspace.core)
            }
        } catch {
            throw Pairing.error(error)
        }
    }
}

/// The sections of a Box as one side of a pairing.
@usableFromInline
struct BoxSectionSide<S: Hashable, R: Hashable>: PairingSide {
    @usableFromInline let box: Box<S, R>
    @usableFromInline var identityHashes: [UInt64]

    /// The sections of `box`, whose identity table is `table`.
    @inlinable
    init(_ box: Box<S, R>, table: IdentityTable) {
        self.box = box
        identityHashes = table.sectionIDs
    }

    @inlinable
    func id(at flatIndex: Int) -> S { box.sections[flatIndex].id }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .section(flatIndex) }
}

/// All rows of a Box, flattened, as one side of a pairing.
@usableFromInline
struct BoxRowSide<S: Hashable, R: Hashable>: PairingSide {
    @usableFromInline let box: Box<S, R>
    @usableFromInline let table: IdentityTable
    @usableFromInline var identityHashes: [UInt64]

    /// The rows of `box`, whose identity table is `table`.
    @inlinable
    init(_ box: Box<S, R>, table: IdentityTable) {
        self.box = box
        self.table = table
        identityHashes = table.rowIDs
    }

    @inlinable
    func id(at flatIndex: Int) -> R { BoxMatching.node(box, table.path(ofRow: flatIndex)).id }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .row(table.path(ofRow: flatIndex)) }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        BoxMatching.rowsMatch(old.box, new.box, newRowCount: new.table.rowCount, oldToNew: oldToNew)
    }
}
