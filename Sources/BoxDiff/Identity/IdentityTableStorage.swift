/// The words of an ``IdentityTable`` after its layout, in one object: the
/// table's one allocation, which a Box's cache publishes as it is (a
/// separate array in a published entry object was an allocation, a
/// retain and a release more per table).
@usableFromInline
final class IdentityTableStorage: ManagedBuffer<IdentityTableStorage.Header, UInt64> {
    /// The table's layout, enough to rebuild an ``IdentityTable`` from the
    /// object alone.
    @frozen @usableFromInline
    struct Header {
        /// How many words follow.
        @usableFromInline let wordCount: Int
        /// ``IdentityTable/sectionCount``.
        @usableFromInline let sectionCount: Int
        /// ``IdentityTable/rowCount``.
        @usableFromInline let rowCount: Int
        /// ``IdentityTable/exactRowContentKind``, set once the rows are
        /// hashed.
        @usableFromInline var exactRowContentKind: ObjectIdentifier?

        @inlinable
        init(wordCount: Int, sectionCount: Int, rowCount: Int) {
            self.wordCount = wordCount
            self.sectionCount = sectionCount
            self.rowCount = rowCount
            exactRowContentKind = nil
        }
    }

    /// A storage object with room for `header.wordCount` words, not
    /// initialized (a trivial type: the builder writes every one).
    @inlinable
    static func make(_ header: Header) -> IdentityTableStorage {
        unsafeDowncast(create(minimumCapacity: header.wordCount) { _ in header }, to: IdentityTableStorage.self)
    }
}
