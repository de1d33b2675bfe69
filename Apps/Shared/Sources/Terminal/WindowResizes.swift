import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal window's new size each time the user resizes it (`SIGWINCH`), for an
/// interactive loop to redraw at once rather than at the next key.
///
/// ```swift
/// for await size in WindowResizes.sizes() {
///   renderer.width = size.columns
///   renderer.clearScreen()
///   draw()
/// }
/// ```
public enum WindowResizes {
  /// A stream of the window's size after each resize of the terminal at `descriptor`.
  ///
  /// The stream ends when the task iterating it is cancelled.
  ///
  /// - Parameter descriptor: The terminal to measure; standard output by default.
  /// - Returns: The sizes, one per resize.
  public static func sizes(of descriptor: Int32 = STDOUT_FILENO) -> AsyncStream<WindowSize> {
    AsyncStream { continuation in
      let signal = SignalSource(DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global()))
      signal.source.setEventHandler {
        continuation.yield(WindowSize.of(descriptor: descriptor))
      }
      continuation.onTermination = { _ in signal.source.cancel() }
      signal.source.resume()
    }
  }
}

/// A Dispatch signal source, which may be cancelled from any thread (Dispatch sources are
/// thread-safe) but is not marked `Sendable`.
private final class SignalSource: @unchecked Sendable {
  let source: any DispatchSourceSignal

  init(_ source: any DispatchSourceSignal) {
    self.source = source
  }
}
