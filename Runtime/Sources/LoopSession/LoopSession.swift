// LoopSession is LoopRecording under the names of 0.2, when a recording was called a
// session. Every name here is deprecated with a fix-it to the new one, and the module goes in
// 0.4; CHANGELOG.md lists the renames.
@_exported import LoopRecording

/// A recording of one app's store.
@available(*, deprecated, renamed: "Recording")
public typealias Session = Recording

/// One reduced event of a recording.
@available(*, deprecated, renamed: "RecordedStep")
public typealias SessionStep = RecordedStep

/// Who sent a recorded event, or made a recorded call or effect.
@available(*, deprecated, renamed: "RecordedOrigin")
public typealias SessionOrigin = RecordedOrigin

/// One recorded dependency call.
@available(*, deprecated, renamed: "RecordedCall")
public typealias SessionCall = RecordedCall

/// One recorded effect.
@available(*, deprecated, renamed: "RecordedEffect")
public typealias SessionEffect = RecordedEffect

/// How and when a recording ended.
@available(*, deprecated, renamed: "RecordingEnd")
public typealias SessionEnd = RecordingEnd

/// Reads and writes recording files.
@available(*, deprecated, renamed: "RecordingFile")
public typealias SessionFile = RecordingFile

/// A recording file that cannot be read or written.
@available(*, deprecated, renamed: "RecordingFileError")
public typealias SessionFileError = RecordingFileError

/// Records a running store and its dependency calls.
@available(*, deprecated, renamed: "Recorder")
public typealias SessionRecorder = Recorder

extension Recorder {
  /// The recording so far.
  @available(*, deprecated, renamed: "recording")
  public var session: Recording<State, Event, Call> { recording }
}

extension Duration {
  /// This duration as a recording's setting: whole milliseconds.
  @available(*, deprecated, renamed: "recordingMilliseconds")
  public var sessionMilliseconds: Int { recordingMilliseconds }

  /// The duration a recording's setting names; `nil` for none or a negative number.
  ///
  /// - Parameter milliseconds: The setting.
  @available(*, deprecated, renamed: "init(recordingMilliseconds:)")
  public init?(sessionMilliseconds milliseconds: Int?) {
    self.init(recordingMilliseconds: milliseconds)
  }

  /// This duration as a version 1 recording's setting: whole milliseconds, as text (`"300"`).
  @available(
    *, deprecated, renamed: "recordingMilliseconds",
    message: "settings are numbers since version 2 recordings"
  )
  public var sessionSetting: String { String(recordingMilliseconds) }

  /// The duration a version 1 recording's setting names.
  ///
  /// - Parameter setting: The setting's text.
  @available(
    *, deprecated, renamed: "init(recordingMilliseconds:)",
    message: "settings are numbers since version 2 recordings"
  )
  public init?(sessionSetting setting: String?) {
    self.init(recordingMilliseconds: setting.flatMap { Int($0) })
  }
}
