/// Reads the ids and components of a section's rows in place.
///
/// The Box code is generic and, called from another module, runs
/// unspecialized: there, every `rows[r].id` copies the whole node and looks
/// up `Node<RowID>`'s type metadata again, which costs more than the hashing
/// itself. This reads through a raw pointer with the node's layout taken
/// once per diff, so the per-row work is the id's and component's own.
@usableFromInline
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
    @usableFromInline
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
