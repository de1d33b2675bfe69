import LoopContracts
import LoopRecording
import LoopTesting
import MovieCatalog
import MovieCatalogRecording
import SearchFeature

extension Search {
  /// How `conformance --replay` replays a `movie-search --record` recording: the search with
  /// the recorded debounce, every catalog call answered from the recording.
  public static let recordingReplay = RecordingReplay<Search, MovieCatalogCall>(app: "movie-search")
  {
    tape, clock, settings in
    Search(
      catalog: .answering { call, match in try await tape.answer(call, match) }, clock: clock,
      localCatalog: { MovieCatalog.fixtureMovies },
      debounce: debounce(inRecordingSettings: settings) ?? defaultDebounce)
  }
}
