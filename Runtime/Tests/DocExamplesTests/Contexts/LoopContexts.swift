// The names the examples in Loop's doc comments use without declaring them.

import Loop
import SearchFeature

/// The counter of Machine's doc comment, which Reducer's and the contracts' examples use.
struct Counter: Machine {
  struct State: Hashable, Sendable { var count = 0 }
  enum Event: Codable, Sendable { case increment }

  let clock: any Clock<Duration>

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .increment: state.count += 1
    }
  }

  var feedbacks: [Feedback<State, Event>] { [] }
}

/// A feature that polls while switched on.
enum Poller {
  struct State: Sendable { var polling = false }
  enum Event: Sendable { case tick }
}

/// An app that embeds the search.
enum App {
  struct State: Sendable { var search = Search.State() }
  enum Event: Sendable {
    case search(Search.Event)
    case quit

    var search: Search.Event? {
      if case .search(let event) = self { event } else { nil }
    }
  }
}

/// What an example throws when it gives up waiting.
struct Timeout: Error {}

struct LoopFeedbackFormsExamples {
  let clock: any Clock<Duration>
}

struct LoopFeedbackExamples {
  typealias State = Poller.State
  typealias Event = Poller.Event
  let clock: any Clock<Duration>
}

struct LoopReducerExamples {
  static let appReducer = Reducer<App.State, App.Event> { _, _ in }
}

struct LoopStoreExamples {
  let clock: any Clock<Duration>
  let store: Store<Search.State, Search.Event>
  func render(_ state: Search.State) {}
}
