import Foundation
import TestSupport
import Testing

@testable import HTTPTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A process that ends with a transfer in flight stops it and waits for its thread to leave
/// libcurl before exiting goes on (a thread left inside libcurl crashed the process at exit).
@Suite(.scaledTimeLimit(minutes: 1))
struct TransferThreadsTests {
  /// A loopback socket that takes connections and never answers.
  private final class SilentListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      self.descriptor = descriptor
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(descriptor, address, length) == 0 && listen(descriptor, 4) == 0
            && getsockname(descriptor, address, &length) == 0
        }
      }
      try #require(bound, "no loopback socket: \(String(cString: strerror(errno)))")
      port = UInt16(bigEndian: address.sin_port)
    }

    /// Waits, off the cooperative pool, until a client has connected; returns its socket.
    func connected() async throws -> Int32 {
      try await offThePool { [descriptor] in accept(descriptor, nil, nil) }
    }

    deinit { close(descriptor) }
  }

  @Test func endingStopsATransferInFlightAndReturnsOnceItsThreadHasLeftLibcurl() async throws {
    let listener = try SilentListener()
    let threads = TransferThreads()
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/")))
    let transfer = Task {
      try await CurlTransfer.perform(request, timeout: .seconds(600), threads: threads)
    }
    // Connected: the transfer's thread is inside libcurl, waiting for an answer that never
    // comes (for 600 s, far past the suite's limit of one minute).
    let client = try await listener.connected()
    defer { close(client) }
    let ended = threads.end(waitingAtMost: .seconds(30))
    // A transfer the end did not stop would hold its caller for 600 s.
    if !ended { transfer.cancel() }
    #expect(ended, "the transfer's thread was still inside libcurl")
    await #expect(throws: CancellationError.self) { _ = try await transfer.value }
  }

  @Test func noTransferStartsOnceTheProcessIsEnding() async throws {
    let listener = try SilentListener()
    let threads = TransferThreads()
    #expect(threads.end(waitingAtMost: .zero))
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/")))
    await #expect(throws: CancellationError.self) {
      _ = try await CurlTransfer.perform(request, timeout: .seconds(600), threads: threads)
    }
  }
}
