/// Stops the program with `message` unless `condition` holds: a misuse of
/// the public API (an index out of range, rows appended to a Box with no
/// section, a view that broke the ``ListView`` contract). Unlike
/// `precondition`, whose message an optimized build drops (an app built
/// for release then stops with "Illegal instruction" and no word of why),
/// the message is printed in every build. The check costs a
/// `precondition`'s: one branch, the message built only on failure.
@inlinable @inline(__always)
func checkUsage(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if _slowPath(!condition) { fatalError(message(), file: file, line: line) }
}
