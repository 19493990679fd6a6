/// One row of a ``Box``: an identity and the component it shows.
///
/// A row's identity is unique across the whole Box (as in UIKit's diffable
/// data sources), so a row can move from one section to another.
///
/// ```swift
/// let node = Node(id: 42, component: "Apples")
/// let custom = Node(id: 43, component: Label(text: "Pears"))  // any Hashable & Sendable
/// let bento = 44 <> Label(text: "Plums")                      // Bento's spelling
/// let label = custom.component(as: Label.self)                // Label?
/// ```
///
/// `id <> component` (Bento's operator, binding tighter than `|---+`, so
/// `section |---+ id <> component` needs no parentheses) makes a row from
/// a ``Component``, from any `Hashable & Sendable` value (compared by
/// content), or from an instance of any other class, such as a Bento
/// component holding closures (incomparable: see
/// ``Component/init(incomparable:)``).
public struct Node<RowID: Hashable>: CustomStringConvertible {
    /// The row's identity.
    public var id: RowID
    /// What the row shows; a change of content makes the row updated.
    public var component: Component

    /// A row showing `component`.
    public init(id: RowID, component: Component) {
        self.id = id
        self.component = component
    }

    /// A row showing a comparable value.
    public init<Value: Hashable & Sendable>(id: RowID, component: Value) {
        self.id = id
        self.component = Component(component)
    }

    /// A row showing an instance of a class that is not `Hashable &
    /// Sendable`, such as a Bento component holding closures, as
    /// `Node(id:component:)` takes it in Bento: incomparable
    /// (``Component/init(incomparable:)``), so the row counts as changed on
    /// every diff, as with `id <> object`.
    public init<Value: AnyObject>(id: RowID, component: Value) {
        self.id = id
        self.component = Component(incomparable: component)
    }

    /// A row showing an instance of a class that is `Hashable & Sendable`:
    /// compared by content (this overload settles the choice between the
    /// two above).
    public init<Value: AnyObject & Hashable & Sendable>(id: RowID, component: Value) {
        self.id = id
        self.component = Component(component)
    }

    /// The component's value as `T`, or `nil` when it is of another type
    /// (``Component/value(as:)``); named apart from the ``component``
    /// property, so both read naturally.
    ///
    /// ```swift
    /// if let label = node.component(as: Label.self) { cell.show(label) }
    /// ```
    public func component<T>(as type: T.Type) -> T? {
        component.value(as: type)
    }

    /// `id: component`.
    public var description: String { "\(id): \(component)" }
}

extension Node: Equatable {
    /// Same identity and equal components (see ``Component/==(_:_:)``).
    public static func == (lhs: Node, rhs: Node) -> Bool {
        IdentityHashing.equal(lhs.id, rhs.id) && lhs.component == rhs.component
    }
}

extension Node: Sendable where RowID: Sendable {}

/// `id <> component`: a row showing `component` (Bento's `<>`).
public func <> <RowID: Hashable>(id: RowID, component: Component) -> Node<RowID> {
    Node(id: id, component: component)
}

/// `id <> value`: a row showing a comparable value (changed when the value
/// is not `==` to the other side's).
public func <> <RowID: Hashable, Value: Hashable & Sendable>(id: RowID, component: Value) -> Node<RowID> {
    Node(id: id, component: component)
}

/// `id <> object`: a row showing an instance of a class that is not
/// `Hashable & Sendable`, such as a Bento component holding closures. It
/// is incomparable (``Component/init(incomparable:)``): the row counts as
/// changed on every diff, as Bento re-renders its visible rows.
public func <> <RowID: Hashable, Value: AnyObject>(id: RowID, component: Value) -> Node<RowID> {
    Node(id: id, component: component)
}

/// `id <> object` for a class that is `Hashable & Sendable`: compared by
/// content, as any other comparable value (this overload settles the
/// choice between the two above).
public func <> <RowID: Hashable, Value: AnyObject & Hashable & Sendable>(id: RowID, component: Value) -> Node<RowID> {
    Node(id: id, component: component)
}
