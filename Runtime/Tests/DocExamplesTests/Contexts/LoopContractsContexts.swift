// The names the examples in LoopContracts' doc comments use without declaring them.

import LoopContracts
import MovieCatalogRecording

struct LoopContractsCallTapeExamples {
  let tape: CallTape<MovieCatalogCall>
}
