// The names of 0.2, when a recording was called a session: deprecated, with fix-its to the
// current ones, and removed in 0.4 (CHANGELOG.md).
import Loop

/// How an app's recordings replay against its contract.
@_documentation(visibility: internal)
@available(*, deprecated, renamed: "RecordingReplay")
public typealias SessionReplay = RecordingReplay

extension RecordingReplay {
  /// The app's recording type.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "AppRecording")
  public typealias AppSession = AppRecording
}

extension AnyContract {
  /// Whether the contract replays recordings.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "replaysRecordings")
  public var replaysSessions: Bool { replaysRecordings }
}
