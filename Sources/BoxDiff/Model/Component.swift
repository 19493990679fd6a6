#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

/// What a row, a header or a footer shows: a platform-neutral stand-in for
/// a view model (Bento's `Renderable`).
///
/// A component made from a `Hashable & Sendable` value is *comparable*:
/// its content hash and `==` decide whether it changed between two
/// renders. A component made with ``init(incomparable:)`` cannot be
/// compared and counts as changed on every diff (its row is always
/// updated).
///
/// ```swift
/// let title = Component("Fruit")                 // comparable
/// let label: Component = "Apples"                // string literal
/// let view = Component(incomparable: someClosure) // always updated
/// ```
///
/// ## Bento components (classes holding closures)
///
/// Bento's components are classes that hold closures: neither `Hashable`
/// nor `Sendable`. They go in as they are, in Swift 6 mode too, with no
/// conformance to add:
///
/// ```swift
/// final class TextInput {                        // not Sendable, not Hashable
///     let placeholder: String
///     let didChangeText: (String) -> Void
///     init(placeholder: String, didChangeText: @escaping (String) -> Void) {
///         self.placeholder = placeholder
///         self.didChangeText = didChangeText
///     }
/// }
///
/// let box = Box<String, String>.empty
///     |-+ Section(id: "form")
///     |---+ "name" <> TextInput(placeholder: "Name") { model.name = $0 }
///     |---+ "mail" <> Component(incomparable: TextInput(placeholder: "Mail") { model.mail = $0 })
///
/// let input = box.sections[0].rows[0].component(as: TextInput.self)
/// ```
///
/// Such a value is kept behind an `@unchecked Sendable` box so that the
/// component, and a Box holding it, stay `Sendable` (a Box may be diffed
/// off the main thread). BoxDiff never touches the value: it does not
/// hash, compare or call it, and only hands it back through ``value``,
/// ``value(as:)`` and ``Node/component(as:)`` (``description`` names its
/// type only). The caller is responsible for using it on the right
/// thread: read it back on the thread (typically the main actor) that
/// made it, and expect its last release, and so its `deinit`, on whichever
/// thread drops the last Box holding it.
///
/// To have such a row compared instead of always updated, make a
/// `Hashable & Sendable` view model of what it shows (the closures left
/// out) and pass that.
public struct Component: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The value, behind one reference: copying a component, and so a row,
    /// is one retain, and a row stays small (an id and a pointer), which
    /// matters for the copies a staged changeset's intermediate Boxes make.
    @usableFromInline let storage: Storage

    /// The value's box. The base class holds nothing; ``Typed`` holds a
    /// comparable value unboxed (a `UInt64` makes a 24-byte object, so
    /// retaining the rows of a Box touches few cache lines) and hashes and
    /// compares it without opening an existential; ``Opaque`` holds an
    /// incomparable value.
    ///
    /// `@unchecked Sendable`: the base has no state, and its subclasses
    /// hold only `let` properties, of `Sendable` types for ``Typed``;
    /// ``Opaque`` says why its value, which need not be `Sendable`, is
    /// safe.
    @usableFromInline
    class Storage: @unchecked Sendable {
        /// Whether the value can be compared.
        var isComparable: Bool { false }
        /// The value.
        var anyValue: Any { () }
        /// ``Component/contentHash`` of the value.
        func contentHash() -> UInt64 { 0 }
        /// The identity hash of the value (``contentHash`` before its type
        /// tag is mixed in); 0 for an incomparable value.
        func valueHash() -> UInt64 { 0 }
        /// The value's own `hashValue` (Swift's per-process seeded hash);
        /// 0 for an incomparable value.
        func seededHash() -> Int { 0 }
        /// Whether `other` holds an equal value of the same type.
        func isEqual(to _: Storage) -> Bool { false }
        /// What every storage object of this class shares: read once per
        /// run of rows of one class, not once per row.
        var traits: ContentTraits { .incomparable }

        // Not inlinable, as every class initializer the module's inlinable
        // code calls (see IndexPathBuffer).
        @usableFromInline
        init() {}
    }

    /// A comparable value.
    final class Typed<Value: Hashable & Sendable>: Storage, @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
        override var isComparable: Bool { true }
        override var anyValue: Any { value }
        override func contentHash() -> UInt64 {
            // A String (the usual header and footer) straight to its hash:
            // this method runs unspecialized, where `Component.hash` tests
            // the value type against a dozen others first.
            if Value.self == String.self {
                // The value read through the concrete class, in place:
                // `unsafeBitCast(value, to: String.self)` made a copy, an
                // atomic retain and release of a large string's storage.
                return Component.mix(
                    IdentityHashing.hashString(unsafeDowncast(self, to: Typed<String>.self).value),
                    tag: Component.stringTag)
            }
            return Component.hash(value)
        }
        override func valueHash() -> UInt64 { IdentityHashing.hash(value) }
        override func seededHash() -> Int { IdentityHashing.bucketHash(value) }
        override func isEqual(to other: Storage) -> Bool {
            // The class is final: same class, same value type. Both sides'
            // classes are loads (naming `Typed<Value>` here would look its
            // metadata up at run time, and `as?` costs a dynamic cast).
            guard type(of: other) == type(of: self) else { return false }
            return IdentityHashing.equal(value, unsafeDowncast(other, to: Typed<Value>.self).value)
        }
        override var traits: ContentTraits { ContentTraits(Value.self) }
    }

    /// An incomparable value: equal to nothing.
    ///
    /// `@unchecked Sendable` although `value` may not be: BoxDiff never
    /// touches it, only hands it back (see ``Component/init(incomparable:)``).
    final class Opaque: Storage, @unchecked Sendable {
        let value: Any
        init(_ value: Any) { self.value = value }
        override var anyValue: Any { value }
    }

    /// A component holding `storage` (the module's own kinds of value).
    /// Not inlinable: the type is not
    /// `@frozen`, so with library evolution inlinable code cannot set its
    /// stored property.
    @usableFromInline
    init(storage: Storage) { self.storage = storage }

    /// A comparable component: changed when its value is not `==` to the
    /// other side's.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        storage = Typed(value)
    }

    /// A component that cannot be compared: it counts as changed on every
    /// diff. `value` may be anything, `Sendable` or not, such as a Bento
    /// component class holding closures: BoxDiff never touches it and only
    /// hands it back; the caller is responsible for the threads it is used
    /// on (see "Bento components" above).
    public init(incomparable value: Any) {
        storage = Opaque(value)
    }

    /// A comparable `String` component.
    public init(stringLiteral value: String) {
        storage = Typed(value)
    }

    /// A comparable `String` component from an interpolated literal
    /// (`header: "\(count) drafts"`), as `Component(String)` makes one.
    ///
    /// In one long operator chain, each interpolated header costs the type
    /// checker more than `Component("\(count) drafts")` does (30 of them
    /// in one chain: 4.4 s against 0.2 s to type-check, debug toolchain);
    /// the builders (`Box { ... }`) type-check them as fast as plain
    /// literals.
    public init(stringInterpolation: DefaultStringInterpolation) {
        storage = Typed(String(stringInterpolation: stringInterpolation))
    }

    /// The wrapped value (`Any`, since an incomparable value need not be
    /// `Sendable`: see ``init(incomparable:)``).
    public var value: Any { storage.anyValue }

    /// The wrapped value as `T`, or `nil` when it is of another type.
    public func value<T>(as _: T.Type = T.self) -> T? { storage.anyValue as? T }

    /// Whether the component can be compared (was made from a `Hashable`).
    public var isComparable: Bool { storage.isComparable }

    /// The content hash the diff compares: 0 for an incomparable component
    /// (0 means "always changed"), and for a comparable one only by chance
    /// (one value of each 64-bit integer type, and about one string in
    /// 2^64), which then counts as changed on every diff too: a needless
    /// update, never a missed one.
    ///
    /// The value's identity hash (integers by their bits; strings, `UUID`s,
    /// `[UInt8]` and `Data` through XXH3, strings in their canonical form so
    /// the hash agrees with `==`) mixed with a fixed tag of its type. For
    /// those standard types (every integer type, `Bool`, `String`, `UUID`,
    /// `[UInt8]`, `Data`) the hash is stable across processes and machines. Other
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

    /// The storage of the component at `pointer`, borrowed (not retained:
    /// valid while the component lives). Not inlinable: it reads the
    /// component's stored layout (one class reference), which is not part
    /// of the module's interface (the type is not `@frozen`), so code
    /// inlined into a client must not assume it.
    @usableFromInline
    static func storage(at pointer: UnsafePointer<Component>) -> Unmanaged<Storage> {
        // A struct with one stored class reference has that reference's layout.
        assert(MemoryLayout<Component>.size == MemoryLayout<Unmanaged<Storage>>.size)
        return UnsafeRawPointer(pointer).load(as: Unmanaged<Storage>.self)
    }

    /// ``typeTag(_:)`` of `String`.
    static var stringTag: UInt64 { 1 }

    /// A fixed tag for each standard type, the same in every process; the
    /// metadata address (per process, but free) for any other type.
    static func typeTag<T>(_: T.Type) -> UInt64 {
        if T.self == String.self { return stringTag }
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
            if T.self == Data.self { return 15 }
        #endif
        return UInt64(UInt(bitPattern: ObjectIdentifier(T.self)))
    }

    fileprivate static func hash<T: Hashable>(_ value: T) -> UInt64 {
        mix(IdentityHashing.hash(value), tag: typeTag(T.self))
    }

    /// The content hash of a value whose identity hash is `valueHash` and
    /// whose type has tag `tag` (``typeTag(_:)``): a bijection of
    /// `valueHash`, so equal hashes of an exact type (the integers, hashed
    /// by their bits) are equal values and need no `==`. One value of each
    /// tag mixes to 0, "always changed": mapping it to another hash instead
    /// would give that hash to two values (two `UInt64`s with the same
    /// hash, a row changed from one to the other left unchanged).
    @inline(__always)
    static func mix(_ valueHash: UInt64, tag: UInt64) -> UInt64 {
        let h = (valueHash ^ (tag &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 31)
    }

    /// Whether two components show the same content, by the diff's own
    /// rule: both comparable, and either copies of one component (the same
    /// storage object, as a row carried over from the previous render) or
    /// of one type with `==` values. So two components made separately
    /// from equal values are equal, and a copy equals its original even
    /// when its value does not equal itself (`Double.nan`), as the diff
    /// finds such a row unchanged.
    ///
    /// An incomparable component (``init(incomparable:)``) equals nothing,
    /// not even itself, since every diff counts it as changed; so a
    /// ``Node`` holding one is not `==` even to itself, nor is a
    /// ``Section`` whose header or footer is one, and ``Box``es or
    /// ``Section``s holding one in a row are `==` only when they share
    /// their arrays' storage (an unmodified copy: see ``Box/==(_:_:)``).
    public static func == (lhs: Component, rhs: Component) -> Bool {
        if lhs.storage === rhs.storage { return lhs.storage.isComparable }
        return lhs.storage.isEqual(to: rhs.storage)
    }

    /// The value's own `hashValue`, seeded per process as Swift's hashing
    /// is (0 for an incomparable component): equal components have equal
    /// ones. Unlike ``contentHash`` (XXH3 for strings, `UUID`s and bytes,
    /// stable and unkeyed, so whoever picks the values can make many
    /// different ones share it), it cannot be steered from outside the
    /// process: BoxDiffValidation files contents under both. A `Decimal`'s
    /// is XXH3 of its digits instead (`IdentityHashing.bucketHash`): its
    /// `hashValue` is its double's, which many decimals share.
    package var seededHash: Int { storage.seededHash() }

    /// Where BoxDiffValidation files this component: its ``seededHash``,
    /// or, for a value not `==` to itself (a NaN), its instance, the only
    /// component `==` calls it equal to (a copy shares the instance). Every
    /// NaN of a type has one seeded hash, and filed under it each was
    /// compared with every earlier one, matching none.
    package var numberingKey: Int {
        storage.isEqual(to: storage) ? storage.seededHash() : ObjectIdentifier(storage).hashValue
    }

    /// The wrapped value's description; an incomparable one is described
    /// by its type alone, `incomparable(TextInput)`: its value need not be
    /// `Sendable` and a Box holding it may be described on any thread (a
    /// logger's), so the value itself (its `description`, or the fields
    /// `String(describing:)` reflects) is never read here.
    public var description: String {
        storage.isComparable ? String(describing: value) : "incomparable(\(type(of: value)))"
    }
}
