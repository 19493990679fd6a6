#if canImport(FoundationEssentials)
    import struct FoundationEssentials.UUID
#elseif canImport(Foundation)
    import struct Foundation.UUID
#endif

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
        /// The identity hash of the value (``contentHash`` before its type
        /// tag is mixed in); 0 for an incomparable value.
        func valueHash() -> UInt64 { 0 }
        /// Whether `other` holds an equal value of the same type.
        func isEqual(to _: Storage) -> Bool { false }
        /// What every storage object of this class shares: read once per
        /// run of rows of one class, not once per row.
        var traits: ContentTraits { .incomparable }
    }

    /// A comparable value.
    final class Typed<Value: Hashable & Sendable>: Storage, @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
        override var isComparable: Bool { true }
        override var anyValue: any Sendable { value }
        override func contentHash() -> UInt64 { Component.hash(value) }
        override func valueHash() -> UInt64 { IdentityHashing.hash(value) }
        override func isEqual(to other: Storage) -> Bool {
            // The class is final: same class, same value type. Both sides'
            // classes are loads (naming `Typed<Value>` here would look its
            // metadata up at run time, and `as?` costs a dynamic cast).
            guard type(of: other) == type(of: self) else { return false }
            return value == unsafeDowncast(other, to: Typed<Value>.self).value
        }
        override var traits: ContentTraits { ContentTraits(Value.self) }
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
    /// The value's identity hash (integers by their bits; strings, `UUID`s
    /// and `[UInt8]` through XXH3, strings in their canonical form so the
    /// hash agrees with `==`) mixed with a fixed tag of its type. For those
    /// standard types (every integer type, `Bool`, `String`, `UUID`,
    /// `[UInt8]`) the hash is stable across processes and machines. Other
    /// values hash through their `hashValue`, mixed with their type's
    /// metadata address: like Swift's `hashValue`, stable only within one
    /// process.
    ///
    /// A diff treats equal hashes only as a proposal: it confirms them with
    /// the values' `==` unless the hash is exact (integers, `Bool`).
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

    /// A fixed tag for each standard type, the same in every process; the
    /// metadata address (per process, but free) for any other type.
    static func typeTag<T>(_: T.Type) -> UInt64 {
        if T.self == String.self { return 1 }
        if T.self == Int.self { return 2 }
        if T.self == UInt64.self { return 3 }
        if T.self == Int64.self { return 4 }
        if T.self == UInt.self { return 5 }
        if T.self == Int32.self { return 6 }
        if T.self == UInt32.self { return 7 }
        if T.self == Int16.self { return 8 }
        if T.self == UInt16.self { return 9 }
        if T.self == Int8.self { return 10 }
        if T.self == UInt8.self { return 11 }
        if T.self == Bool.self { return 12 }
        if T.self == [UInt8].self { return 13 }
        #if canImport(FoundationEssentials) || canImport(Foundation)
            if T.self == UUID.self { return 14 }
        #endif
        return UInt64(UInt(bitPattern: ObjectIdentifier(T.self)))
    }

    fileprivate static func hash<T: Hashable>(_ value: T) -> UInt64 {
        mix(IdentityHashing.hash(value), tag: typeTag(T.self))
    }

    /// The content hash of a value whose identity hash is `valueHash` and
    /// whose type has tag `tag` (``typeTag(_:)``): never 0.
    @inline(__always)
    static func mix(_ valueHash: UInt64, tag: UInt64) -> UInt64 {
        let h = (valueHash ^ (tag &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
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
