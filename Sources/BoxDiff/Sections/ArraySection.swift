/// A section made of a model and an array of elements, as DifferenceKit's
/// `ArraySection`: the model identifies the section and decides whether
/// the section itself is updated; the elements are diffed by their own
/// `differenceIdentifier` and `isContentEqual(to:)`.
///
/// ```swift
/// let old = [
///     ArraySection(model: "Fruit", elements: [apple, pear]),
///     ArraySection(model: "Vegetables", elements: [leek]),
/// ]
/// let new = [ArraySection(model: "Fruit", elements: [pear, apple, leek])]
/// let changeset = try StagedChangeset(source: old, target: new)
/// ```
@frozen
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DifferentiableSection {
    /// The section's model: its identity and its own content.
    public var model: Model
    /// The section's elements, in order.
    public var elements: [Element]

    /// The model's identity, which pairs this section with the other side's.
    @inlinable
    public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

    /// A section with `model` and `elements`.
    @inlinable
    public init<C: Swift.Collection>(model: Model, elements: C) where C.Element == Element {
        self.model = model
        self.elements = Array(elements)
    }

    /// A section with `source`'s model and `elements`.
    @inlinable
    public init<C: Swift.Collection>(source: ArraySection, elements: C) where C.Element == Element {
        self.init(model: source.model, elements: elements)
    }

    /// Whether the models have equal content (the elements are diffed on
    /// their own, not compared here).
    @inlinable
    public func isContentEqual(to source: ArraySection) -> Bool {
        model.isContentEqual(to: source.model)
    }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {
    /// Equal models and equal elements, in order; `String`, `Substring`
    /// and `Character` models and elements compared in linear time
    /// whatever their combining marks.
    @inlinable
    public static func == (lhs: ArraySection, rhs: ArraySection) -> Bool {
        IdentityHashing.equal(lhs.model, rhs.model) && IdentityHashing.arraysEqual(lhs.elements, rhs.elements)
    }
}

extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}

extension ArraySection: CustomDebugStringConvertible {
    /// `Section(model: …, elements: […])`.
    public var debugDescription: String {
        "Section(model: \(model), elements: \(elements))"
    }
}
