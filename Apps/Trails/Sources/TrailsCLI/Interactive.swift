import CommandLineParsing
import Terminal
import TrailsFeature

/// `trails` with no command, on a terminal: the two tabs, driven by keys.
enum Interactive {
  static func run(_ options: TrailsOptions, recording: RecordingSlot) async throws {
    let terminal = TerminalCapabilities.detect()
    guard terminal.isInteractive else {
      throw UsageError(
        "no command given; the interactive mode needs a terminal (see trails --help)",
        usage: options.usage)
    }
    // A database that can be read but not written is browsed read-only, with the reason shown.
    try await Composition.using(
      options, access: .readWrite, recording: recording, readOnlyFallback: true
    ) { composition in
      try await run(composition, on: terminal)
    }
  }

  /// The session on `composition`'s planner, until `q` or Ctrl-C and the plan saved.
  private static func run(
    _ composition: Composition, on terminal: TerminalCapabilities
  ) async throws {
    // Another process's edit (a `trails plan add` in another shell) shows within a second.
    let run = try PlannerRun(
      composition, saveQuietWindow: .milliseconds(500), watchInterval: .milliseconds(500),
      forecasts: .all)
    defer { run.end() }
    let store = run.store
    let offline = composition.isDefaultOffline
    let readOnlyNotice = composition.readOnlyNotice
    let useColor = terminal.supportsColor
    var view = ScreenView()
    var shown = store.state
    let ending = try await InteractiveLoop.run(
      states: store.states, terminal: terminal, alternateScreen: true,
      react: { input in
        switch input {
        case .state(let next):
          view = view.following(from: shown, to: next)
          shown = next
          return .redraw
        case .resized:
          return .redraw
        case .key(let key):
          let screen = Screen(
            state: store.state, offline: offline, useColor: false, view: view,
            readOnlyNotice: readOnlyNotice)
          switch screen.action(for: key) {
          case nil: return .redraw
          case .view(let next):
            view = next
            return .redraw
          case .send(let event):
            // A sent event closes the prompt it came from.
            view.adding = nil
            store.send(event)
            return .redraw
          case .quit: return .quit
          case .interrupt: return .interrupt
          }
        }
      },
      frame: { size in
        Screen(
          state: store.state, offline: offline, useColor: useColor, view: view,
          readOnlyNotice: readOnlyNotice
        ).lines(height: size.rows, width: size.columns)
      })
    // Nothing is lost on the way out: wait for the restore and the save.
    _ = await run.first { state in
      switch state.persistence {
      case .restoring: false
      case .restoreFailed: true
      case .ready(let ready): ready.isSaved || ready.failure != nil
      }
    }
    let state = store.state
    if let message = state.persistence.restoreError { throw CommandFailure(message) }
    if let error = state.persistence.saveError {
      throw CommandFailure("the plan was not saved: \(error)")
    }
    if ending == .interrupted { throw ExitCode.interrupted }
  }
}
