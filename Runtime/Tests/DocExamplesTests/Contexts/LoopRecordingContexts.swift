// The names the examples in LoopRecording's doc comments use without declaring them.

import SearchFeature

struct LoopRecordingRecorderExamples {
  let search: Search
}
