import Loop
import LoopRecording

/// Something done with a recording of any registered app, given the app's own types.
///
/// ``AnyContract`` erases the app's machine type; ``AnyContract/visitRecording(_:from:with:)``
/// decodes a recording with it and calls ``visit(_:replay:)``, where `M` is the app's machine
/// again: a viewer encodes its states, a test exporter writes its events as Swift.
public protocol RecordingVisitor: Sendable {
  /// What the visit makes.
  associatedtype Result

  /// Does the work on `recording`, a recording of the app `replay` replays.
  ///
  /// - Parameters:
  ///   - recording: The decoded recording.
  ///   - replay: How the app's recordings replay: its command name and its replay machine.
  /// - Returns: The result.
  func visit<M: Machine, Call: Codable & Sendable>(
    _ recording: Recording<M.State, M.Event, Call>, replay: RecordingReplay<M, Call>
  ) -> Result where M.State: Codable & Hashable, M.Event: Codable & Equatable
}
