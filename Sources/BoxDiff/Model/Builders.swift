/// Builds a ``Box``'s sections from a closure of statements, as Carbon's
/// `@SectionsBuilder` does: each statement a ``Section``, an optional one
/// (none when `nil`) or an array of them, with `if`, `if`/`else`,
/// `switch`, `for` and `if #available`.
///
/// ```swift
/// let box = Box<String, Int> {
///     Section(id: "account", header: "Account") {
///         1 <> "Sync"
///         if isAdmin { 2 <> "Admin tools" }
///     }
///     if !drafts.isEmpty {
///         Section(id: "drafts", header: "Drafts") {
///             for draft in drafts { draft.id <> draft.title }
///         }
///     }
///     archivedSections   // an array of sections
/// }
/// ```
@resultBuilder
public enum SectionsBuilder<SectionID: Hashable, RowID: Hashable> {
    /// One section.
    @inlinable
    public static func buildExpression(_ section: Section<SectionID, RowID>) -> [Section<SectionID, RowID>] {
        [section]
    }

    /// Sections made elsewhere (a `map`), in their order.
    @inlinable
    public static func buildExpression(_ sections: [Section<SectionID, RowID>]) -> [Section<SectionID, RowID>] {
        sections
    }

    /// A section that may be absent (Carbon's optional `Section` statement,
    /// Bento's `|-? section`): the section, or none when it is `nil`.
    /// Disfavored, so that a statement that is not optional type-checks as
    /// before (favored, it took a 30-section body of literal rows 1.7 to
    /// 2.4 times as long: 10.7–15 s against 5.2–6.3 s of `swiftc -typecheck`).
    @inlinable @_disfavoredOverload
    public static func buildExpression(_ section: Section<SectionID, RowID>?) -> [Section<SectionID, RowID>] {
        if let section { [section] } else { [] }
    }

    /// The statements' sections, in order.
    @inlinable
    public static func buildBlock(_ parts: [Section<SectionID, RowID>]...) -> [Section<SectionID, RowID>] {
        Array(joining: parts)
    }

    /// An `if` without `else`: its sections, or none.
    @inlinable
    public static func buildOptional(_ part: [Section<SectionID, RowID>]?) -> [Section<SectionID, RowID>] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(first part: [Section<SectionID, RowID>]) -> [Section<SectionID, RowID>] {
        part
    }

    /// The second branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(second part: [Section<SectionID, RowID>]) -> [Section<SectionID, RowID>] {
        part
    }

    /// A `for` loop: every pass's sections, in order.
    @inlinable
    public static func buildArray(_ parts: [[Section<SectionID, RowID>]]) -> [Section<SectionID, RowID>] {
        Array(joining: parts)
    }

    /// An `if #available` branch.
    @inlinable
    public static func buildLimitedAvailability(_ part: [Section<SectionID, RowID>]) -> [Section<SectionID, RowID>] {
        part
    }
}

/// Builds a ``Section``'s rows from a closure of statements, as Carbon's
/// `@CellsBuilder` does: each statement a ``Node`` (`id <> component`,
/// `Node(id:component:)`), an optional one (none when `nil`) or an array
/// of them, with `if`, `if`/`else`, `switch`, `for` and `if #available`.
///
/// ```swift
/// Section(id: "inbox", header: "Inbox") {
///     for message in messages { message.id <> MessageRow(message) }
///     if hasMore { loadMoreID <> "Load more" }
/// }
/// ```
@resultBuilder
public enum RowsBuilder<RowID: Hashable> {
    /// One row.
    @inlinable
    public static func buildExpression(_ node: Node<RowID>) -> [Node<RowID>] { [node] }

    /// Rows made elsewhere (a `map`), in their order.
    @inlinable
    public static func buildExpression(_ nodes: [Node<RowID>]) -> [Node<RowID>] { nodes }

    /// A row that may be absent (Carbon's optional `CellNode` statement,
    /// Bento's `|---? node`): the row, or none when it is `nil`.
    /// Disfavored, as the optional section's overload of
    /// ``SectionsBuilder``.
    @inlinable @_disfavoredOverload
    public static func buildExpression(_ node: Node<RowID>?) -> [Node<RowID>] {
        if let node { [node] } else { [] }
    }

