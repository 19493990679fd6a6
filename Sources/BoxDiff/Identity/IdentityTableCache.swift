/// The lazily filled identity table of one Box value, shared by its copies.
///
/// One reference to a small object (a `ManagedBuffer` whose header is the
/// slot, so the slot has a fixed address) and that address, with no lock.
/// The table is published, as its own storage object
/// (``IdentityTableStorage``: no object around it), with an atomic
/// compare-and-swap on the slot (the standard library's
/// `_stdlib_atomicAcquiringInitializeARCRef`, a compare-exchange inlined
/// into this module, available on every platform and OS version Swift
/// runs on) and read with an acquiring load, so a thread that sees the
/// table also sees its contents. Two threads that request the table of
/// the same Box at once may both compute it; the first to publish wins and
/// the other's equal result is dropped.
///
/// A Box that is mutated while it alone holds its cache empties the slot
/// in place (``invalidate()``) instead of allocating a new cache, so building a
/// Box one row at a time allocates no cache per row. Nothing else can read
/// a cache that is uniquely referenced, so the clear needs no atomics.
///
/// `@unchecked Sendable` (`ManagedBuffer` is not `Sendable`): the slot is written only by the atomic publish
/// (once per table) or while uniquely referenced, and an `IdentityTable`
/// is an immutable value once stored.
@frozen @usableFromInline
struct IdentityTableCache: @unchecked Sendable {
    /// The shared object; its header is the slot.
    @usableFromInline
    final class Storage: ManagedBuffer<IdentityTableStorage?, UInt8> {}

    /// The shared object; `nil` for a cache that never stores (``uncached``).
    @usableFromInline var storage: Storage?
    /// The slot's address in ``storage`` (its header), valid while
    /// `storage` lives, which this value ensures; `nil` with it. Kept
    /// beside the reference so that reading or filling the slot does not
    /// touch the object: through `withUnsafeMutablePointerToHeader` each
    /// access retained and released it, two atomics per table request
    /// (four per Box diff).
    @usableFromInline var slot: UnsafeMutablePointer<IdentityTableStorage?>?

    /// An empty cache: one allocation, the slot (the buffer's header) `nil`
    /// and no elements.
    @usableFromInline
    init() {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 0) { _ in nil }, to: Storage.self)
        self.storage = storage
        slot = storage.withUnsafeMutablePointerToHeader { $0 }
    }

    /// A cache that never stores a table (see ``uncached``).
    @inlinable
    init(uncached: ()) {
        storage = nil
        slot = nil
    }

    /// A cache that never stores a table (each request computes it), for
    /// Boxes that are rarely diffed, such as a changeset's intermediate
    /// stages: no object at all, so making one, copying it and dropping it
    /// touch no reference count. A mutated Box takes a real cache as usual.
    @inlinable static var uncached: IdentityTableCache { IdentityTableCache(uncached: ()) }

    /// The cached table, if one was published.
    @usableFromInline
    var cached: IdentityTable? {
        guard let slot else { return nil }
        return _stdlib_atomicAcquiringLoadARCRef(object: slot)?._withUnsafeGuaranteedRef { IdentityTable(storage: $0) }
    }

    /// The cached table, or `make()`'s result, published for next time.
    @usableFromInline
    func table(_ make: () -> IdentityTable) -> IdentityTable {
        if let table = cached { return table }
        let made = make()
        guard let slot else { return made }
        // Published, and `made` itself returned: when another thread
        // published first, its table is equal (both are this Box's).
        // Returning the published table instead cost a copy of it and a
        // release of `made`, two atomic reference counts.
        _ = _stdlib_atomicAcquiringInitializeARCRef(object: slot, desired: made.storage)
        return made
    }

    /// Forgets the table, for a Box whose content changed: empties the
    /// slot in place when this value alone holds the object (nothing else
    /// can read it then, so no atomics are needed, and nothing is
    /// allocated); otherwise leaves the shared object to the copies and
    /// takes a new, empty one.
    @usableFromInline
    mutating func invalidate() {
        if isKnownUniquelyReferenced(&storage), let slot {
            if slot.pointee != nil { slot.pointee = nil }
        } else {
            self = IdentityTableCache()
        }
    }

    /// Whether `self` and `other` share one object (for tests).
    func isShared(with other: IdentityTableCache) -> Bool { storage === other.storage }
}
