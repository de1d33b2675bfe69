#if LOOP_THREAD_SANITIZER
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A drop-in stand-in for `Synchronization.Mutex`, built on `pthread_mutex_t`, that only
  /// `make tsan` builds use.
  ///
  /// On Linux, `Synchronization.Mutex` locks with atomics and futex system calls that
  /// ThreadSanitizer cannot see, so every value it protects looks raced. ThreadSanitizer
  /// intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so with this lock it sees the
  /// happens-before edges and reports only real races. Under `make tsan` this module's `Mutex`
  /// is this type, and it shadows the standard library's in every module that imports
  /// LoopSynchronization; the code itself is unchanged.
  ///
  /// It is a struct over a class so that the `pthread_mutex_t` never moves, and `@unchecked
  /// Sendable` because the lock, not the compiler, guards `value`: the same promise
  /// `Synchronization.Mutex` makes.
  public struct PthreadMutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    private let storage: Storage<Value>

    /// Creates a lock that protects `initialValue`.
    public init(_ initialValue: consuming sending Value) {
      storage = Storage(initialValue)
    }

    /// Runs `body` with exclusive access to the protected value and returns what it returns.
    public borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      storage.lock()
      defer { storage.unlock() }
      return try body(&storage.value.pointee)
    }
  }

  /// The lock and the value, each at a stable address.
  ///
  /// Both are reached through pointers, so ThreadSanitizer sees plain memory accesses ordered by
  /// the `pthread_mutex_t`.
  private final class Storage<Value: ~Copyable> {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    init(_ initialValue: consuming Value) {
      value.initialize(to: initialValue)
      let status = pthread_mutex_init(mutex, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      value.deinitialize(count: 1)
      value.deallocate()
    }

    func lock() {
      let status = pthread_mutex_lock(mutex)
      precondition(status == 0, "pthread_mutex_lock failed with \(status)")
    }

    func unlock() {
      let status = pthread_mutex_unlock(mutex)
      precondition(status == 0, "pthread_mutex_unlock failed with \(status)")
    }
  }
#endif
