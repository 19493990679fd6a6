extension BoxMatching {
    /// The paired old rows whose content hash equals their partner's while
    /// their components are not `==` (a hash that covers part of a value,
    /// or a 64-bit collision), in increasing order. Incomparable
    /// components (hash 0) are updated anyway and not checked; a partner
    /// that is the same storage object is not compared (see
    /// ``Component/appendUnequal(old:stride:count:base:oldToNew:none:oldContents:newContents:newStorage:to:)``).
    ///
    /// The new side's component references are first gathered into one
    /// flat buffer (borrowed, not retained: `target` outlives the call);
    /// then one walk over the old rows compares in place. Both per-row
    /// loops are the non-generic ones of ``Component``; only the walk over
    /// sections is generic, and inlinable: run unspecialized, each
    /// section's rows cost a run-time look-up of `Node<R>`'s metadata
    /// (through the runtime's locked cache), about 4,500 instructions per
    /// diff of 20 rows with `String` components, a fifth of the diff.
    ///
    /// `cancellation` is checked at a section's start once
    /// ``rowsBetweenChecks`` rows or so were compared since the last check
    /// (``CancellationGate``): throws ``DiffError/cancelled`` when it says
    /// to stop.
    /// - Complexity: O(rows), plus one `==` per paired row with equal
    ///   hashes.
    @inlinable
    static func rowsChangedDespiteHash<S, R, C: DiffCancellation>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable,
        oldToNew: UnsafeBufferPointer<UInt32>, cancellation: C
    ) throws(DiffError) -> [Int] {
        let layout = NodeLayout<R>()
        let newStorage = UnsafeMutablePointer<UnsafeRawPointer>.allocate(capacity: max(new.rowCount, 1))
        defer { newStorage.deallocate() }
        var k = 0
        for section in target.sections {
            layout.withRows(section.rows) { count, rows in
                if count > 0 {
                    Component.storageReferences(
                        first: rows.component(0), stride: layout.stride, count: count, into: newStorage + k)
                }
            }
            k += section.rows.count
        }
        var changed: [Int] = []
        var i = 0
        var gate = CancellationGate()
        try old.withWords { oldWords throws(DiffError) in
            try new.withWords { newWords throws(DiffError) in
                let oldContents = oldWords.baseAddress! + old.rowContentsStart
                let newContents = newWords.baseAddress! + new.rowContentsStart
                for section in source.sections {
                    if gate.stops(after: i - gate.rows, cancellation) { throw .cancelled }
                    layout.withRows(section.rows) { count, rows in
                        guard count > 0 else { return }
                        Component.appendUnequal(
                            old: rows.component(0), stride: layout.stride, count: count, base: i,
                            oldToNew: oldToNew.baseAddress! + i, none: BoxMatching.none,
                            oldContents: oldContents + i, newContents: newContents,
                            newStorage: newStorage, to: &changed)
                    }
                    i += section.rows.count
                }
            }
        }
        return changed
    }

    /// The paired old sections whose content hash equals their partner's
    /// while their header or footer is not `==` (the same storage object
    /// counts as equal, as for rows).
    /// - Complexity: O(sections), plus the `==` of paired headers and
    ///   footers with equal hashes.
    @inlinable
    static func sectionsChangedDespiteHash<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable,
        oldToNew: UnsafeBufferPointer<UInt32>
    ) -> [Int] {
        var changed: [Int] = []
        // Headers and footers compared in place (see
        // ``Component/sameContent(at:_:)``).
        typealias Sec = Section<S, R>
        let stride = MemoryLayout<Sec>.stride
        let header = MemoryLayout<Sec>.offset(of: \Sec.header)!
        let footer = MemoryLayout<Sec>.offset(of: \Sec.footer)!
        source.sections.withUnsafeBytes { oldSections in
            target.sections.withUnsafeBytes { newSections in
                for s in 0..<oldToNew.count where oldToNew[s] != BoxMatching.none {
                    let t = Int(oldToNew[s])
                    let h = old.sectionContent(s)
                    guard h != 0 && h == new.sectionContent(t) else { continue }
                    let a = oldSections.baseAddress! + s * stride
                    let b = newSections.baseAddress! + t * stride
                    if !Component.sameContent(at: a + header, b + header)
                        || !Component.sameContent(at: a + footer, b + footer)
                    {
                        changed.append(s)
                    }
                }
            }
        }
        return changed
    }
}

extension BoxMatching {
    /// Whether the paired rows `i` (old) and `j` (new) are re-bound rather
    /// than reloaded: both components are incomparable (content hash 0,
    /// ``Component/init(incomparable:)``), so nothing says their content
    /// changed, yet the cell must show the new component. Such rows are
    /// reconfigured (new paths, after the structural changes) whatever the
    /// update style, as Bento re-binds its components on every render;
    /// sections have no reconfigure and keep reloading.
    @inlinable
    func rowRebinds(old i: Int, new j: Int) -> Bool {
        old.rowContent(i) == 0 && new.rowContent(j) == 0
    }

