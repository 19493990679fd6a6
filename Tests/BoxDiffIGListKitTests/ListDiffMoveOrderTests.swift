import BoxDiffIGListKit
import Foundation
import Testing

/// `ListIndexSetResult.moves` is documented "ascending by destination";
/// the engine's single batch lists its moves by source. Two moves whose
/// source order is the reverse of their destination order.
@Suite("IGListKit: moves ascend by destination")
struct ListDiffMoveOrderTests {
    @Test func movesAscendByDestination() {
        let old: [any ListDiffable] = [0, 1, 2, 3].map { NSNumber(value: $0) }
        let new: [any ListDiffable] = [3, 2, 0, 1].map { NSNumber(value: $0) }
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.moves.count == 2)
        #expect(result.moves.map(\.to) == result.moves.map(\.to).sorted())
        #expect(result.moves == [ListMoveIndex(from: 3, to: 0), ListMoveIndex(from: 2, to: 1)])
    }
}
