import BoxDiffIGListKit
import Foundation
import Testing

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
