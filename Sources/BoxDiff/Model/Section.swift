/// A section of a ``Box``: an identity, an optional header and footer, and
/// its rows.
///
/// The header and footer are the section's own content: when either
/// changes, the section is updated (reloaded).
///
/// ```swift
/// let fruit = Section<String, Int>(id: "fruit", header: "Fruit")
///     |---+ Node(id: 1, component: "Apples")
///     |---+ Node(id: 2, component: "Pears")
/// ```
public struct Section<SectionID: Hashable, RowID: Hashable>: CustomStringConvertible {
    /// The section's identity.
    public var id: SectionID
    /// The header, if any.
    public var header: Component?
    /// The footer, if any.
    public var footer: Component?
    /// The rows, in order.
    public var rows: [Node<RowID>]

    /// A row of this section (Bento's `Section.Item`).
    public typealias Item = Node<RowID>

    /// The rows, under Bento's later name (`section.items`): the same
    /// array as ``rows``, read and mutated in place.
    public var items: [Node<RowID>] {
        get { rows }
        _modify { yield &rows }
    }

    /// A section with the given identity, header, footer and rows.
    public init(id: SectionID, header: Component? = nil, footer: Component? = nil, rows: [Node<RowID>] = []) {
        self.id = id
        self.header = header
        self.footer = footer
        self.rows = rows
    }

    /// A section with the given identity, header, footer and rows, with
    /// Bento's later label `items:`.
    public init(id: SectionID, header: Component? = nil, footer: Component? = nil, items: [Node<RowID>]) {
        self.init(id: id, header: header, footer: footer, rows: items)
    }

    /// Whether the headers and footers of two sections are equal (Bento's
    /// `hasEqualMetadata`): what decides whether a section with the same
    /// identity is updated (reloaded). The rows are not compared.
    public static func hasEqualMetadata(_ lhs: Section, _ rhs: Section) -> Bool {
        lhs.header == rhs.header && lhs.footer == rhs.footer
    }

    /// Appends `node`.
    /// - Complexity: amortized O(1) when the rows are not shared.
    public mutating func append(node: Node<RowID>) {
        rows.append(node)
    }

    /// Appends `nodes`.
    /// - Complexity: amortized O(`nodes.count`) when the rows are not shared.
    public mutating func append(nodes: [Node<RowID>]) {
        rows.append(contentsOf: nodes)
    }

    /// This section with `node` appended (in place when this section is
    /// not shared, as in an operator chain: see ``Box``). Not in place in
    /// a loop of `section = section.appending(node:)`, even in release
    /// builds: the caller's copy stays alive (see the `|---+` operator).
    public consuming func appending(node: Node<RowID>) -> Section {
        rows.append(node)
        return self
    }

    /// This section with `nodes` appended.
    public consuming func appending(nodes: [Node<RowID>]) -> Section {
        rows.append(contentsOf: nodes)
        return self
    }

    /// This section with `node` appended when it is not `nil`.
    public consuming func appending(node: Node<RowID>?) -> Section {
        if let node { rows.append(node) }
        return self
    }

    /// This section with `node` appended when `condition` holds (`node` is
    /// only evaluated then).
    public consuming func appending(node: @autoclosure () -> Node<RowID>, if condition: Bool) -> Section {
        if condition { rows.append(node()) }
        return self
    }

    /// A hash of the header and footer: 0 when either's content hash is 0
    /// (incomparable, or by chance: see ``Component/contentHash``; always
    /// changed), never 0 otherwise. Stable across processes when
    /// both are of standard types (see ``Component/contentHash``). A diff
    /// treats equal hashes only as a proposal and confirms them with the
    /// header's and footer's `==`.
    /// - Complexity: O(size of header and footer).
    public var contentHash: UInt64 {
        // Read through optional chaining, in place: binding each component
        // to a local (`guard let`) copied it, an atomic retain and release.
        let header = self.header?.contentHash ?? 0x2545_F491_4F6C_DD1D
        let footer = self.footer?.contentHash ?? 0x5851_F42D_4C95_7F2D
        guard header != 0 && footer != 0 else { return 0 }
        var h = header &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 29) ^ footer) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return h == 0 ? 1 : h
    }

    /// `id [header] {footer} [rows]`, each row as `id: component` (see
    /// ``Node/description``), the header and footer only when present:
    /// `a [A] [1: one, 2: two]`.
    public var description: String {
        let head = header.map { " [\($0)]" } ?? ""
        let foot = footer.map { " {\($0)}" } ?? ""
        return "\(id)\(head)\(foot) \(rows)"
    }
}

extension Section: Equatable {
    /// Same identity, header, footer and rows (rows sharing one array
    /// storage count as equal, as for ``Box/==(_:_:)``).
    public static func == (lhs: Section, rhs: Section) -> Bool {
        IdentityHashing.equal(lhs.id, rhs.id) && lhs.header == rhs.header && lhs.footer == rhs.footer
            && lhs.rows == rhs.rows
    }
}

extension Section: Sendable where SectionID: Sendable, RowID: Sendable {}
