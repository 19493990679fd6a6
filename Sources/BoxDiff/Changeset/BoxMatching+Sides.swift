/// The sections of a Box as one side of a pairing.
@frozen @usableFromInline
struct BoxSectionSide<S: Hashable, R: Hashable>: PairingSide {
    @usableFromInline let box: Box<S, R>
    @usableFromInline var identityHashes: ArraySlice<UInt64>

    /// The sections of `box`, whose identity table is `table`.
    @inlinable
    init(_ box: Box<S, R>, table: IdentityTable) {
        self.box = box
        identityHashes = table.sectionIDSlice
    }

    @inlinable
    func id(at flatIndex: Int) -> S { box.sections[flatIndex].id }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .section(flatIndex) }
}

/// All rows of a Box, flattened, as one side of a pairing.
@frozen @usableFromInline
struct BoxRowSide<S: Hashable, R: Hashable>: PairingSide {
    @usableFromInline let box: Box<S, R>
    @usableFromInline let table: IdentityTable
    @usableFromInline var identityHashes: ArraySlice<UInt64>

    /// The rows of `box`, whose identity table is `table`.
    @inlinable
    init(_ box: Box<S, R>, table: IdentityTable) {
        self.box = box
        self.table = table
        identityHashes = table.rowIDSlice
    }

    @inlinable
    func id(at flatIndex: Int) -> R { BoxMatching.node(box, table.path(ofRow: flatIndex)).id }

    @inlinable
    func location(of flatIndex: Int) -> DiffLocation { .row(table.path(ofRow: flatIndex)) }

    @inlinable
    static func pairsMatch(_ old: Self, _ new: Self, oldToNew: UnsafeBufferPointer<UInt32>) -> Bool {
        BoxMatching.rowsMatch(old.box, new.box, newTable: new.table, oldToNew: oldToNew)
    }
}
