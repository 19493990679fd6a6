import Foundation
import Testing

@testable import BoxDiff

/// The intermediate Boxes' row copies (`NodeLayout.copies(of:keeping:)`):
/// the kept rows, in order, each an equal node sharing its component, for
/// ids that are plain data (copied as bytes) and ids that are not.
@Suite("Intermediate Boxes: row copies")
struct NodeCopyTests {
    /// Rows 0..<count with ids from `id` and `String` components.
    private func rows<R: Hashable>(_ count: Int, _ id: (Int) -> R) -> [Node<R>] {
        (0..<count).map { Node(id: id($0), component: Component("row \($0)")) }
    }

    /// A map of `count` entries where every third is `none`.
    private func map(_ count: Int) -> [UInt32] {
        (0..<count).map { $0 % 3 == 1 ? BoxMatching.none : UInt32($0) }
    }

    private func expectCopies<R: Hashable>(_ rows: [Node<R>]) {
        let layout = NodeLayout<R>()
        let all = layout.copies(of: rows, keeping: AllRows())
        #expect(all == rows)
        #expect(zip(all, rows).allSatisfy { $0.component.storage === $1.component.storage })
        let paired = map(rows.count)
        let kept = paired.withUnsafeBufferPointer { map in
            layout.copies(of: rows, keeping: PairedRows(map.baseAddress!))
        }
        #expect(kept == rows.indices.filter { paired[$0] != BoxMatching.none }.map { rows[$0] })
        #expect(layout.copies(of: [], keeping: AllRows()).isEmpty)
    }

    @Test func plainDataIDs() {
        expectCopies(rows(50) { $0 })
        expectCopies(rows(17) { UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)) })
    }

    @Test func referenceIDs() {
        expectCopies(rows(50) { "id \($0)" })
    }

    /// The copy writes the nodes through `_copyContents`; iterating the
    /// same sequence gives the same nodes (the path a consumer that does
    /// not call `_copyContents` would take).
    @Test func iteratingGivesTheKeptNodes() {
        let rows = rows(40) { $0 }
        let layout = NodeLayout<Int>()
        let paired = map(rows.count)
        let (copied, iterated) = paired.withUnsafeBufferPointer { map in
            rows.withUnsafeBytes { raw in
                let nodes = KeptNodes(
                    rows: raw.baseAddress!, count: rows.count, layout: layout, filter: PairedRows(map.baseAddress!))
                var iterated: [Node<Int>] = []
                for node in nodes { iterated.append(node) }
                return (layout.copies(of: rows, keeping: PairedRows(map.baseAddress!)), iterated)
            }
        }
        #expect(iterated.count == 27)
        #expect(iterated == copied)
    }
}
