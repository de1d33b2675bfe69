import FixtureHTTP
import Testing

struct HTTPRequestParserTests {
  let parser = HTTPRequestParser()

  private func parse(_ text: String) -> HTTPParseResult {
    parser.parse(Array(text.utf8))
  }

  private func status(of result: HTTPParseResult) -> Int? {
    if case .invalid(let error) = result { return error.status }
    return nil
  }

  @Test func parsesARequestWithItsHeadersAndTheBytesItTook() throws {
    let text =
      "GET /3/movie/popular?page=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept:  application/json \r\n\r\n"
    guard case .request(let request, let consumed) = parse(text) else {
      Issue.record("Expected a request from \(text.debugDescription), got \(parse(text))")
      return
    }
    #expect(consumed == text.utf8.count)
    #expect(request.method == "GET")
    #expect(request.target == "/3/movie/popular?page=2")
    #expect(request.version == .http11)
    #expect(request.headers["accept"] == "application/json")
    #expect(request.body.isEmpty)
  }

  @Test func stopsAtTheFirstRequestOfAPipelinedPair() {
    let first = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
    let result = parse(first + "GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
    guard case .request(let request, let consumed) = result else {
      Issue.record("Expected a request, got \(result)")
      return
    }
    #expect(request.target == "/a")
    #expect(consumed == first.utf8.count)
  }

  @Test func readsABodyOfContentLengthBytes() {
    let text = "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
    let result = parse(text + "GET")
    guard case .request(let request, let consumed) = result else {
      Issue.record("Expected a request, got \(result)")
      return
    }
    #expect(request.body == Array("hello".utf8))
    #expect(consumed == text.utf8.count)
  }

  @Test func isIncompleteUntilEveryByteHasArrived() {
    let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8)
    for end in 0..<bytes.count {
      #expect(parser.parse(Array(bytes[..<end])) == .incomplete, "after \(end) bytes")
    }
    if case .request = parser.parse(bytes) {} else { Issue.record("Expected a request") }
  }

  @Test func acceptsBareLineFeedsAndLeadingEmptyLines() {
    let text = "\r\n\nGET /x HTTP/1.0\n\n"
    let result = parse(text)
    guard case .request(let request, let consumed) = result else {
      Issue.record("Expected a request, got \(result)")
      return
    }
    #expect(request.version == .http10)
    #expect(consumed == text.utf8.count)
  }

  @Test func reducesAnAbsoluteFormTargetToItsPath() {
    let result = parse(
      "GET http://127.0.0.1:8787/3/movie/popular?page=1 HTTP/1.1\r\nHost: x\r\n\r\n")
    guard case .request(let request, _) = result else {
      Issue.record("Expected a request, got \(result)")
      return
    }
    #expect(request.target == "/3/movie/popular?page=1")
  }

  @Test(arguments: [
    ("garbage\r\n\r\n", 400),
    ("GET\r\n\r\n", 400),
    ("GET /\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
    ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET relative HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413),
    ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ("GET /\u{0}x HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\rHost: x\r\n\r\n", 400),
    ("GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
  ])
  func refusesMalformedRequests(text: String, status: Int) {
    #expect(self.status(of: parse(text)) == status, "\(text.debugDescription)")
  }

  @Test func refusesAMalformedRequestLineBeforeTheHeadEnds() {
    #expect(status(of: parse("not a request at all\r\n")) == 400)
    #expect(status(of: parse("\u{16}\u{3}\u{1}\u{2}\u{0}")) == 400)
  }

  @Test func refusesAHeadLargerThan16KiB() {
    let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 16 * 1024)
    #expect(status(of: parse(big)) == 400)
    #expect(status(of: parse(big + "\r\n\r\n")) == 400)
    #expect(status(of: parse(String(repeating: "a", count: 20_000))) == 400)
    #expect(status(of: parse(String(repeating: "\r\n", count: 9_000))) == 400)
  }

  @Test func acceptsAHeadJustUnderTheLimit() {
    let prefix = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: "
    let filler = String(repeating: "a", count: 16 * 1024 - prefix.utf8.count - 4)
    if case .request = parse(prefix + filler + "\r\n\r\n") {
    } else {
      Issue.record("Expected a 16 KiB head to parse")
    }
  }

  @Test func refusesTooManyHeaderFields() {
    let fields = (0..<101).map { "X-\($0): y\r\n" }.joined()
    #expect(status(of: parse("GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")) == 400)
  }

  @Test func neverTrapsOnRandomBytes() {
    var generator = SeededGenerator(seed: 2_024)
    let alphabet = Array("GET /HTTP1.\r\n: \0\u{7F}xé%".utf8)
    for round in 0..<2_000 {
      let count = Int(generator.next() % 300)
      let bytes = (0..<count).map { _ in
        round.isMultiple(of: 2)
          ? UInt8(truncatingIfNeeded: generator.next())
          : alphabet[Int(generator.next() % UInt64(alphabet.count))]
      }
      switch parser.parse(bytes) {
      case .incomplete, .invalid: break
      case .request(_, let consumed): #expect(consumed <= bytes.count)
      }
    }
  }
}
