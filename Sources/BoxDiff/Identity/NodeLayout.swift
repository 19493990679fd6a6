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

    /// Whether an id is plain bytes (no references, trivially copied), so
    /// it can be copied with `memcpy` instead of through its type's value
    /// witnesses (the case of `Int`, and of `UUID`, whose layout is
    /// resilient and so copied through a call per row otherwise).
    @inlinable
    var idIsPlainData: Bool { _isPOD(RowID.self) }

    /// The rows of `rows` whose index passes `keep`, in order, as a new
    /// array: one allocation, each kept node copied once, the id as bytes
    /// when ``idIsPlainData`` and the component by its own (specialized)
    /// copy.
    @inlinable
    func copies(of rows: [Node<RowID>], keeping keep: (Int) -> Bool) -> [Node<RowID>] {
        guard idIsPlainData else {
            var result: [Node<RowID>] = []
            result.reserveCapacity(rows.count)
            for k in rows.indices where keep(k) { result.append(rows[k]) }
            return result
        }
        let idSize = MemoryLayout<RowID>.size
        return rows.withUnsafeBytes { raw in
            [Node<RowID>](unsafeUninitializedCapacity: rows.count) { buffer, initialized in
                guard let from = raw.baseAddress, let to = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
                var n = 0
                for k in 0..<rows.count where keep(k) {
                    let source = from + k * stride
                    let target = to + n * stride
                    (target + idOffset).copyMemory(from: source + idOffset, byteCount: idSize)
                    (target + componentOffset).assumingMemoryBound(to: Component.self).initialize(
                        to: (source + componentOffset).assumingMemoryBound(to: Component.self).pointee)
                    n += 1
                }
                initialized = n
            }
        }
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
