// The names the examples in LoopContracts' doc comments use without declaring them.

import LoopContracts
import MovieCatalogRecording

struct LoopContractsCallTapeExamples {
  let tape: CallTape<MovieCatalogCall>
}

struct LoopContractsRecordingReplayTestExamples {
  /// A movie-search recording file's text.
  let text: String
}
