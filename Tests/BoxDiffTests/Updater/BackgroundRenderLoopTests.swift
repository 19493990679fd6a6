import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

private func rows(_ ids: [Int], tag: String = "") -> BoxGenerators.TestBox {
    BoxGenerators.TestBox(sections: [Section(id: 0, rows: ids.map { Node(id: $0, component: "\($0)\(tag)") })])
}

@Suite("Updater: background render loops") @MainActor
struct BackgroundRenderLoopTests {
    /// RenderLoopTests.aSetterThatReRendersTheSameStateSettles with the
    /// setter re-rendering off the main actor (`renderInBackground`, which
    /// the setter's call relays until the outer render is applied): the
    /// relayed render finds no change and hands its Box to the setter,
    /// which requests another, without end (capped here at 50 setter calls).
    @Test func aSetterThatReRendersInBackgroundSettles() async {
        let screen = RendererScreen(showing: rows([1]))
        var calls = 0
        var tasks: [Task<Bool, Never>] = []
        screen.store.onSetData = {
            calls += 1
            guard calls < 50 else { return }
            tasks.append(screen.renderer.renderInBackground(rows([1, 2])))
        }
        screen.renderer.render(rows([1, 2]))
        await screen.backgroundRendersEnd()
        for task in tasks { _ = await task.value }
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change")
        #expect(screen.problems(showing: rows([1, 2])).isEmpty)
    }

    /// The same with a background render as the outer one: a background
    /// render whose setter re-renders in background.
    @Test func aBackgroundRenderWhoseSetterReRendersInBackgroundSettles() async {
        let screen = RendererScreen(showing: rows([1]))
        var calls = 0
        screen.store.onSetData = {
            calls += 1
            guard calls < 50 else { return }
            screen.renderer.renderInBackground(rows([1, 2]))
        }
        _ = await screen.renderer.renderAsync(rows([1, 2]))
        await screen.backgroundRendersEnd()
        screen.view.finishAnimations()
        screen.store.onSetData = nil
        #expect(calls <= 2, "setData called \(calls) times for one change")
        #expect(screen.problems(showing: rows([1, 2])).isEmpty)
    }
}

/// `BoxRenderer.releaseScratchMemory()` (an app's memory warning).
@Suite("Updater: releasing the renderer's scratch memory") @MainActor
struct ScratchMemoryReleaseTests {
    /// After renders on the main actor and off it, the call frees the
    /// main actor's workspace and the idle ones of the background pool;
    /// the renders that follow allocate workspaces again and still show
    /// their targets, diffed against the shown Box (not reloaded).
    @Test func releasingTheWorkspacesLeavesRendersWorking() async {
        let screen = RendererScreen(showing: rows([1, 2, 3]))
        screen.renderer.render(rows([3, 1, 2]))
        #expect(await screen.renderer.renderAsync(rows([3, 1, 2, 4])))
        screen.view.finishAnimations()
        weak let mainWorkspace = screen.renderer.mainWorkspace
        #expect(mainWorkspace != nil)
        #expect(screen.renderer.workspaces.idleCount == 1)

        screen.renderer.releaseScratchMemory()
        #expect(mainWorkspace == nil, "the main actor's workspace outlived the call")
        #expect(screen.renderer.workspaces.idleCount == 0)

        screen.renderer.render(rows([4, 3, 1]))
        #expect(await screen.renderer.renderAsync(rows([4, 1, 5])))
        screen.view.finishAnimations()
        #expect(screen.renderer.mainWorkspace != nil)
        #expect(screen.renderer.workspaces.idleCount == 1)
        #expect(screen.renderer.fallbackReloadCount == 0)
        #expect(screen.problems(showing: rows([4, 1, 5])).isEmpty)
    }

    /// A workspace a background diff holds while the memory is released
    /// is freed when the diff gives it back, not kept idle; one taken
    /// after the call is kept as usual.
    @Test func aWorkspaceInUseDuringTheReleaseIsFreedWhenGivenBack() throws {
        let pool = BoxRendererWorkspacePool()
        let (inUse, epoch) = try pool.take()
        weak let weakInUse = inUse
        pool.releaseIdle()
        pool.give(back: inUse, takenAt: epoch)
        #expect(pool.idleCount == 0)
        _ = consume inUse
        #expect(weakInUse == nil, "the workspace in use during the release was kept")
        let (later, laterEpoch) = try pool.take()
        pool.give(back: later, takenAt: laterEpoch)
        #expect(pool.idleCount == 1)
    }
}
