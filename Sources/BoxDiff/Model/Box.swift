/// The content of a sectioned list: sections of rows, as Bento's `Box`.
///
/// Build one with the operators (``|-+(_:_:)``, ``|---+(_:_:)``, ``|-?(_:_:)``, ``|---?(_:_:)``,
/// ``|---*(_:_:)``) or with plain methods, then diff two Boxes with
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
/// the cache. (The intermediate Boxes of a changeset's stages compute the
/// table on each request instead, so that a diff allocates no cache for
/// each; the last stage's data is the target itself.)
///
/// Building is linear: Box and ``Section`` are values over copy-on-write
/// arrays, and the operators and `appending` methods take the Box they
/// extend as `consuming`, so a Box that is not shared (the temporary of an
/// operator chain, or `box = box |---+ node` in an optimized build) gets
/// its row appended in place: amortized O(1) per row, with no copy of the
/// rows and no new identity-table cache (a Box that alone holds its cache
/// empties it in place on mutation). The `append` methods mutate in place
/// in every build.
@frozen
public struct Box<SectionID: Hashable, RowID: Hashable>: CustomStringConvertible {
    /// The sections, in order.
    public var sections: [Section<SectionID, RowID>] {
        // Alone with the cache: emptied in place (no allocation); shared
        // with a copy: the copy keeps it, this value gets a new one.
        didSet { cache.invalidate() }
    }

    @usableFromInline var cache: IdentityTableCache

    /// A Box with the given sections.
    public init(sections: [Section<SectionID, RowID>] = []) {
        self.sections = sections
        self.cache = IdentityTableCache()
    }

    /// A Box that computes its identity table on each request instead of
    /// caching it (no allocation): a changeset's intermediate stages.
    @inlinable
    init(uncachedSections sections: [Section<SectionID, RowID>]) {
        self.sections = sections
        self.cache = .uncached
    }

    /// A Box with no sections.
    public static var empty: Box { Box() }

    /// The number of rows over all sections.
    /// - Complexity: O(number of sections).
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// Appends `section`.
    /// - Complexity: amortized O(1) when the sections are not shared.
    public mutating func append(section: Section<SectionID, RowID>) {
        sections.append(section)
    }

    /// Appends `node` to the last section.
    /// - Precondition: the Box has a section.
    /// - Complexity: amortized O(1) when the rows are not shared.
    public mutating func append(node: Node<RowID>) {
        checkUsage(!sections.isEmpty, "BoxDiff: appending rows to a Box without sections")
        sections[sections.count - 1].rows.append(node)
    }

    /// Appends `nodes` to the last section.
    /// - Precondition: the Box has a section (unless `nodes` is empty).
    /// - Complexity: amortized O(`nodes.count`) when the rows are not shared.
    public mutating func append(nodes: [Node<RowID>]) {
        if nodes.isEmpty { return }
        checkUsage(!sections.isEmpty, "BoxDiff: appending rows to a Box without sections")
        sections[sections.count - 1].rows.append(contentsOf: nodes)
    }

    /// This Box with `section` appended (in place when this Box is not
    /// shared).
    public consuming func appending(section: Section<SectionID, RowID>) -> Box {
        append(section: section)
        return self
    }

    /// This Box with `section` appended when it is not `nil`.
    public consuming func appending(section: Section<SectionID, RowID>?) -> Box {
        if let section { append(section: section) }
        return self
    }

    /// This Box with `section` appended when `condition` holds (`section`
    /// is only evaluated then).
    public consuming func appending(section: @autoclosure () -> Section<SectionID, RowID>, if condition: Bool) -> Box {
        if condition { append(section: section()) }
        return self
    }

    /// This Box with `node` appended to its last section (in place when
    /// this Box is not shared).
    /// - Precondition: the Box has a section.
    public consuming func appending(node: Node<RowID>) -> Box {
        append(node: node)
        return self
    }

    /// This Box with `node` appended to its last section when it is not
    /// `nil`.
    /// - Precondition: the Box has a section when `node` is not `nil`.
    public consuming func appending(node: Node<RowID>?) -> Box {
        if let node { append(node: node) }
        return self
    }

    /// This Box with `nodes` appended to its last section.
    /// - Precondition: the Box has a section (unless `nodes` is empty).
    public consuming func appending(nodes: [Node<RowID>]) -> Box {
        append(nodes: nodes)
        return self
    }

    /// `Box(` and each section's ``Section/description``, separated by
    /// `; `, on one line: `Box(a [A] [1: one, 2: two]; b [])`.
    public var description: String {
        "Box(" + sections.map(\.description).joined(separator: "; ") + ")"
    }
}

extension Box: Equatable {
    /// Same sections: identities, headers, footers, rows and components, in
    /// order (the cached identity table is not compared). Two Boxes built
    /// separately from equal comparable content are equal. A Box equals
    /// itself and its unmodified copies whatever it holds (Swift's array
    /// `==` counts arrays sharing one storage as equal, as the diff counts
    /// rows carried over); Boxes built separately that hold an incomparable
    /// component are never equal (see ``Component/==(_:_:)``).
    public static func == (lhs: Box, rhs: Box) -> Bool { lhs.sections == rhs.sections }
}

extension Box: Sendable where SectionID: Sendable, RowID: Sendable {}
