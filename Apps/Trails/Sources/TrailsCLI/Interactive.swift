import Terminal
import TrailsFeature

/// `trails` with no command, on a terminal: the two tabs, driven by keys.
enum Interactive {
  static func run(_ arguments: ParsedArguments) async throws {
    let terminal = TerminalCapabilities.detect()
    guard terminal.isInteractive else {
      throw UsageError(
        "no command given; the interactive mode needs a terminal (see trails --help)",
        usage: arguments.usage)
    }
    let composition = try Composition(arguments, access: .readWrite)
    // Another process's edit (a `trails plan add` in another shell) shows within a second.
    let session = try Session(
      composition, saveQuietWindow: .milliseconds(500), watchInterval: .milliseconds(500))
    defer { session.end() }
    let raw = try RawMode()
    defer { raw.restore() }
    raw.enterAlternateScreen()
    raw.hideCursor()
    let store = session.store
    let offline = composition.isDefaultOffline
    var interrupted = false
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        // Redraw on every state, and all of the screen, fitted again, on every resize.
        let (redraws, continuation) = AsyncStream.makeStream(of: Redraw.self)
        let states = Task {
          for await state in store.states { continuation.yield(.state(state)) }
          continuation.finish()
        }
        let resizes = Task {
          for await size in WindowResizes.sizes() { continuation.yield(.resized(size)) }
        }
        defer {
          states.cancel()
          resizes.cancel()
        }
        var size = terminal.windowSize
        var renderer = ScreenRenderer(isTTY: true, width: size.columns)
        var state = store.state
        for await redraw in redraws {
          switch redraw {
          case .state(let next):
            state = next
          case .resized(let next):
            size = next
            renderer.width = next.columns
            renderer.clearScreen()
          }
          let screen = Screen(state: state, offline: offline, useColor: terminal.supportsColor)
          renderer.render(screen.lines(height: size.rows))
        }
      }
      keys: for await key in KeyReader.keys() {
        let screen = Screen(state: store.state, offline: offline, useColor: false)
        switch screen.action(for: key) {
        case nil: continue
        case .send(let event): store.send(event)
        case .quit: break keys
        case .interrupt:
          interrupted = true
          break keys
        }
      }
      // Nothing is lost on the way out: wait for the restore and the save.
      _ = await session.first { state in
        switch state.restore {
        case .pending: false
        case .failed: true
        case .done: state.isSaved || state.saveError != nil
        }
      }
      group.cancelAll()
    }
    raw.restore()
    let state = store.state
    if case .failed(let message) = state.restore { throw CommandFailure(message) }
    if let error = state.saveError { throw CommandFailure("the plan was not saved: \(error)") }
    if interrupted { throw ExitCode.interrupted }
  }
}

/// Why the interactive screen redraws.
private enum Redraw: Sendable {
  /// The store has a new state.
  case state(Trails.State)
  /// The window was resized to this size.
  case resized(WindowSize)
}
