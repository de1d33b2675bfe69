import LoopContracts
import MovieCatalog
import MovieCatalogRecording
import MoviesFeature

extension Movies {
  /// How `conformance --replay` replays a `movies --record` recording: the pager with every
  /// catalog call answered from the recording.
  public static let recordingReplay = RecordingReplay<Movies, MovieCatalogCall>(app: "movies") {
    tape, _, _ in
    Movies(catalog: .answering { call, match in try await tape.answer(call, match) })
  }
}
