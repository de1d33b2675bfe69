import Foundation
import LoopSynchronization

/// Ctrl-C during a run: the first stops the explorations where they are, so the run ends with
/// the report so far (explorations marked partial) and exit status 130; a second ends the
/// process at once.
enum Interruption {
  private static let seen = Mutex(false)
  private static let listening = Mutex(false)

  /// Starts listening for Ctrl-C, once.
  static func listen() {
    let first = listening.withLock { listening in
      defer { listening = true }
      return !listening
    }
    guard first else { return }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      let again = seen.withLock { seen in
        defer { seen = true }
        return seen
      }
      if again {
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
      }
    }
    source.resume()
    // The source lives as long as the process.
    _ = Unmanaged.passRetained(source as AnyObject)
  }

  /// Whether Ctrl-C was pressed.
  static var happened: Bool { seen.withLock { $0 } }
}
