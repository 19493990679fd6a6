/// What a row, a header or a footer shows: a platform-neutral stand-in for
/// a view model (Bento's `Renderable`).
///
/// A component made from a `Hashable` value is *comparable*: its content
/// hash and `==` decide whether it changed between two renders. A component
/// made with ``init(incomparable:)`` cannot be compared and counts as
/// changed on every diff (its row is always updated).
///
/// Components are `Sendable`: comparable values must be
/// `Hashable & Sendable`, incomparable ones `Sendable`. That keeps a `Box`
/// of `Sendable` identifiers `Sendable` without any unchecked conformance.
///
/// ```swift
/// let title = Component("Fruit")                 // comparable
/// let label: Component = "Apples"                // string literal
/// let view = Component(incomparable: someClosure) // always updated
/// ```
public struct Component: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The value, behind one reference: copying a component, and so a row,
    /// is one retain, and a row stays small (an id and a pointer), which
    /// matters for the copies a staged changeset's intermediate Boxes make.
    let storage: Storage

    /// The value's box. The base class holds nothing; ``Typed`` holds a
    /// comparable value unboxed (a `UInt64` makes a 24-byte object, so
    /// retaining the rows of a Box touches few cache lines) and hashes and
    /// compares it without opening an existential; ``Opaque`` holds an
    /// incomparable value.
    ///
    /// `@unchecked Sendable`: the base has no state, and both subclasses
    /// hold only `let` properties of `Sendable` types.
    class Storage: @unchecked Sendable {
        /// Whether the value can be compared.
        var isComparable: Bool { false }
        /// The value.
        var anyValue: any Sendable { () }
        /// ``Component/contentHash`` of the value.
        func contentHash() -> UInt64 { 0 }
        /// Whether `other` holds an equal value of the same type.
        func isEqual(to _: Storage) -> Bool { false }
    }

    /// A comparable value.
    final class Typed<Value: Hashable & Sendable>: Storage, @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
        override var isComparable: Bool { true }
        override var anyValue: any Sendable { value }
        override func contentHash() -> UInt64 { Component.hash(value) }
        override func isEqual(to other: Storage) -> Bool {
            guard let other = other as? Typed<Value> else { return false }
            return value == other.value
        }
    }

    /// An incomparable value: equal to nothing.
    final class Opaque: Storage, @unchecked Sendable {
        let value: any Sendable
        init(_ value: any Sendable) { self.value = value }
        override var anyValue: any Sendable { value }
    }

    /// A comparable component: changed when its value is not `==` to the
    /// other side's.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        storage = Typed(value)
    }

    /// A component that cannot be compared: it counts as changed on every
    /// diff.
    public init(incomparable value: any Sendable) {
        storage = Opaque(value)
    }

    /// A comparable `String` component.
    public init(stringLiteral value: String) {
        storage = Typed(value)
    }

    /// The wrapped value.
    public var value: any Sendable { storage.anyValue }

    /// The wrapped value as `T`, or `nil` when it is of another type.
    public func value<T>(as _: T.Type = T.self) -> T? { value as? T }

    /// Whether the component can be compared (was made from a `Hashable`).
    public var isComparable: Bool { storage.isComparable }

    /// The content hash the diff compares: never 0 for a comparable
    /// component; 0 for an incomparable one (0 means "always changed").
    ///
    /// Strings and integers hash as identities do (XXH3, bits), mixed with
    /// the value's type; other values through `Hashable`, so, like Swift's
    /// `hashValue`, the hash is only stable within one process.
    /// - Complexity: O(size of the value).
    public var contentHash: UInt64 {
        storage.contentHash()
    }

    /// ``contentHash`` of the component at `pointer`, read in place: the
    /// storage reference is borrowed, not retained and released, which
    /// matters when a whole Box is hashed row after row.
    @usableFromInline
    static func contentHash(at pointer: UnsafePointer<Component>) -> UInt64 {
        // A struct with one stored class reference has that reference's layout.
        assert(MemoryLayout<Component>.size == MemoryLayout<Unmanaged<Storage>>.size)
        return UnsafeRawPointer(pointer).load(as: Unmanaged<Storage>.self)._withUnsafeGuaranteedRef { storage in
            storage.contentHash()
        }
    }

    fileprivate static func hash<T: Hashable>(_ value: T) -> UInt64 {
        // The type's metadata address: unique per type within the process,
        // and free (its `hashValue` would run SipHash on every row).
        let type = UInt64(UInt(bitPattern: ObjectIdentifier(T.self)))
        let h = (IdentityHashing.hash(value) ^ (type &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        let mixed = h ^ (h >> 31)
        return mixed == 0 ? 1 : mixed
    }

    /// Whether two components show the same content: both comparable, of
    /// the same type and `==`. An incomparable component equals nothing,
    /// not even itself (like `Double.nan`), since it counts as changed on
    /// every diff.
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.storage.isEqual(to: rhs.storage)
    }

    /// The wrapped value's description; incomparable ones are marked.
    public var description: String {
        storage.isComparable ? String(describing: value) : "incomparable(\(value))"
    }
}
