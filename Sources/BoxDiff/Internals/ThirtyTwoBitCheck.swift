// Integer conversions with the limits of a 32-bit `Int`, in test builds.
//
// watchOS devices (arm64_32, armv7k) have a 32-bit `Int`. There `Int(x)` of
// a `UInt32` stops the program when `x` is past `Int32.max`, and the C
// core's "no partner" (`BXD_NONE`, 0xFFFFFFFF) is such a value: a
// conversion made before the check against it, harmless on a 64-bit host,
// crashes every such device. No 32-bit Swift toolchain runs here, so a
// test build with `-Xswiftc -DBOXDIFF_CHECK_32BIT_INDICES` (the second
// Swift run of .ci/run) gives the module these overloads instead. Each is
// concrete, so it wins over the standard library's generic
// `init<T: BinaryInteger>(_:)` at every such conversion in the package's
// modules (`package`: BoxDiffValidation and BoxDiffIGListKit too), and the
// whole test suite then runs them with 32-bit limits
// (`ThirtyTwoBitIndexTests`). Normal builds do not contain them.

#if BOXDIFF_CHECK_32BIT_INDICES
    extension Int {
        /// `Int(value)` as on a 32-bit `Int`: stops the program past
        /// `Int32.max`, as a watchOS device would.
        @inlinable
        package init(_ value: UInt32) {
            precondition(value <= 0x7FFF_FFFF, "BoxDiff: Int(\(value)) does not fit a 32-bit Int (watchOS devices)")
            self.init(truncatingIfNeeded: value)
        }

        /// `Int(value)` as on a 32-bit `Int` (as the `UInt32` overload).
        @inlinable
        package init(_ value: UInt64) {
            precondition(value <= 0x7FFF_FFFF, "BoxDiff: Int(\(value)) does not fit a 32-bit Int (watchOS devices)")
            self.init(truncatingIfNeeded: value)
        }

        /// `Int(value)` as on a 32-bit `Int` (as the `UInt32` overload).
        @inlinable
        package init(_ value: Int64) {
            precondition(
                value >= -0x8000_0000 && value <= 0x7FFF_FFFF,
                "BoxDiff: Int(\(value)) does not fit a 32-bit Int (watchOS devices)")
            self.init(truncatingIfNeeded: value)
        }

        /// `Int(value)` as on a 32-bit `Int` (as the `UInt32` overload).
        @inlinable
        package init(_ value: UInt) {
            precondition(value <= 0x7FFF_FFFF, "BoxDiff: Int(\(value)) does not fit a 32-bit Int (watchOS devices)")
            self.init(truncatingIfNeeded: value)
        }
    }
#endif
