// Whole runs of rows' components hashed and compared in place, for the
// identity table and the diff's `==` confirmation.
//
// The Box code is generic and runs unspecialized when called from another
// module; there, every test of a component's value type (`Value.self ==
// String.self`, ...) is a run-time check. These loops are not generic: they
// read each storage object's class (one load) and settle what depends on
// the value type (tag, exactness, fast path) once per run of rows of one
// class, not once per row. Storage references are borrowed in place, never
// retained.

extension Component {
    /// What all storage objects of one class share, settled once per class.
    struct ContentTraits {
        /// How the loops hash a value of this class.
        enum Path {
            /// Incomparable: content hash 0.
            case incomparable
            /// `Typed<UInt64>`, read directly.
            case uint64
            /// `Typed<Int>`, read directly.
            case int
            /// `Typed<String>`, read directly.
            case string
            /// Any other `Typed<Value>`, through ``Storage/valueHash()``.
            case other
        }

        let path: Path
        /// ``Component/typeTag(_:)`` of the value type.
        let tag: UInt64
        /// Whether equal content hashes imply equal values (integers and
        /// `Bool`, hashed by their bits), so no `==` need confirm them.
        let isExact: Bool

        /// An incomparable storage's traits.
        static let incomparable = ContentTraits(path: .incomparable, tag: 0, isExact: false)

        private init(path: Path, tag: UInt64, isExact: Bool) {
            self.path = path
            self.tag = tag
            self.isExact = isExact
        }

        /// The traits of `Typed<Value>`.
        init<Value: Hashable>(_: Value.Type) {
            tag = Component.typeTag(Value.self)
            isExact = IdentityHashing.isInjective(Value.self)
            if Value.self == UInt64.self {
                path = .uint64
            } else if Value.self == Int.self {
                path = .int
            } else if Value.self == String.self {
                path = .string
            } else {
                path = .other
            }
        }
    }

    /// The storage classes met while hashing a Box's rows, in order: the
    /// last class (and its traits, reused while the class repeats), and
    /// whether every row so far had the first row's class.
    @usableFromInline
    struct RowKinds {
        var lastClass: ObjectIdentifier?
        var last = ContentTraits.incomparable
        var firstClass: ObjectIdentifier?
        var firstIsExact = false
        var isUniform = true

        /// No rows yet.
        @usableFromInline
        init() {}

        /// The class every row shares when that class's content hash is
        /// exact; `nil` when rows differ in class, the class is not exact,
        /// or there were no rows (see ``IdentityTable/exactRowContentKind``).
        @usableFromInline
        var exactKind: ObjectIdentifier? { isUniform && firstIsExact ? firstClass : nil }

        /// A row of class `cls`, unlike the previous row's (or the first).
        mutating func enter(_ cls: ObjectIdentifier, _ traits: ContentTraits) {
            if lastClass == nil {
                firstClass = cls
                firstIsExact = traits.isExact
            } else {
                isUniform = false
            }
            lastClass = cls
            last = traits
        }
    }

    /// Writes ``contentHash`` of `count` components, the first at `first`
    /// and each `stride` bytes after the previous, to `out`, and notes
    /// their classes in `kinds`. Equal to ``contentHash`` row by row.
    /// - Complexity: O(count), plus hashing each value.
    @usableFromInline
    static func contentHashes(
        first: UnsafePointer<Component>, stride: Int, count: Int,
        into out: UnsafeMutablePointer<UInt64>, kinds: inout RowKinds
    ) {
        // A struct with one stored class reference has that reference's layout.
        assert(MemoryLayout<Component>.size == MemoryLayout<Unmanaged<Storage>>.size)
        var kind = kinds
        var raw = UnsafeRawPointer(first)
        for r in 0..<count {
            out[r] = raw.load(as: Unmanaged<Storage>.self)._withUnsafeGuaranteedRef { storage in
                let cls = ObjectIdentifier(type(of: storage))
                if cls != kind.lastClass { kind.enter(cls, storage.traits) }
                let tag = kind.last.tag
                switch kind.last.path {
                case .uint64:
                    return mix(unsafeDowncast(storage, to: Typed<UInt64>.self).value, tag: tag)
                case .int:
                    let value = unsafeDowncast(storage, to: Typed<Int>.self).value
                    return mix(UInt64(bitPattern: Int64(value)), tag: tag)
                case .string:
                    return mix(
                        IdentityHashing.hashString(unsafeDowncast(storage, to: Typed<String>.self).value), tag: tag)
                case .other:
                    return mix(storage.valueHash(), tag: tag)
                case .incomparable:
                    return 0
                }
            }
            raw += stride
        }
        kinds = kind
    }

