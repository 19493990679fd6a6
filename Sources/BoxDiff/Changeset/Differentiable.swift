#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

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
/// identity and content. `Identifiable` types get `differenceIdentifier`
/// from `id` (also when they are `Hashable`: then `id` is the identity and
/// `==` compares contents):
///
/// ```swift
/// struct User: Hashable, Identifiable, Differentiable {
///     var id: UUID
///     var name: String
/// }
/// // differenceIdentifier == id; isContentEqual(to:) is ==
/// ```
///
/// A class declared `Identifiable` without an `id` of its own has Swift's
/// `ObjectIdentifier(self)` as its `id`, so its objects, not their values,
/// are the identities: objects rebuilt with equal values are deleted and
/// inserted. Declare `var differenceIdentifier: Self { self }` to identify
/// such a class by its value, as DifferenceKit's `Hashable` default does.
///
/// Identities are diffed as 64-bit hashes, and a hash only proposes a
/// pairing: `==` on the identifiers decides wherever the hash is not exact.
/// Integers hash by their bits; `String` (in its canonical form, so that
/// it agrees with `==`: "é" and "e" + U+0301 are one identity), `UUID` and
/// `[UInt8]` through XXH3; these hashes are the same in every process and
/// on every machine. Any other identifier type hashes through its
/// `hashValue`, which Swift seeds per process: such hashes are stable only
/// within one process (the diff's result does not depend on them).
///
/// As in DifferenceKit, `Differentiable` is the composition of its two
/// halves, not a protocol of its own: a type that conforms to
/// ``ContentIdentifiable`` and ``ContentEquatable`` (in one declaration or
/// in two extensions) is `Differentiable` without naming it, and naming
/// `Differentiable` beside one of them (`struct Row: Hashable,
/// Differentiable, ContentEquatable`) is a redundant conformance, there as
/// here.
public typealias Differentiable = ContentIdentifiable & ContentEquatable

/// A value with an identity for diffing: the half of ``Differentiable``
/// that names the element (DifferenceKit's `ContentIdentifiable`).
public protocol ContentIdentifiable {
    /// The type of the identity.
    associatedtype DifferenceIdentifier: Hashable

    /// The identity: an element with the same identifier on both sides is
    /// the same element (kept, moved or updated), not a delete plus insert.
    var differenceIdentifier: DifferenceIdentifier { get }
}

/// A value whose content can be compared: the half of ``Differentiable``
/// that decides updates (DifferenceKit's `ContentEquatable`). An optional
/// and an array of such values are too, so a section can compare its
/// optional header with `header.isContentEqual(to: source.header)`.
public protocol ContentEquatable {
    /// Whether this element's content equals `source`'s; when not, the
    /// element is reported as updated.
    func isContentEqual(to source: Self) -> Bool
}

extension ContentEquatable where Self: Equatable {
    /// Content equality is `==`.
    @inlinable
    public func isContentEqual(to source: Self) -> Bool { self == source }
}

extension Optional: ContentEquatable where Wrapped: ContentEquatable {
    /// Both `nil`, or both wrapped values equal in content; `nil` against a
    /// value is a change.
    @inlinable
    public func isContentEqual(to source: Wrapped?) -> Bool {
        switch (self, source) {
        case (let value?, let source?): value.isContentEqual(to: source)
        case (nil, nil): true
        default: false
        }
    }
}

extension Array: ContentEquatable where Element: ContentEquatable {
    /// The same count, and the elements equal in content pairwise.
    @inlinable
    public func isContentEqual(to source: [Element]) -> Bool {
        count == source.count && zip(self, source).allSatisfy { $0.isContentEqual(to: $1) }
    }
}

extension ContentIdentifiable where Self: Hashable {
    /// The value is its own identity.
    @inlinable
    public var differenceIdentifier: Self { self }
}

extension ContentIdentifiable where Self: Identifiable {
    /// The identity is `id`.
    @inlinable
    public var differenceIdentifier: ID { id }
}

extension ContentIdentifiable where Self: Hashable & Identifiable {
    /// The identity is `id`, not the whole value: for a type both
    /// `Hashable` and `Identifiable`, `id` names the element and `==`
    /// compares its contents.
    @inlinable
    public var differenceIdentifier: ID { id }
}

extension Int: Differentiable {}
extension Int64: Differentiable {}
extension Int32: Differentiable {}
extension Int16: Differentiable {}
extension Int8: Differentiable {}
extension UInt: Differentiable {}
extension UInt64: Differentiable {}
extension UInt32: Differentiable {}
extension UInt16: Differentiable {}
extension UInt8: Differentiable {}
extension String: Differentiable {
    /// `==`, in linear time whatever the combining marks (the standard
    /// library's `==` is quadratic in a long run of marks out of
    /// canonical order; see `IdentityHashing.linearForm`).
    @inlinable
    public func isContentEqual(to source: String) -> Bool { IdentityHashing.stringsEqual(self, source) }
}

extension Substring: Differentiable {
    /// `==`, in linear time whatever the combining marks.
    @inlinable
    public func isContentEqual(to source: Substring) -> Bool { IdentityHashing.equal(self, source) }
}

extension Character: Differentiable {
    /// `==`, in linear time whatever the combining marks.
    @inlinable
    public func isContentEqual(to source: Character) -> Bool { IdentityHashing.equal(self, source) }
}

extension Bool: Differentiable {}
#if canImport(FoundationEssentials) || canImport(Foundation)
    /// A `UUID` is its own identity, hashed through XXH3 (the same in
    /// every process).
    extension UUID: Differentiable {}
#endif
