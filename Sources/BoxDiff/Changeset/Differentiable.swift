/// An element that can be diffed: it has an identity that stays the same
/// while its content changes.
///
/// ```swift
/// struct Message: Differentiable {
///     var id: Int
///     var text: String
///     var differenceIdentifier: Int { id }
///     func isContentEqual(to source: Message) -> Bool { text == source.text }
/// }
/// ```
///
/// `Hashable` types get both requirements for free: the value is its own
/// identity and content.
public protocol Differentiable {
    /// The type of the identity.
    associatedtype DifferenceIdentifier: Hashable

    /// The identity: an element with the same identifier on both sides is
    /// the same element (kept, moved or updated), not a delete plus insert.
    var differenceIdentifier: DifferenceIdentifier { get }

    /// Whether this element's content equals `source`'s; when not, the
    /// element is reported as updated.
    func isContentEqual(to source: Self) -> Bool
}

extension Differentiable where Self: Equatable {
    /// Content equality is `==`.
    @inlinable
    public func isContentEqual(to source: Self) -> Bool { self == source }
}

extension Differentiable where Self: Hashable {
    /// The value is its own identity.
    @inlinable
    public var differenceIdentifier: Self { self }
}

extension Int: Differentiable {}
extension Int64: Differentiable {}
extension Int32: Differentiable {}
extension UInt: Differentiable {}
extension UInt64: Differentiable {}
extension UInt32: Differentiable {}
extension String: Differentiable {}
extension Substring: Differentiable {}
extension Character: Differentiable {}
extension Bool: Differentiable {}