    /// The type a cell shows for the component at `component`: the value's
    /// own type for an incomparable component (`Component(incomparable:)`,
    /// whose value may be of any class), the stored value type otherwise
    /// (one storage class per type).
    @usableFromInline
    static func cellKind(_ component: UnsafePointer<Component>) -> ObjectIdentifier {
        UnsafeRawPointer(component).load(as: Unmanaged<Storage>.self)._withUnsafeGuaranteedRef { storage in
            if type(of: storage) == Opaque.self {
                return ObjectIdentifier(type(of: unsafeDowncast(storage, to: Opaque.self).value))
            }
            return ObjectIdentifier(type(of: storage))
        }
    }

    /// Writes the storage references of `count` components (laid out as
    /// for ``contentHashes(first:stride:count:into:kinds:)``) to `out`,
    /// as opaque pointers, not retained: valid while the components live.
    @usableFromInline
    static func storageReferences(
        first: UnsafePointer<Component>, stride: Int, count: Int, into out: UnsafeMutablePointer<UnsafeRawPointer>
    ) {
        var raw = UnsafeRawPointer(first)
        for r in 0..<count {
            out[r] = raw.load(as: UnsafeRawPointer.self)
            raw += stride
        }
    }

    /// Appends to `changed` the index `base + r` of each of `count` old
    /// components (laid out as for ``contentHashes(first:stride:count:into:kinds:)``)
    /// that is paired (`oldToNew[r]`, not `none`), has a nonzero content
    /// hash equal to its partner's (`oldContents[r]`, `newContents`), and
    /// is not `==` to the partner (whose reference is in `newStorage`).
    ///
    /// A partner that is the very same storage object counts as equal
    /// without asking `==` (it is the same value, carried over); so a
    /// component whose value is not equal to itself, such as `Double.nan`,
    /// is unchanged when it is carried over, as with hashes alone. `String`
    /// values are compared by the specialized `==`, others through their
    /// class.
    /// - Complexity: O(count), plus one `==` per paired row with equal
    ///   hashes and distinct storage.
    @usableFromInline
    static func appendUnequal(
        old first: UnsafePointer<Component>, stride: Int, count: Int, base: Int,
        oldToNew: UnsafePointer<UInt32>, none: UInt32,
        oldContents: UnsafePointer<UInt64>, newContents: UnsafePointer<UInt64>,
        newStorage: UnsafePointer<UnsafeRawPointer>, to changed: inout [Int]
    ) {
        let stringClass = ObjectIdentifier(Typed<String>.self)
        var raw = UnsafeRawPointer(first)
        for r in 0..<count {
            defer { raw += stride }
            let j = oldToNew[r]
            guard j != none else { continue }
            let h = oldContents[r]
            guard h != 0 && h == newContents[Int(j)] else { continue }
            let lhs = raw.load(as: UnsafeRawPointer.self)
            let rhs = newStorage[Int(j)]
            guard lhs != rhs else { continue }
            if !storagesEqual(lhs, rhs, stringClass: stringClass) { changed.append(base + r) }
        }
    }

    /// Whether the optional components at `a` and `b` (a section's header
    /// or footer on both sides) show the same content: both absent, the
    /// same storage object, or `==`. Read in place as their storage
    /// references (an optional component is one reference, null when
    /// absent), not copied: passing the components themselves made the
    /// caller copy each one, an atomic retain and release apiece.
    @usableFromInline
    static func sameContent(at a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        assert(MemoryLayout<Component?>.size == MemoryLayout<UnsafeRawPointer>.size)
        let lhs = a.load(as: UnsafeRawPointer?.self)
        let rhs = b.load(as: UnsafeRawPointer?.self)
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs == rhs || storagesEqual(lhs, rhs, stringClass: ObjectIdentifier(Typed<String>.self))
    }

    /// Whether the storage objects `lhs` and `rhs` (borrowed) hold `==`
    /// values of one type; `String`s through ``IdentityHashing/stringsEqual(_:_:)``.
    @inline(never)
    static func storagesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, stringClass: ObjectIdentifier) -> Bool {
        Unmanaged<Storage>.fromOpaque(lhs)._withUnsafeGuaranteedRef { a in
            Unmanaged<Storage>.fromOpaque(rhs)._withUnsafeGuaranteedRef { b in
                let cls = ObjectIdentifier(type(of: a))
                guard cls == ObjectIdentifier(type(of: b)) else { return false }
                if cls == stringClass {
                    return IdentityHashing.stringsEqual(
                        unsafeDowncast(a, to: Typed<String>.self).value, unsafeDowncast(b, to: Typed<String>.self).value
                    )
                }
                return a.isEqual(to: b)
            }
        }
    }
}
