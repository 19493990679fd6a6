#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lazily filled identity table of one Box value, shared by its copies.
///
/// `@unchecked Sendable`: the only mutable state, `table`, is read and
/// written under `lock`, and an `IdentityTable` is an immutable value once
/// stored. A Box is copied freely between threads; two threads diffing the
/// same Box at once may both compute its table, and one of the equal
/// results is kept.
@usableFromInline
final class IdentityTableCache: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var table: IdentityTable?

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// The cached table, if one was stored.
    var cached: IdentityTable? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return table
    }

    /// The cached table, or `make()`'s result, stored for next time.
    @usableFromInline
    func table(_ make: () -> IdentityTable) -> IdentityTable {
        if let table = cached { return table }
        let made = make()
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let table { return table }
        table = made
        return made
    }
}
