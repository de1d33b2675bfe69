#if LOOP_THREAD_SANITIZER
  import ThreadSanitizerSupport

  /// `make tsan` builds only: `Mutex` in this module is the pthread-backed lock that
  /// ThreadSanitizer can see (see `PthreadMutex`); every other build uses `Synchronization.Mutex`.
  typealias Mutex<Value: ~Copyable> = PthreadMutex<Value>
#endif
