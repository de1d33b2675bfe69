// The one `Mutex` of the package. Every module imports LoopSynchronization, never
// Synchronization itself: this module re-exports Synchronization (`Mutex`, `Atomic`), and under
// `make tsan` declares its own `Mutex`, which shadows the standard library's in every module
// that imports this one. No module carries a copy of the switch.
@_exported import Synchronization

#if LOOP_THREAD_SANITIZER
  /// `make tsan` builds only: the pthread-backed lock ThreadSanitizer can see
  /// (``PthreadMutex``); every other build uses `Synchronization.Mutex`.
  public typealias Mutex<Value: ~Copyable> = PthreadMutex<Value>
#endif
