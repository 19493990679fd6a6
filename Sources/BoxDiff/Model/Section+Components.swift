// Bento's `Section(id:header:footer:)` takes the component values
// themselves (Bento's `Renderable`s, which are classes holding closures in
// Bento and BentoKit), not a type-erased wrapper. These initializers take
// an instance of any class as the header or footer, as `Node(id:component:)`
// takes one as a row: incomparable (``Component/init(incomparable:)``), so
// the section counts as updated (reloaded) on every diff, as Bento
// re-renders its visible headers and footers. As with `Node(id:component:)`,
// a class that is `Hashable & Sendable` is compared by content instead
// (the overloads at the end settle the choice), in every combination of
// such a class and another one.
//
// A ``Component``, a string literal or `nil` goes through the initializer
// of `Section.swift` that takes `Component?`, as does a comparable value
// wrapped as `Component(value)`. There is deliberately no overload taking
// a `Hashable & Sendable` value directly: next to the `Component?` one it
// made every `header: "literal"` in an operator chain a choice the type
// checker explores across all the chain's sections (a 30-section chain
// took 13 s to type-check instead of 11 ms).
//
// A class instance next to a ``Component``, a literal or `nil` (`header:
// view, footer: "text"`) is written `Component(incomparable: view)`:
// initializers for those mixes doubled the type-checking time of long
// chains with literal headers.
//
// They are disfavored: the type checker tries the `Component?` initializer
// first and does not explore these for a header that is a literal, which
// keeps long chains as fast to type-check as without them (a 130-line
// chain: 71-81 ms, against 73 ms without these initializers, 150 ms
// when they are not disfavored).

extension Section {
    /// A section with a header that is an instance of a class, such as a
    /// Bento component holding closures, and its rows. The header
    /// is incomparable (``Component/init(incomparable:)``): the section is
    /// updated on every diff.
    ///
    /// ```swift
    /// Section(id: .user, header: EmptySpaceComponent(height: 24))
    /// ```
    @_disfavoredOverload
    public init<Header: AnyObject>(id: SectionID, header: Header, rows: [Node<RowID>] = []) {
        self.init(id: id, header: Component(incomparable: header), footer: nil, rows: rows)
    }

    /// A section with a footer that is an instance of a class
    /// (incomparable: the section is updated on every diff), and its rows.
    @_disfavoredOverload
    public init<Footer: AnyObject>(id: SectionID, footer: Footer, rows: [Node<RowID>] = []) {
        self.init(id: id, header: nil, footer: Component(incomparable: footer), rows: rows)
    }

    /// A section with a header and a footer that are instances of classes
    /// (incomparable: the section is updated on every diff), and its rows.
    @_disfavoredOverload
    public init<Header: AnyObject, Footer: AnyObject>(
        id: SectionID, header: Header, footer: Footer, rows: [Node<RowID>] = []
    ) {
        self.init(
            id: id, header: Optional(Component(incomparable: header)),
            footer: Optional(Component(incomparable: footer)), rows: rows)
    }

