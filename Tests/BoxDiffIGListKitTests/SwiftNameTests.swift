import BoxDiffIGListKit
import Foundation
import Testing

/// IGListKit's names as Swift code sees them. `resultForBatchUpdates` has
/// no `NS_SWIFT_NAME` in IGListKit's headers (IGListIndexSetResult.h,
/// IGListIndexPathResult.h), so the importer drops the leading "result"
/// that repeats the return type: Swift code calls `forBatchUpdates()`, and
/// a port's `.forBatchUpdates()` did not compile against this module.
private final class Post: ListDiffable {
    let id: Int
    let text: String
    init(_ id: Int, _ text: String) {
        self.id = id
        self.text = text
    }
    func diffIdentifier() -> NSObjectProtocol { NSNumber(value: id) }
    func isEqual(toDiffableObject object: ListDiffable?) -> Bool {
        guard self !== object else { return true }
        guard let object = object as? Post else { return false }
        return text == object.text
    }
}

@Suite struct SwiftNameTests {
    // IGListDiffTests' batch-update case: deleted, updated, moved,
    // inserted, updated, moved+updated.
    private static var old: [Post] {
        [Post(1, "a"), Post(2, "a"), Post(3, "a"), Post(4, "a"), Post(5, "a"), Post(6, "a")]
    }
    private static var new: [Post] {
        [Post(2, "b"), Post(5, "a"), Post(4, "a"), Post(7, "a"), Post(6, "b"), Post(3, "b")]
    }

    @Test func indexSetForBatchUpdates() {
        let batch = ListDiff(oldArray: Self.old, newArray: Self.new, option: .equality).forBatchUpdates()
        #expect(batch.updates.isEmpty)
        #expect(batch.moves == [ListMoveIndex(from: 4, to: 1)])
        #expect(batch.deletes == IndexSet([0, 1, 2, 5]))
        #expect(batch.inserts == IndexSet([0, 3, 4, 5]))
    }

    @Test func indexPathForBatchUpdates() {
        let batch = ListDiffPaths(
            fromSection: 0, toSection: 1, oldArray: Self.old, newArray: Self.new, option: .equality
        ).forBatchUpdates()
        #expect(batch.updates.isEmpty)
        #expect(batch.moves == [ListMoveIndexPath(from: [0, 4], to: [1, 1])])
        #expect(batch.deletes == [[0, 0], [0, 1], [0, 2], [0, 5]])
        #expect(batch.inserts == [[1, 0], [1, 3], [1, 4], [1, 5]])
    }
}

/// `ListDiffOption` as IGListKit's Swift sees it: IGListDiff.h declares
/// `IGListDiffOption` as `NS_ENUM(NSInteger, ...)`, pointer personality
/// first, so Swift has `ListDiffOption(rawValue:)` and `rawValue` (0 and
/// 1), which ported code storing or decoding the option uses.
@Suite struct DiffOptionRawValueTests {
    @Test func rawValuesAreIGListKits() {
        #expect(ListDiffOption.pointerPersonality.rawValue == 0)
        #expect(ListDiffOption.equality.rawValue == 1)
        #expect(ListDiffOption(rawValue: 0) == .pointerPersonality)
        #expect(ListDiffOption(rawValue: 1) == .equality)
        #expect(ListDiffOption(rawValue: 2) == nil)
    }
}
