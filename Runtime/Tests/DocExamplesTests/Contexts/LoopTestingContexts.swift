// The names the examples in LoopTesting's doc comments use without declaring them.

import Loop
import LoopTesting
import MovieCatalog
import SearchFeature

/// A share price, in cents.
struct Price: Sendable, Equatable {
  var cents: Int
  init(_ cents: Int) { self.cents = cents }
}

/// Where a stock watcher's prices come from.
struct PriceFeed: Sendable {
  var updates: @Sendable (_ symbol: String) -> any AsyncSequence<Price, any Error>
}

/// A stock watcher's state and events.
enum Stocks {
  struct State: Equatable, Sendable { var prices: [String: Price] = [:] }
  enum Event: Sendable {
    case watch(String)
    case priced(String, Price)
  }
}

struct LoopTestingControlledStreamExamples {
  let store: TestStore<Stocks.State, Stocks.Event>
}

struct LoopTestingControlledWorkExamples {
  let store: TestStore<Search.State, Search.Event>
  let page: MoviePage
}

struct LoopTestingFailureSinkExamples {
  let store: TestStore<Search.State, Search.Event>
}

struct LoopTestingStateDiffExamples {
  let store: TestStore<Search.State, Search.Event>
  let expectedState: Search.State
  let expected: Search.State
  let actual: Search.State
  let diff: StateDiff
}

struct LoopTestingTestClockSettlingExamples {
  let clock: TestClock
  let store: TestStore<Search.State, Search.Event>
}

struct LoopTestingTestStoreExhaustiveExamples {
  let store: TestStore<Search.State, Search.Event>
  let page: MoviePage
}

struct LoopTestingCallLogExamples {
  let pages: CallLog<Int>
}

struct LoopTestingTestStoreExamples {
  let store: TestStore<Search.State, Search.Event>
  let work: ControlledWork<MoviePage>
  let page: MoviePage
}
