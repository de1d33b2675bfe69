import Foundation
import Loop
import LoopRecording
import LoopTesting

extension RecordingReplay {
  /// Decodes a recording of this app from the text of its file, as a test embeds it.
  ///
  /// A test exported from a recording (`conformance export-test`) holds the recording's lines
  /// and reads them back with this, so its doubles answer as the recording says.
  ///
  /// - Parameter text: The recording file's text (version 1 or 2).
  /// - Returns: The recording.
  /// - Throws: `RecordingFileError` when the text is not a recording of ``RecordingReplay/app``
  ///   that decodes.
  public func recording(decoding text: String) throws(RecordingFileError) -> AppRecording {
    try RecordingFile.decode(AppRecording.self, from: Data(text.utf8), path: app, app: app)
  }

  /// The app's machine with every dependency answering from `recording`'s calls, sleeping on
  /// `clock`, set up as its settings say: the machine a replay runs, for a test of its own.
  ///
  /// Advance `clock` to each step's recorded time before sending or receiving it: a call
  /// answers at the moment it ended in the recording.
  ///
  /// ```swift
  /// let recording = try Search.recordingReplay.recording(decoding: text)
  /// let clock = TestClock()
  /// let store = TestStore(
  ///   initial: recording.initialState,
  ///   machine: Search.recordingReplay.machine(answering: recording, on: clock), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - recording: The recording whose calls answer.
  ///   - clock: The test's clock.
  /// - Returns: The machine.
  public func machine(answering recording: AppRecording, on clock: TestClock) -> M {
    let tape = CallTape(
      calls: recording.calls, effects: recording.effects,
      steps: recording.steps.map { ($0.origin, $0.atMilliseconds) }, clock: clock,
      stepsSoFar: { 0 }, endedEarly: recording.stopsMidRun)
    return makeMachine(tape, clock, recording.settings)
  }
}
