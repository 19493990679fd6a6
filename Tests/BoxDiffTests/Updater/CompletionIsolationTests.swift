import BoxDiffTestSupport
import Dispatch
import Foundation
import Testing

@testable import BoxDiff

/// A view whose batch completion is called off the main thread (a Swift 5
/// conformer that ends its animations on a queue of its own).
@MainActor
final class OffMainCompletionListView: ForwardingListView {
    let inner = RecordingListView()
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        updates?()
        nonisolated(unsafe) let completion = completion
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            completion?(true)
            done.signal()
        }
        done.wait()
    }
}

@Suite("Updater: completions called off the main actor")
struct CompletionIsolationTests {
    /// A batch completion called off the main thread runs the renderer's
    /// completion queue (a main-actor class) and the app's completion
    /// there, unchecked. Does anything stop it?
    @Test func aCompletionCalledOffMainIsCaught() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let view = OffMainCompletionListView()
                var data = BoxGenerators.TestBox()
                let renderer = BoxRenderer<Int, Int, OffMainCompletionListView>(view: view) { data = $0 }
                var onMain = true
                renderer.render(BoxGenerators.TestBox(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])]))
                {
                    onMain = Thread.isMainThread
                }
                precondition(!onMain, "the app's completion ran off the main thread, unchecked")
                _ = data
            }
        }
    }
}