    /// The statements' rows, in order.
    @inlinable
    public static func buildBlock(_ parts: [Node<RowID>]...) -> [Node<RowID>] { Array(joining: parts) }

    /// An `if` without `else`: its rows, or none.
    @inlinable
    public static func buildOptional(_ part: [Node<RowID>]?) -> [Node<RowID>] { part ?? [] }

    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(first part: [Node<RowID>]) -> [Node<RowID>] { part }

    /// The second branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(second part: [Node<RowID>]) -> [Node<RowID>] { part }

    /// A `for` loop: every pass's rows, in order.
    @inlinable
    public static func buildArray(_ parts: [[Node<RowID>]]) -> [Node<RowID>] { Array(joining: parts) }

    /// An `if #available` branch.
    @inlinable
    public static func buildLimitedAvailability(_ part: [Node<RowID>]) -> [Node<RowID>] { part }
}

extension Box {
    /// A Box of the sections `content` builds (``SectionsBuilder``): Carbon's
    /// `renderer.render { ... }` body, as a Box to render.
    ///
    /// ```swift
    /// renderer.render(Box<String, Int> {
    ///     Section(id: "settings", header: "Settings") {
    ///         1 <> "Sync"
    ///     }
    /// })
    /// ```
    /// - Parameter content: The sections, one statement each (or arrays).
    @inlinable
    public init(@SectionsBuilder<SectionID, RowID> _ content: () -> [Section<SectionID, RowID>]) {
        self.init(sections: content())
    }
}

extension Section {
    /// A section of the rows `rows` builds (``RowsBuilder``), as Carbon's
    /// `Section(id:header:footer:cells:)` with its `@CellsBuilder` closure.
    ///
    /// The header and footer are ``Component``s (a string literal, or
    /// `Component(value)`); an instance of a class, such as a Bento
    /// component, is written `Component(incomparable: view)` here (the
    /// array form, `Section(id:header:rows:)`, also takes it as it is).
    /// Without that, the compiler's message names the wrong argument
    /// ("requires that '() -> Node<...>' be a class type").
    ///
    /// ```swift
    /// Section(id: "fruit", header: "Fruit") {
    ///     1 <> "Apples"
    ///     2 <> "Pears"
    /// }
    /// ```
    /// - Parameters:
    ///   - id: The section's identity.
    ///   - header: The header, if any.
    ///   - footer: The footer, if any.
    ///   - rows: The rows, one statement each (or arrays).
    @inlinable
    public init(
        id: SectionID, header: Component? = nil, footer: Component? = nil,
        @RowsBuilder<RowID> rows: () -> [Node<RowID>]
    ) {
        self.init(id: id, header: header, footer: footer, rows: rows())
    }
}

extension BoxRenderer {
    /// Shows the Box `content` builds (``SectionsBuilder``), as Carbon's
    /// `renderer.render { ... }`: ``render(_:animated:completion:)`` of
    /// `Box { ... }`.
    ///
    /// ```swift
    /// renderer.render {
    ///     Section(id: "account", header: "Account") {
    ///         1 <> "Sync"
    ///     }
    /// }
    /// renderer.render(animated: false, completion: { print("shown") }) {
    ///     Section(id: "account") { 1 <> "Sync" }
    /// }
    /// ```
    /// - Parameters:
    ///   - animated: Whether to animate the changes from ``shownBox``
    ///     (Carbon's `isAnimationEnabled`); `false`: `setData` and
    ///     ``ListView/reloadData()``, no diff.
    ///   - completion: Called once, when the view's animations for the Box
    ///     end (Carbon's updater `completion`), as for
    ///     ``render(_:animated:completion:)``.
    ///   - content: The sections, one statement each (or arrays).
    public func render(
        animated: Bool = true, completion: (() -> Void)? = nil,
        @SectionsBuilder<SectionID, RowID> _ content: () -> [Section<SectionID, RowID>]
    ) {
        render(Box(sections: content()), animated: animated, completion: completion)
    }
}

extension Array {
    /// `parts` one after the other, in one allocation (a builder's block
    /// or loop; one part is returned as it is).
    @inlinable
    init(joining parts: [[Element]]) {
        if parts.count == 1 {
            self = parts[0]
            return
        }
        self = []
        reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { append(contentsOf: part) }
    }
}
