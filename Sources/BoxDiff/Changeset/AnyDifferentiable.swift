/// A type-erased ``Differentiable`` value, for lists that mix element types
/// (DifferenceKit's `AnyDifferentiable`).
///
/// The identity is the wrapped value's identifier as an `AnyHashable`; the
/// content is compared by the wrapped value's own
/// ``ContentEquatable/isContentEqual(to:)``, and a source of another type
/// counts as changed.
///
/// ```swift
/// let rows: [AnyDifferentiable] = [AnyDifferentiable("loading"), AnyDifferentiable(message)]
/// if let message = rows[1].base as? Message { cell.show(message) }
/// ```
///
/// Identifiers that are not integers, `String`, `UUID` or `[UInt8]` hash
/// through `hashValue` (see <doc:HashingAndSecurity>); `AnyHashable` is one
/// of them, whatever it wraps.
public struct AnyDifferentiable: Differentiable {
    /// The wrapped value.
    public let base: Any
    /// The wrapped value's identifier.
    public let differenceIdentifier: AnyHashable

    private let isContentEqualTo: (AnyDifferentiable) -> Bool

    /// Wraps `base` (an `AnyDifferentiable` is not wrapped again).
    public init<Base: Differentiable>(_ base: Base) {
        if let erased = base as? AnyDifferentiable {
            self = erased
            return
        }
        self.base = base
        self.differenceIdentifier = AnyHashable(base.differenceIdentifier)
        self.isContentEqualTo = { source in
            guard let source = source.base as? Base else { return false }
            return base.isContentEqual(to: source)
        }
    }

    /// Whether the wrapped values are of the same type and equal in
    /// content.
    public func isContentEqual(to source: AnyDifferentiable) -> Bool {
        isContentEqualTo(source)
    }
}

extension AnyDifferentiable: CustomDebugStringConvertible {
    /// `AnyDifferentiable(` the wrapped value `)`.
    public var debugDescription: String { "AnyDifferentiable(\(String(reflecting: base)))" }
}