    /// Whether a plan of `update` exceeds `threshold`
    /// (``DiffOptions/changeCountAllowed``) and so reloads everything:
    /// its calls, re-binds not counted (see ``DiffOptions/reloadThreshold``;
    /// counted only when the calls exceed the threshold at all).
    /// `sectionsAtOldIndices`: as for ``rebindCount(in:sectionsAtOldIndices:)``.
    @inlinable
    func exceeds(_ threshold: Int, _ update: BatchUpdate, sectionsAtOldIndices: Bool) -> Bool {
        let count = update.changeCount
        guard count > threshold else { return false }
        return count - rebindCount(in: update, sectionsAtOldIndices: sectionsAtOldIndices) > threshold
    }
}

extension BoxMatching {
    /// How many of `update`'s calls re-bind rather than report a change
    /// (what ``DiffOptions/reloadThreshold`` leaves out): its reconfigures
    /// of rows incomparable on both sides (``rowRebinds(old:new:)``), and
    /// its reloads of paired sections whose content hash is 0 on both
    /// sides (a header or footer made with ``Component/init(incomparable:)``).
    /// An unchanged Bento screen is all re-binds. `update`'s section
    /// reloads are at old indices in one batch (`sectionsAtOldIndices`),
    /// at new indices in a staged plan.
    /// - Complexity: O(reconfigures + section reloads); called only when
    ///   the plan's calls exceed the threshold.
    @usableFromInline
    func rebindCount(in update: borrowing BatchUpdate, sectionsAtOldIndices: Bool) -> Int {
        var count = 0
        for path in update.elementReconfigured {
            guard path.section >= 0, path.section < new.sectionCount else { continue }
            let j = new.rowStart(ofSection: path.section) + path.row
            guard path.row >= 0, j < new.rowStart(ofSection: path.section + 1) else { continue }
            let i = rowNewToOld(j)
            if i != Self.none && rowRebinds(old: Int(i), new: j) { count += 1 }
        }
        for index in update.sectionUpdated {
            let s: Int
            let t: Int
            if sectionsAtOldIndices {
                guard index >= 0, index < old.sectionCount, sectionOldToNew(index) != Self.none else { continue }
                (s, t) = (index, Int(sectionOldToNew(index)))
            } else {
                guard index >= 0, index < new.sectionCount, sectionNewToOld(index) != Self.none else { continue }
                (s, t) = (Int(sectionNewToOld(index)), index)
            }
            if old.sectionContent(s) == 0 && new.sectionContent(t) == 0 { count += 1 }
        }
        return count
    }
}

extension BoxMatching {
    /// The paired old rows that a plan would reconfigure while their
    /// component's type changes, in increasing order: those incomparable
    /// on both sides (re-bound, ``rowRebinds(old:new:)``), and, with
    /// ``UpdateStyle/reconfigure`` (`reconfigures`), any whose content
    /// changed (`patched`: the old contents after ``rowsChangedDespiteHash``,
    /// empty for the table's own). A reconfigure hands the cell the view
    /// shows now to the data source, which must return that same cell
    /// (UIKit: "must dequeue the same type of cell"); a data source that
    /// picks its cell by the component's type, as Bento's does, raises an
    /// exception on iOS 15 and later for a type that changed. The
    /// matching unpairs these rows (a delete and an insert).
    ///
    /// The component's type: the value's own for an incomparable one (a
    /// Bento component class), the stored value type's otherwise.
    /// - Complexity: O(paired rows) over the tables' contents; when some
    ///   row qualifies, O(rows) more over the components.
    @inlinable
    static func rowsChangingKind<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable,
        oldToNew: UnsafeBufferPointer<UInt32>, patched: [UInt64], reconfigures: Bool
    ) -> [Int] {
        let none = BoxMatching.none
        return old.withWords { oldWords in
            new.withWords { newWords in
                let oldContents = oldWords.baseAddress! + old.rowContentsStart
                let newContents = newWords.baseAddress! + new.rowContentsStart
                func qualifies(_ i: Int, _ j: Int) -> Bool {
                    let b = newContents[j]
                    if oldContents[i] == 0 && b == 0 { return true }
                    guard reconfigures else { return false }
                    let a = patched.isEmpty ? oldContents[i] : patched[i]
                    return a == 0 || a != b
                }
                var any = false
                for i in 0..<oldToNew.count where oldToNew[i] != none && qualifies(i, Int(oldToNew[i])) {
                    any = true
                    break
                }
                guard any else { return [] }
                let layout = NodeLayout<R>()
                var newKinds: [ObjectIdentifier] = []
                newKinds.reserveCapacity(new.rowCount)
                for section in target.sections {
                    layout.withRows(section.rows) { count, rows in
                        for r in 0..<count { newKinds.append(Component.cellKind(rows.component(r))) }
                    }
                }
                var changing: [Int] = []
                var i = 0
                for section in source.sections {
                    layout.withRows(section.rows) { count, rows in
                        for r in 0..<count {
                            let j = oldToNew[i + r]
                            guard j != none, qualifies(i + r, Int(j)) else { continue }
                            if Component.cellKind(rows.component(r)) != newKinds[Int(j)] { changing.append(i + r) }
                        }
                    }
                    i += section.rows.count
                }
                return changing
            }
        }
    }
}
