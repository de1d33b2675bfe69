import Loop
import LoopSynchronization

/// The state every runtime test drives: small, with one field per kind of trigger.
struct Lab: Hashable, Sendable {
  var query: String?
  var loaded: [String] = []
  var count = 0
  var flag = false
  var keys: Set<Int> = []
  var errors: [String] = []
}

enum LabEvent: Hashable, Sendable {
  case query(String?)
  case loaded(String)
  case increment
  case flag(Bool)
  case keys(Set<Int>)
  case failed(String)
}

let labReducer = Reducer<Lab, LabEvent> { state, event in
  switch event {
  case .query(let query): state.query = query
  case .loaded(let value): state.loaded.append(value)
  case .increment: state.count += 1
  case .flag(let flag): state.flag = flag
  case .keys(let keys): state.keys = keys
  case .failed(let message): state.errors.append(message)
  }
}

/// A latch per name, made on first use, so effects and the test can share them by name.
final class Latches: Sendable {
  private let latches = Mutex<[String: Latch]>([:])

  subscript(name: String) -> Latch {
    latches.withLock { latches in
      if let latch = latches[name] { return latch }
      let latch = Latch()
      latches[name] = latch
      return latch
    }
  }
}

/// Lets a feedback built before its store reach that store once it exists.
final class StoreBox<State: Sendable, Event: Sendable>: Sendable {
  private let box = Mutex<Store<State, Event>?>(nil)

  var store: Store<State, Event>? {
    get { box.withLock { $0 } }
    set { box.withLock { $0 = newValue } }
  }
}
