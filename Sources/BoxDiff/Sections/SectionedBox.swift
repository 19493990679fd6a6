// Sectioned data of the caller's own types (`[ArraySection]`, any
// `DifferentiableSection`) diffed through the Box engine: each side is
// mapped to a Box whose section ids are the sections'
// `differenceIdentifier`s, whose headers are proxies holding the caller's
// sections (`ProxyStorage`), and whose row ids are the elements'
// `differenceIdentifier`s with each element's place in a flat list of the
// side's elements (`SectionedRowID`). Every proxy has the same content
// hash, so the diff confirms every paired section with the proxies' `==`,
// which is the caller's `isContentEqual(to:)` (see
// `BoxMatching.sectionsChangedDespiteHash`); every row has one shared
// component, and the diff asks `isContentEqual(to:)` of each paired
// element through `rowContentChanged`. One call per paired row or
// section, linear overall. A staged diff's stages are then built as the
// caller's sections from the matching and the plan (SectionedBox+Stages:
// headers give the sections, row ids' indices the elements).

extension Component {
    /// ``typeTag(_:)`` of a sectioned diff's proxies (``ProxyStorage``): a
    /// fixed tag of its own, past the standard types'.
    static var proxyTag: UInt64 { 16 }
}

/// A section as a Box header's storage: one hash for all values, and
/// `==` that asks `isContentEqual(to:)`.
///
/// The Box diff compares an old component with its new partner as
/// `old == new`; so `old == new` is `new.value.isContentEqual(to:
/// old.value)`, the new value asked about its source, as DifferenceKit and
/// the flat diff ask.
///
/// A class of its own rather than `Typed<Value>` of a `Hashable` wrapper:
/// that one hashed each value through a `Hasher` fed nothing and looked
/// the wrapper's metadata up at run time (its type tag, twice per value),
/// and was allocated through the generic public initializer, which looks
/// the class's metadata up on every call. This one is made from the
/// sectioned diff's inlinable code, specialized for the caller's types,
/// whose metadata is looked up once, and hashes to a constant.
///
/// `@unchecked Sendable` although `Value` may not be: a proxy lives only in
/// the Boxes one sectioned diff builds and drops, on the diff's own thread;
/// BoxDiff only compares the value and hands it back in the stages' data.
@usableFromInline
final class ProxyStorage<Value: Differentiable>: Component.Storage, @unchecked Sendable {
    /// The caller's value.
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) { self.value = value }

    /// The value hash every proxy shares (any constant would do).
    static var sharedHash: UInt64 { 0x5345_4354_494F_4E53 }

    override var isComparable: Bool { true }
    override var anyValue: Any { value }
    override func contentHash() -> UInt64 { Component.mix(Self.sharedHash, tag: Component.proxyTag) }
    override func valueHash() -> UInt64 { Self.sharedHash }
    override func seededHash() -> Int { 0 }
    /// `other.value.isContentEqual(to: value)` (see the type's comment).
    override func isEqual(to other: Component.Storage) -> Bool {
        // The class is final: same class, same value type (see
        // `Typed.isEqual(to:)`).
        guard type(of: other) == type(of: self) else { return false }
        return unsafeDowncast(other, to: ProxyStorage<Value>.self).value.isContentEqual(to: value)
    }
    override var traits: Component.ContentTraits { .proxy }
}

/// A row id of a sectioned diff's Box: the element's
/// `differenceIdentifier`, which alone is compared and hashed, and where
/// the element is (``index``), which the diff carries along with the row
/// into every stage's data. So a row needs no proxy object of its own:
/// one allocation and one free per element and side were a quarter of a
/// sectioned diff's instructions.
///
/// Its identity hash is `id`'s (BoxDiff's own: integers by their bits,
/// strings, `UUID`s and bytes through XXH3), computed once when the row
/// is made, and the Box's identity table takes it as it is
/// (``SectionedBox/box(_:isNew:content:)``; hashing the wrapper through
/// `hashValue` cost about 220 instructions per row); `hash(into:)` feeds
/// it to the hasher, so equal identifiers hash alike, as `==` requires.
@frozen @usableFromInline
struct SectionedRowID<ID: Hashable>: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The element's `differenceIdentifier`.
    @usableFromInline let id: ID
    /// The element's index in its side's flat list of elements (section
    /// after section): `index` on the old side, `~index` (negative) on
    /// the new side.
    @usableFromInline let index: Int
    /// ``IdentityHashing/hash(_:)`` of `id`.
    @usableFromInline let identityHash: UInt64

    @inlinable
    init(id: ID, index: Int) {
        self.id = id
        self.index = index
        identityHash = IdentityHashing.hash(id)
    }

    /// Same identifier (wherever the elements are).
    @inlinable
    static func == (lhs: SectionedRowID, rhs: SectionedRowID) -> Bool { IdentityHashing.equal(lhs.id, rhs.id) }

    /// The identifier's bucket hash (``IdentityHashing/bucketHash(_:)``:
    /// its own seeded hash, or all of a `Data`'s bytes, a `Decimal`'s
    /// digits), not ``identityHash``: that is XXH3 without a seed for
    /// strings and bytes, which whoever supplies the ids can make equal
    /// for thousands of distinct ones, and ids that share it shared one
    /// bucket of the exact numbering after the core's collision, each
    /// compared with every earlier one (8,000 such strings: 1.9 s, release;
    /// found by review, 2026-11-29, sixth session). The identity table
    /// reads ``identityHash`` itself.
    @inlinable
    func hash(into hasher: inout Hasher) { hasher.combine(IdentityHashing.bucketHash(id)) }

    /// The identifier's description.
    @usableFromInline
    var description: String { String(describing: id) }

    /// The identifier's debug description (`String(reflecting:)`), which
    /// a duplicate-identifier error names, as for the identifier itself.
    @usableFromInline
    var debugDescription: String { String(reflecting: id) }
}

