extension BoxMatching {
    /// Whether `source` and `target` have the same sections in the same
    /// order, with no id twice: a few sections (up to 32, compared pairwise
    /// for duplicates), equal identity hashes position by position, and
    /// equal ids where hashes do not imply it. Then the core would pair
    /// each section with its own index.
    @inlinable
    static func sameSections<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable
    ) -> Bool {
        sameSections(old: old, new: new, idsAreHashes: IdentityHashing.isInjective(S.self)) { s in
            IdentityHashing.equal(source.sections[s].id, target.sections[s].id)
        }
    }

    /// ``sameSections(_:_:old:new:)`` over the tables' section hashes,
    /// with `sameID(s)` telling whether both sides' section `s` have `==`
    /// ids (asked unless `idsAreHashes`: equal hashes are equal ids).
    @inlinable @inline(__always)
    static func sameSections(
        old: IdentityTable, new: IdentityTable, idsAreHashes: Bool, sameID: (Int) -> Bool
    ) -> Bool {
        let count = old.sectionCount
        guard count == new.sectionCount, count <= 32 else { return false }
        for s in 0..<count where old.word(s) != new.word(s) { return false }
        for s in 0..<count {
            for t in (s + 1)..<count where old.word(s) == old.word(t) { return false }
        }
        if !idsAreHashes {
            for s in 0..<count where !sameID(s) { return false }
        }
        return true
    }

    /// Whether every entry of `oldToNew` is its own index (each old
    /// section paired with the new one at its index).
    @inlinable
    static func pairsInPlace(_ oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        for s in 0..<oldToNew.count where oldToNew[s] != UInt32(truncatingIfNeeded: s) { return false }
        return true
    }

    /// Whether every paired section of `oldToNew` (old section → new
    /// section, or `none`) has the same id on both sides.
    @inlinable
    static func sectionsMatch<S, R>(
        _ source: borrowing Box<S, R>, _ target: borrowing Box<S, R>, oldToNew: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        for s in 0..<oldToNew.count
        where oldToNew[s] != none && !IdentityHashing.equal(source.sections[s].id, target.sections[Int(oldToNew[s])].id)
        {
            return false
        }
        return true
    }

    /// Whether every paired row has the same id on both sides, in one walk
    /// over the old rows. Each old section's rows are compared in place
    /// with the new section of its first partner (the usual case: a section
    /// keeps its rows), read through a buffer pointer; a partner elsewhere
    /// (a row moved to another section) is read by its path. No copy of
    /// the new ids: at 100,000 rows a flat copy of them was 1.6 MB written
    /// and read back, the walk's most missed cache lines. Loops stay at
    /// this level (not in a closure per row), so unspecialized generic code
    /// neither copies whole nodes nor looks up type metadata per row.
    @inlinable
    static func rowsMatch<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, newTable: IdentityTable,
        oldToNew: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let layout = NodeLayout<R>()
        // One new section (a list): every partner is in it, read in place.
        if target.sections.count == 1 {
            func oldRowsMatch(_ newID: (Int) -> UnsafePointer<R>) -> Bool {
                var i = 0
                for section in source.sections {
                    let matched = layout.withRows(section.rows) { count, rows in
                        for r in 0..<count {
                            let j = oldToNew[i + r]
                            if j != CCore.none && !IdentityHashing.equal(newID(Int(j)).pointee, rows.id(r).pointee) {
                                return false
                            }
                        }
                        return true
                    }
                    if !matched { return false }
                    i += section.rows.count
                }
                return true
            }
            return layout.withRows(target.sections[0].rows) { _, newRows in oldRowsMatch { newRows.id($0) } }
        }
        var i = 0
        for section in source.sections {
            let matched = layout.withRows(section.rows) { count, rows in
                var first = 0
                while first < count && oldToNew[i + first] == CCore.none { first += 1 }
                guard first < count else { return true }
                let u = newTable.section(Int(oldToNew[i + first]))
                let start = newTable.rowStart(u)
                return layout.withRows(target.sections[u].rows) { newCount, newRows in
                    for r in first..<count {
                        let j = oldToNew[i + r]
                        if j == CCore.none { continue }
                        let k = Int(j) &- start
                        if UInt(bitPattern: k) < UInt(bitPattern: newCount) {
                            if !IdentityHashing.equal(newRows.id(k).pointee, rows.id(r).pointee) { return false }
                        } else {
                            let v = newTable.section(Int(j))
                            if !IdentityHashing.equal(
                                target.sections[v].rows[Int(j) - newTable.rowStart(v)].id, rows.id(r).pointee)
                            {
                                return false
                            }
                        }
                    }
                    return true
                }
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
}