    /// A section with an incomparable header and its rows, with Bento's
    /// later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject>(id: SectionID, header: Header, items: [Node<RowID>]) {
        self.init(id: id, header: Component(incomparable: header), footer: nil, rows: items)
    }

    /// A section with an incomparable footer and its rows, with Bento's
    /// later label `items:`.
    @_disfavoredOverload
    public init<Footer: AnyObject>(id: SectionID, footer: Footer, items: [Node<RowID>]) {
        self.init(id: id, header: nil, footer: Component(incomparable: footer), rows: items)
    }

    /// A section with an incomparable header and footer and its rows, with
    /// Bento's later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject, Footer: AnyObject>(
        id: SectionID, header: Header, footer: Footer, items: [Node<RowID>]
    ) {
        self.init(
            id: id, header: Optional(Component(incomparable: header)),
            footer: Optional(Component(incomparable: footer)), rows: items)
    }

    // Classes that are `Hashable & Sendable`: compared by content, as
    // `Node(id:component:)` compares them (these settle the choice between
    // the overloads above and the `Component(_:)` a comparable value gets).

    /// A section with a header that is an instance of a `Hashable &
    /// Sendable` class, compared by content (``Component/init(_:)``), and
    /// its rows.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable>(id: SectionID, header: Header, rows: [Node<RowID>] = []) {
        self.init(id: id, header: Component(header), footer: nil, rows: rows)
    }

    /// A section with a footer that is an instance of a `Hashable &
    /// Sendable` class, compared by content, and its rows.
    @_disfavoredOverload
    public init<Footer: AnyObject & Hashable & Sendable>(id: SectionID, footer: Footer, rows: [Node<RowID>] = []) {
        self.init(id: id, header: nil, footer: Component(footer), rows: rows)
    }

    /// A section with a header and a footer that are instances of classes,
    /// each compared by content when its class is `Hashable & Sendable`
    /// (else incomparable), and its rows.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable, Footer: AnyObject>(
        id: SectionID, header: Header, footer: Footer, rows: [Node<RowID>] = []
    ) {
        self.init(
            id: id, header: Optional(Component(header)), footer: Optional(Component(incomparable: footer)), rows: rows)
    }

    /// A section with a header and a footer that are instances of classes,
    /// each compared by content when its class is `Hashable & Sendable`
    /// (else incomparable), and its rows.
    @_disfavoredOverload
    public init<Header: AnyObject, Footer: AnyObject & Hashable & Sendable>(
        id: SectionID, header: Header, footer: Footer, rows: [Node<RowID>] = []
    ) {
        self.init(
            id: id, header: Optional(Component(incomparable: header)), footer: Optional(Component(footer)), rows: rows)
    }

    /// A section with a header and a footer that are instances of
    /// `Hashable & Sendable` classes, both compared by content, and its rows.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable, Footer: AnyObject & Hashable & Sendable>(
        id: SectionID, header: Header, footer: Footer, rows: [Node<RowID>] = []
    ) {
        self.init(id: id, header: Optional(Component(header)), footer: Optional(Component(footer)), rows: rows)
    }

    /// A section with a header that is an instance of a `Hashable &
    /// Sendable` class, compared by content, and its rows, with Bento's
    /// later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable>(id: SectionID, header: Header, items: [Node<RowID>]) {
        self.init(id: id, header: header, rows: items)
    }

    /// A section with a footer that is an instance of a `Hashable &
    /// Sendable` class, compared by content, and its rows, with Bento's
    /// later label `items:`.
    @_disfavoredOverload
    public init<Footer: AnyObject & Hashable & Sendable>(id: SectionID, footer: Footer, items: [Node<RowID>]) {
        self.init(id: id, footer: footer, rows: items)
    }

    /// A section with a header and a footer that are instances of classes,
    /// each compared by content when its class is `Hashable & Sendable`,
    /// and its rows, with Bento's later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable, Footer: AnyObject>(
        id: SectionID, header: Header, footer: Footer, items: [Node<RowID>]
    ) {
        self.init(id: id, header: header, footer: footer, rows: items)
    }

    /// A section with a header and a footer that are instances of classes,
    /// each compared by content when its class is `Hashable & Sendable`,
    /// and its rows, with Bento's later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject, Footer: AnyObject & Hashable & Sendable>(
        id: SectionID, header: Header, footer: Footer, items: [Node<RowID>]
    ) {
        self.init(id: id, header: header, footer: footer, rows: items)
    }

    /// A section with a header and a footer that are instances of
    /// `Hashable & Sendable` classes, both compared by content, and its
    /// rows, with Bento's later label `items:`.
    @_disfavoredOverload
    public init<Header: AnyObject & Hashable & Sendable, Footer: AnyObject & Hashable & Sendable>(
        id: SectionID, header: Header, footer: Footer, items: [Node<RowID>]
    ) {
        self.init(id: id, header: header, footer: footer, rows: items)
    }
}
