import BoxDiff

/// A flat list's element as DifferenceKit users write them: identified by
/// `id`, changed when `text` changes. Shared by the updater tests and the
/// fuzzer of the Swift layer.
public struct TextItem: Differentiable, Equatable, Sendable, CustomStringConvertible {
    /// The identifier (`differenceIdentifier`).
    public var id: Int
    /// What `isContentEqual(to:)` compares.
    public var text: String

    /// An item of `id` showing `text`.
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    /// `id`.
    public var differenceIdentifier: Int { id }

    /// Whether `source` shows the same text.
    public func isContentEqual(to source: TextItem) -> Bool { text == source.text }

    /// `id` and `text`, as "3:b".
    public var description: String { "\(id):\(text)" }

    /// A Box's rows, in order, as one flat list: each row's id, and its
    /// component's value as the text.
    public static func rows(of box: BoxGenerators.TestBox) -> [TextItem] {
        box.sections.flatMap { $0.rows.map { TextItem(id: $0.id, text: "\($0.component.value)") } }
    }
}
