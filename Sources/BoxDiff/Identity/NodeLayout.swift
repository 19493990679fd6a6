/// Reads the ids and components of a section's rows in place.
///
/// The Box code is generic and, called from another module, runs
/// unspecialized: there, every `rows[r].id` copies the whole node and looks
/// up `Node<RowID>`'s type metadata again, which costs more than the hashing
/// itself. This reads through a raw pointer with the node's layout taken
/// once per diff, so the per-row work is the id's and component's own.
@frozen @usableFromInline
struct NodeLayout<RowID: Hashable> {
    /// Bytes from one node to the next.
    @usableFromInline let stride: Int
    /// Where the id lies inside a node.
    @usableFromInline let idOffset: Int
    /// Where the component lies inside a node.
    @usableFromInline let componentOffset: Int

    @inlinable
    init() {
        stride = MemoryLayout<Node<RowID>>.stride
        idOffset = MemoryLayout<Node<RowID>>.offset(of: \Node<RowID>.id)!
        componentOffset = MemoryLayout<Node<RowID>>.offset(of: \Node<RowID>.component)!
    }

    /// Whether an id is plain bytes (no references, trivially copied), so
    /// it can be copied with `memcpy` instead of through its type's value
    /// witnesses (the case of `Int`, and of `UUID`, whose layout is
    /// resilient and so copied through a call per row otherwise).
    @inlinable
    var idIsPlainData: Bool { _isPOD(RowID.self) }

    /// The rows of `rows` that `filter` keeps, in order, as a new array:
    /// one allocation, each kept node copied once, the id as bytes when
    /// ``idIsPlainData`` and the component by its own (specialized) copy.
    ///
    /// The array is allocated by `reserveCapacity`, through code
    /// specialized for the node type, and filled in place by
    /// `append(contentsOf:)` from a ``KeptNodes`` sequence. Allocating
    /// uninitialized storage directly (`Array(unsafeUninitializedCapacity:)`)
    /// goes through the standard library's unspecialized code, whose
    /// metadata lookup costs about 350 instructions a call: more than
    /// copying a 20-row section.
    @inlinable
    func copies<Filter: RowFilter>(of rows: [Node<RowID>], keeping filter: Filter) -> [Node<RowID>] {
        var result: [Node<RowID>] = []
        result.reserveCapacity(rows.count)
        guard idIsPlainData else {
            for k in rows.indices where filter.keeps(k) { result.append(rows[k]) }
            return result
        }
        rows.withUnsafeBytes { raw in
            guard let from = raw.baseAddress else { return }
            result.append(contentsOf: KeptNodes(rows: from, count: rows.count, layout: self, filter: filter))
        }
        return result
    }

    /// Calls `body` with the row count and a reader of row `r`'s id and
    /// component, valid only during the call.
    @inlinable
    func withRows<T>(
        _ rows: [Node<RowID>], _ body: (Int, Reader) throws -> T
    ) rethrows -> T {
        try rows.withUnsafeBytes { raw in
            try body(rows.count, Reader(base: raw.baseAddress, layout: self))
        }
    }

    /// Row `r`'s fields, in place.
    @frozen @usableFromInline
    struct Reader {
        @usableFromInline let base: UnsafeRawPointer?
        @usableFromInline let layout: NodeLayout

        @inlinable
        init(base: UnsafeRawPointer?, layout: NodeLayout) {
            self.base = base
            self.layout = layout
        }

        /// The id of row `r`.
        @inlinable
        func id(_ r: Int) -> UnsafePointer<RowID> {
            (base! + r * layout.stride + layout.idOffset).assumingMemoryBound(to: RowID.self)
        }

        /// The component of row `r`.
        @inlinable
        func component(_ r: Int) -> UnsafePointer<Component> {
            (base! + r * layout.stride + layout.componentOffset).assumingMemoryBound(to: Component.self)
        }
    }
}

