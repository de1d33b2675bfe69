import LoopContracts
import MoviesContract
import MoviesFeature
import SearchContract
import SearchFeature
import TemplateContract
import TemplateFeature
import TrailsContract
import TrailsFeature

// new-feature: imports (make new-feature adds a feature's imports above, in order)

/// Every contract `make conformance` checks, one line per app.
///
/// An app registers its feature's contract here when it lands (`make new-feature` does it
/// for a new feature, above the `new-feature: contracts` line):
///
/// ```swift
/// let registeredContracts: [AnyContract] = [
///   AnyContract(Movies.contract, replaying: Movies.recordingReplay),
///   // new-feature: contracts
/// ]
/// ```
public let registeredContracts: [AnyContract] = [
  AnyContract(Movies.contract, replaying: Movies.recordingReplay),
  AnyContract(Search.contract, replaying: Search.recordingReplay),
  AnyContract(Trails.contract, replaying: Trails.recordingReplay),
  // new-feature: contracts
  AnyContract(Template.contract),
]
