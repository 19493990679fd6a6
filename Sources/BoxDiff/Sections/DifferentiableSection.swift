/// A section of a sectioned list made of the caller's own types, as in
/// DifferenceKit: the section is itself ``Differentiable`` (its
/// `differenceIdentifier` pairs sections, its `isContentEqual(to:)` decides
/// whether the section itself, such as its header, is updated), and holds
/// ``elements`` that are ``Differentiable`` too.
///
/// ``ArraySection`` is the ready-made conformance; a type of your own
/// conforms like this:
///
/// ```swift
/// struct Group: DifferentiableSection {
///     var title: String
///     var elements: [Message]
///     var differenceIdentifier: String { title }
///     func isContentEqual(to source: Group) -> Bool { true }
/// }
///
/// // In an extension, so that `Group(title:elements:)`, the memberwise
/// // initializer, is kept (an initializer in the struct's body removes it).
/// extension Group {
///     init<C: Swift.Collection>(source: Group, elements: C) where C.Element == Message {
///         self.init(title: source.title, elements: Array(elements))
///     }
/// }
///
/// let newGroups = [Group(title: "Today", elements: messages)]
/// let changeset = try StagedChangeset(source: oldGroups, target: newGroups)
/// ```
///
/// A staged changeset's intermediate data rebuilds sections with
/// ``init(source:elements:)``: a section as it stands at that stage, with
/// the elements it holds at that stage. A section whose elements at that
/// stage are its target section's, unchanged and in order, is given the
/// target section's ``elements`` (read again: a stored array is shared,
/// not copied; a computed collection is computed again, and must give
/// the same elements).
public protocol DifferentiableSection: Differentiable {
    /// The collection of the section's elements.
    associatedtype Collection: Swift.Collection where Collection.Element: Differentiable

    /// The section's elements, in order.
    var elements: Collection { get }

    /// A section like `source` (its identity and its own content) holding
    /// `elements` instead of `source`'s.
    init<C: Swift.Collection>(source: Self, elements: C) where C.Element == Collection.Element
}
