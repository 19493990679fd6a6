// The core's size limits as the Swift layer holds them. CCore spells the
// value out instead of converting the C macros, which do not import on a
// 32-bit platform (watchOS devices: arm64_32, armv7k); here, on a 64-bit
// host, they must still agree with the macros.

import CBoxDiff
import Testing

@testable import BoxDiff

@Suite struct CCoreLimitTests {
    @Test func limitsAgreeWithTheCore() {
        #expect(UInt64(CCore.maxCount) == UInt64(BXD_MAX_COUNT))
        #expect(UInt64(CCore.maxLCSTotalCount) == UInt64(BXD_MAX_LCS_TOTAL_COUNT))
    }
}
