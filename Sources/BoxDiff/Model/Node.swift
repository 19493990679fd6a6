/// One row of a ``Box``: an identity and the component it shows.
///
/// A row's identity is unique across the whole Box (as in UIKit's diffable
/// data sources), so a row can move from one section to another.
///
/// ```swift
/// let node = Node(id: 42, component: "Apples")
/// let custom = Node(id: 43, component: Label(text: "Pears"))  // any Hashable & Sendable
/// ```
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

    /// `id: component`.
    public var description: String { "\(id): \(component)" }
}

extension Node: Equatable {
    /// Same identity and equal components (see ``Component/==(_:_:)``).
    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.id == rhs.id && lhs.component == rhs.component
    }
}

extension Node: Sendable where RowID: Sendable {}
