import LoopContracts
import MoviesContract
import MoviesFeature
import SearchContract
import SearchFeature

/// Every contract `make conformance` checks, one line per app.
///
/// An app registers its feature's contract here when it lands:
///
/// ```swift
/// AnyContract(MoviesFeature.Movies.contract),
/// ```
public let registeredContracts: [AnyContract] = [
  AnyContract(Movies.contract),
  AnyContract(Search.contract),
]
