/// The content of a sectioned list: sections of rows, as Bento's `Box`.
///
/// Build one with the operators (``|-+``, ``|---+``, ``|-?``, ``|---?``,
/// ``|---*``) or with plain methods, then diff two Boxes with
/// `StagedChangeset(source:target:)`.
///
/// ```swift
/// let box = Box<String, Int>.empty
///     |-+ Section(id: "fruit", header: "Fruit")
///     |---+ Node(id: 1, component: "Apples")
///     |---+ Node(id: 2, component: "Pears")
///     |-? .iff(showVegetables) { Section(id: "veg", header: "Vegetables") }
/// ```
///
/// A Box caches its ``identityTable`` (the flat hashes a diff reads) the
/// first time it is diffed, so diffing it again, typically as the old side
/// of the next render, does not hash it again. Mutating ``sections`` drops
/// the cache.
public struct Box<SectionID: Hashable, RowID: Hashable>: CustomStringConvertible {
    /// The sections, in order.
    public var sections: [Section<SectionID, RowID>] {
        didSet { cache = IdentityTableCache() }
    }

    @usableFromInline var cache: IdentityTableCache

    /// A Box with the given sections.
    public init(sections: [Section<SectionID, RowID>] = []) {
        self.sections = sections
        self.cache = IdentityTableCache()
    }

    /// A Box with no sections.
    public static var empty: Box { Box() }

    /// The number of rows over all sections.
    /// - Complexity: O(number of sections).
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// This Box with `section` appended.
    public func appending(section: Section<SectionID, RowID>) -> Box {
        var sections = self.sections
        sections.append(section)
        return Box(sections: sections)
    }

    /// This Box with `section` appended when it is not `nil`.
    public func appending(section: Section<SectionID, RowID>?) -> Box {
        guard let section else { return self }
        return appending(section: section)
    }

    /// This Box with `section` appended when `condition` holds (`section`
    /// is only evaluated then).
    public func appending(section: @autoclosure () -> Section<SectionID, RowID>, if condition: Bool) -> Box {
        condition ? appending(section: section()) : self
    }

    /// This Box with `node` appended to its last section.
    /// - Precondition: the Box has a section.
    public func appending(node: Node<RowID>) -> Box {
        appending(nodes: [node])
    }

    /// This Box with `node` appended to its last section when it is not
    /// `nil`.
    /// - Precondition: the Box has a section when `node` is not `nil`.
    public func appending(node: Node<RowID>?) -> Box {
        guard let node else { return self }
        return appending(node: node)
    }

    /// This Box with `nodes` appended to its last section.
    /// - Precondition: the Box has a section (unless `nodes` is empty).
    public func appending(nodes: [Node<RowID>]) -> Box {
        if nodes.isEmpty { return self }
        precondition(!sections.isEmpty, "BoxDiff: appending rows to a Box without sections")
        var sections = self.sections
        sections[sections.count - 1].rows.append(contentsOf: nodes)
        return Box(sections: sections)
    }

    /// One line per section.
    public var description: String {
        "Box(" + sections.map(\.description).joined(separator: "; ") + ")"
    }
}

extension Box: Equatable {
    /// Same sections: identities, headers, footers, rows and components, in
    /// order (the cached identity table is not compared).
    public static func == (lhs: Box, rhs: Box) -> Bool { lhs.sections == rhs.sections }
}

extension Box: Sendable where SectionID: Sendable, RowID: Sendable {}