/// The mapping between sectioned data and the Box form the engine diffs.
@usableFromInline
enum SectionedBox {
    /// The Box a sectioned diff runs on.
    @usableFromInline
    typealias BoxOf<Data: Swift.Collection> = Box<
        Data.Element.DifferenceIdentifier, SectionedRowID<Data.Element.Collection.Element.DifferenceIdentifier>
    > where Data.Element: DifferentiableSection

    /// `data` as a Box, and its elements in one flat list (section after
    /// section): section ids are the sections' `differenceIdentifier`,
    /// each header a proxy of the section (``ProxyStorage``), each row's id
    /// its element's `differenceIdentifier` with the element's index in
    /// the list (``SectionedRowID``), and every row's component `content`,
    /// one shared value: the diff compares elements through
    /// ``StagedChangeset/init(source:target:options:workspace:rowContentChanged:)``
    /// instead. `isNew`: the new side (negative indices).
    /// - Complexity: O(sections + elements).
    @inlinable
    static func box<Data: Swift.Collection>(
        _ data: Data, isNew: Bool, content: Component
    ) -> (box: BoxOf<Data>, elements: [Data.Element.Collection.Element]) where Data.Element: DifferentiableSection {
        typealias RowID = SectionedRowID<Data.Element.Collection.Element.DifferenceIdentifier>
        var sections: [Section<Data.Element.DifferenceIdentifier, RowID>] = []
        sections.reserveCapacity(data.count)
        var elements: [Data.Element.Collection.Element] = []
        var total = 0
        for section in data { total += section.elements.count }
        elements.reserveCapacity(total)
        for section in data {
            var rows: [Node<RowID>] = []
            rows.reserveCapacity(section.elements.count)
            for element in section.elements {
                let k = elements.count
                rows.append(
                    Node(id: RowID(id: element.differenceIdentifier, index: isNew ? ~k : k), component: content))
                elements.append(element)
            }
            sections.append(
                Section(
                    id: section.differenceIdentifier, header: Component(storage: ProxyStorage(section)), rows: rows))
        }
        let box = BoxOf<Data>(sections: sections)
        // The identity table, cached now from the ids' own hashes and the
        // one shared component's content hash.
        _ = box.cache.table { IdentityTable(box, rowIDHash: { $0.identityHash }, rowsShareOneComponent: true) }
        return (box, elements)
    }

    /// A one-batch Box changeset of the sectioned Boxes as a changeset of
    /// `Data`: its one stage (none when nothing changed), like a
    /// reload-everything plan's, has the target as its data, so `target`
    /// stands for it. (Staged diffs build their stages' data directly:
    /// ``stages(_:_:oldBox:newBox:target:old:new:cancellation:)``.)
    @inlinable
    static func changeset<Data: RangeReplaceableCollection>(
        _ boxed: StagedChangeset<BoxOf<Data>>, target: Data
    ) -> StagedChangeset<Data> where Data.Element: DifferentiableSection {
        StagedChangeset(
            boxed.stages.map { Changeset(data: target, batchUpdate: $0.batchUpdate) },
            reloadsEverything: boxed.reloadsEverything, isMinimal: boxed.isMinimal)
    }

    /// The value of the proxy in the component at `pointer`, read in place
    /// (the storage borrowed, not retained). The storage reference is read
    /// by the module (``Component/storage(at:)``), not here: this code is
    /// inlined into clients, and `Component`'s layout is not part of the
    /// interface.
    /// - Precondition: the component was made by ``box(_:)`` from a `Value`.
    @inlinable @inline(__always)
    static func value<Value: Differentiable>(at pointer: UnsafePointer<Component>, as _: Value.Type) -> Value {
        Component.storage(at: pointer)._withUnsafeGuaranteedRef { storage in
            unsafeDowncast(storage, to: ProxyStorage<Value>.self).value
        }
    }
}