/// Which rows of a section ``NodeLayout/copies(of:keeping:)`` keeps, by
/// their index in the section (a type per rule, so that the copy loop is
/// specialized for it: no closure call per row).
@usableFromInline
protocol RowFilter {
    /// Whether row `row` is kept.
    func keeps(_ row: Int) -> Bool
}

/// Every row.
@frozen @usableFromInline
struct AllRows: RowFilter {
    @inlinable init() {}
    @inlinable func keeps(_: Int) -> Bool { true }
}

/// The rows whose entry in a map is not ``BoxMatching/none``: an old
/// section's paired rows, given its rows' slice of the old-to-new map.
@frozen @usableFromInline
struct PairedRows: RowFilter {
    /// The map's entry for the section's first row.
    @usableFromInline let map: UnsafePointer<UInt32>
    @inlinable init(_ map: UnsafePointer<UInt32>) { self.map = map }
    @inlinable func keeps(_ row: Int) -> Bool { map[row] != BoxMatching.none }
}

/// The rows of a node array that a ``RowFilter`` keeps, as a sequence
/// that `Array.append(contentsOf:)` writes straight into the array's
/// reserved capacity (its `_copyContents(initializing:)`). The ids must be
/// plain data (``NodeLayout/idIsPlainData``): they are copied as bytes.
@frozen @usableFromInline
struct KeptNodes<RowID: Hashable, Filter: RowFilter>: Sequence {
    /// The first node.
    @usableFromInline let rows: UnsafeRawPointer
    /// How many nodes, kept or not.
    @usableFromInline let count: Int
    /// The nodes' layout.
    @usableFromInline let layout: NodeLayout<RowID>
    /// Which nodes are kept.
    @usableFromInline let filter: Filter

    @inlinable
    init(rows: UnsafeRawPointer, count: Int, layout: NodeLayout<RowID>, filter: Filter) {
        self.rows = rows
        self.count = count
        self.layout = layout
        self.filter = filter
    }

    /// The kept nodes one by one (what `_copyContents` writes in one
    /// pass; kept so that a consumer that iterates still gets every node).
    @frozen @usableFromInline
    struct Iterator: IteratorProtocol {
        /// The nodes; `nil` once every one was given (or written).
        @usableFromInline var nodes: KeptNodes?
        /// The next row to test.
        @usableFromInline var position = 0

        @inlinable
        init(_ nodes: KeptNodes?) { self.nodes = nodes }

        @inlinable
        mutating func next() -> Node<RowID>? {
            guard let nodes else { return nil }
            while position < nodes.count {
                let k = position
                position += 1
                if nodes.filter.keeps(k) {
                    return (nodes.rows + k * nodes.layout.stride).assumingMemoryBound(to: Node<RowID>.self).pointee
                }
            }
            self.nodes = nil
            return nil
        }
    }

    @inlinable
    func makeIterator() -> Iterator { Iterator(self) }

    /// Writes the kept nodes to the start of `buffer`, which must have
    /// room for all `count`.
    @inlinable
    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Node<RowID>>
    ) -> (Iterator, UnsafeMutableBufferPointer<Node<RowID>>.Index) {
        precondition(layout.idIsPlainData && buffer.count >= count, "BoxDiff: no room for the kept nodes")
        guard let to = UnsafeMutableRawPointer(buffer.baseAddress) else { return (Iterator(nil), 0) }
        let idSize = MemoryLayout<RowID>.size
        var n = 0
        for k in 0..<count where filter.keeps(k) {
            let source = rows + k * layout.stride
            let target = to + n * layout.stride
            (target + layout.idOffset).copyMemory(from: source + layout.idOffset, byteCount: idSize)
            (target + layout.componentOffset).assumingMemoryBound(to: Component.self).initialize(
                to: (source + layout.componentOffset).assumingMemoryBound(to: Component.self).pointee)
            n += 1
        }
        return (Iterator(nil), n)
    }
}
