import BoxDiff
import BoxDiffIGListKit
import Foundation
import Testing

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#else
    /// UIKit's and AppKit's `IndexPath(item:section:)`, which the samples
    /// call; Linux's Foundation has neither.
    extension IndexPath {
        fileprivate init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    }
#endif

/// The README's `ListDiffable` model, as written there.
private final class User: ListDiffable {
    let id: Int
    var name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
    func diffIdentifier() -> NSObjectProtocol { NSNumber(value: id) }
    func isEqual(toDiffableObject object: ListDiffable?) -> Bool {
        (object as? User)?.name == name
    }
}

/// `UICollectionView`'s batch calls, with UIKit's signatures (the updates
/// block is optional, so escaping), recording what they are given.
@MainActor
private final class RecordingCollectionView {
    var calls: [String] = []
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        calls.append("batch")
        updates?()
        completion?(true)
    }
    func deleteItems(at indexPaths: [IndexPath]) { calls.append("delete \(indexPaths.map { $0[1] })") }
    func insertItems(at indexPaths: [IndexPath]) { calls.append("insert \(indexPaths.map { $0[1] })") }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("move \(indexPath[1])→\(newIndexPath[1])")
    }
}

/// `ListDiff(oldArray:newArray:option:)`'s sample in the view controller
/// it presumes. It wrote `collectionView.deleteItems(...)` inside the
/// `performBatchUpdates` block, an escaping closure in UIKit: in a view
/// controller that is "reference to property 'collectionView' in closure
/// requires explicit use of 'self'". The sample (and the BoxDiffIGListKit
/// article's IGListKit one) now writes `self.collectionView`, as here.
@MainActor
private final class UsersViewController {
    let collectionView = RecordingCollectionView()

    func show(oldUsers: [User], newUsers: [User]) {
        let result = ListDiff(oldArray: oldUsers, newArray: newUsers, option: .equality)
        collectionView.performBatchUpdates {
            let batch = result.forBatchUpdates()
            self.collectionView.deleteItems(at: batch.deletes.map { IndexPath(item: $0, section: 0) })
            self.collectionView.insertItems(at: batch.inserts.map { IndexPath(item: $0, section: 0) })
            for move in batch.moves {
                self.collectionView.moveItem(
                    at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
            }
        }
    }
}

/// The README's and the doc comments' `ListDiff` samples, with the index
/// spaces their comments state.
@MainActor
struct ListDiffDocSampleTests {
    private let oldUsers = [User(id: 1, name: "a"), User(id: 2, name: "b"), User(id: 3, name: "c")]
    private let newUsers = [User(id: 3, name: "c"), User(id: 1, name: "A"), User(id: 4, name: "d")]

    /// README: deletes, updates and move sources are old indexes; inserts
    /// and move destinations new ones; `forBatchUpdates()` is one batch
    /// (an update becomes a delete and an insert).
    @Test func readmeIndexSpaces() {
        let result = ListDiff(oldArray: oldUsers, newArray: newUsers, option: .equality)
        #expect(Array(result.deletes) == [1])
        #expect(Array(result.updates) == [0])
        #expect(Array(result.inserts) == [2])
        #expect(result.moves.map { [$0.from, $0.to] } == [[2, 0], [0, 1]])
        let batch = result.forBatchUpdates()
        #expect(Array(batch.deletes) == [0, 1])
        #expect(Array(batch.inserts) == [1, 2])
        #expect(batch.moves.map { [$0.from, $0.to] } == [[2, 0]])
        #expect(batch.updates.isEmpty)
    }

    /// `ListDiff`'s sample: one batch of the deletes, inserts and moves.
    @Test func listDiffSampleMakesOneBatch() {
        let screen = UsersViewController()
        screen.show(oldUsers: oldUsers, newUsers: newUsers)
        #expect(screen.collectionView.calls == ["batch", "delete [0, 1]", "insert [1, 2]", "move 2→0"])
    }
}
