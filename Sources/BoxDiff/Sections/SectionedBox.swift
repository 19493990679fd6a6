// Sectioned data of the caller's own types (`[ArraySection]`, any
// `DifferentiableSection`) diffed through the Box engine: each side is
// mapped to a Box whose ids are the `differenceIdentifier`s and whose
// header and row components are proxies holding the caller's values
// (`ProxyStorage`). Every proxy has the same content hash, so the Box
// diff's content hashes always propose "equal", and the diff confirms
// every paired row and section with the proxies' `==`, which is the
// caller's `isContentEqual(to:)` (see `BoxMatching.rowsChangedDespiteHash`):
// one call per paired row or section, linear overall. Every stage's Box
// data is then mapped back (the proxies hold the caller's values).

extension Component {
    /// ``typeTag(_:)`` of a sectioned diff's proxies (``ProxyStorage``): a
    /// fixed tag of its own, past the standard types'.
    static var proxyTag: UInt64 { 16 }
}

/// A section or an element as a Box component's storage: one hash for all
/// values, and `==` that asks `isContentEqual(to:)`.
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

/// The mapping between sectioned data and the Box form the engine diffs.
@usableFromInline
enum SectionedBox {
    /// `data` as a Box: section ids are the sections' `differenceIdentifier`,
    /// each header a proxy of the section, each row's id its element's
    /// `differenceIdentifier` and its component a proxy of the element
    /// (``ProxyStorage``).
    /// - Complexity: O(sections + elements).
    @inlinable
    static func box<Data: Swift.Collection>(
        _ data: Data
    ) -> Box<Data.Element.DifferenceIdentifier, Data.Element.Collection.Element.DifferenceIdentifier>
    where Data.Element: DifferentiableSection {
        typealias RowID = Data.Element.Collection.Element.DifferenceIdentifier
        var sections: [Section<Data.Element.DifferenceIdentifier, RowID>] = []
        sections.reserveCapacity(data.count)
        for section in data {
            var rows: [Node<RowID>] = []
            rows.reserveCapacity(section.elements.count)
            for element in section.elements {
                rows.append(
                    Node(id: element.differenceIdentifier, component: Component(storage: ProxyStorage(element))))
            }
            sections.append(
                Section(
                    id: section.differenceIdentifier, header: Component(storage: ProxyStorage(section)), rows: rows))
        }
        return Box(sections: sections)
    }

    /// `boxed` with every stage's data mapped back to `Data`; the last
    /// stage's data (the target in every mode) is `target` itself.
    @inlinable
    static func changeset<Data: RangeReplaceableCollection>(
        _ boxed: StagedChangeset<
            Box<Data.Element.DifferenceIdentifier, Data.Element.Collection.Element.DifferenceIdentifier>
        >,
        target: Data
    ) -> StagedChangeset<Data> where Data.Element: DifferentiableSection {
        var stages: [Changeset<Data>] = []
        stages.reserveCapacity(boxed.count)
        for (k, stage) in boxed.stages.enumerated() {
            let data = k == boxed.count - 1 ? target : sections(of: stage.data, as: Data.self)
            stages.append(Changeset(data: data, batchUpdate: stage.batchUpdate))
        }
        return StagedChangeset(stages, reloadsEverything: boxed.reloadsEverything, isMinimal: boxed.isMinimal)
    }

    /// The sectioned data a Box made by ``box(_:)`` (or a stage's data
    /// built from two such Boxes) holds: each section rebuilt with
    /// `init(source:elements:)` from the section in its header and the
    /// elements in its rows.
    /// - Complexity: O(sections + elements).
    @inlinable
    static func sections<Data: RangeReplaceableCollection>(
        of box: Box<Data.Element.DifferenceIdentifier, Data.Element.Collection.Element.DifferenceIdentifier>,
        as _: Data.Type
    ) -> Data where Data.Element: DifferentiableSection {
        typealias Element = Data.Element.Collection.Element
        var result = Data()
        result.reserveCapacity(box.sections.count)
        let layout = NodeLayout<Element.DifferenceIdentifier>()
        for section in box.sections {
            let source = withUnsafePointer(to: section.header!) { value(at: $0, as: Data.Element.self) }
            // Reserved, then appended: `Array(unsafeUninitializedCapacity:)`
            // allocates through the standard library's unspecialized code,
            // which looks up the storage type's metadata on every call
            // (about 540 instructions per section and stage).
            let elements = layout.withRows(section.rows) { count, rows in
                var elements: [Element] = []
                elements.reserveCapacity(count)
                for r in 0..<count { elements.append(value(at: rows.component(r), as: Element.self)) }
                return elements
            }
            result.append(Data.Element(source: source, elements: elements))
        }
        return result
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
