extension BoxMatching {
    /// The paired old rows whose content hash equals their partner's while
    /// their components are not `==` (a hash that covers part of a value,
    /// or a 64-bit collision). Incomparable components (hash 0) are
    /// updated anyway and not checked.
    ///
    /// The new side's component references are first gathered into one
    /// flat buffer (borrowed, not retained: `target` outlives the call);
    /// then one walk over the old rows compares in place.
    /// - Complexity: O(rows), plus one `==` per paired row with equal
    ///   hashes.
    @usableFromInline
    static func rowsChangedDespiteHash<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable,
        oldToNew: UnsafeBufferPointer<UInt32>
    ) -> Set<Int> {
        let layout = NodeLayout<R>()
        let newComponents = UnsafeMutablePointer<UnsafeRawPointer>.allocate(capacity: max(new.rowCount, 1))
        defer { newComponents.deallocate() }
        var k = 0
        for section in target.sections {
            layout.withRows(section.rows) { count, rows in
                for r in 0..<count {
                    newComponents[k + r] = Component.storageBits(at: rows.component(r))
                }
            }
            k += section.rows.count
        }
        var changed = Set<Int>()
        var i = 0
        old.rowContents.withUnsafeBufferPointer { oldContents in
            new.rowContents.withUnsafeBufferPointer { newContents in
                for section in source.sections {
                    layout.withRows(section.rows) { count, rows in
                        for r in 0..<count {
                            let j = oldToNew[i + r]
                            guard j != BoxMatching.none else { continue }
                            let h = oldContents[i + r]
                            guard h != 0 && h == newContents[Int(j)] else { continue }
                            if !Component.isEqual(at: rows.component(r), toStorageBits: newComponents[Int(j)]) {
                                changed.insert(i + r)
                            }
                        }
                    }
                    i += section.rows.count
                }
            }
        }
        return changed
    }

    /// The paired old sections whose content hash equals their partner's
    /// while their header or footer is not `==`.
    /// - Complexity: O(sections), plus the `==` of paired headers and
    ///   footers with equal hashes.
    @inlinable
    static func sectionsChangedDespiteHash<S, R>(
        _ source: Box<S, R>, _ target: Box<S, R>, old: IdentityTable, new: IdentityTable, oldToNew: [UInt32]
    ) -> Set<Int> {
        var changed = Set<Int>()
        for s in 0..<oldToNew.count where oldToNew[s] != BoxMatching.none {
            let t = Int(oldToNew[s])
            let h = old.sectionContents[s]
            guard h != 0 && h == new.sectionContents[t] else { continue }
            let a = source.sections[s], b = target.sections[t]
            if a.header != b.header || a.footer != b.footer { changed.insert(s) }
        }
        return changed
    }
}
