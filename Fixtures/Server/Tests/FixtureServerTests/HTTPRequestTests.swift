import FixtureHTTP
import Testing

struct HTTPRequestTests {
  @Test func pathIsTheTargetBeforeTheQuery() {
    #expect(HTTPRequest(target: "/3/search/movie?query=x").path == "/3/search/movie")
    #expect(HTTPRequest(target: "/3/genre/movie/list").path == "/3/genre/movie/list")
  }

  @Test func queryValuesAreDecoded() {
    let request = HTTPRequest(target: "/s?query=c%2B%2B+tales&empty=&bare&page=2&page=3&bad=%zz")
    #expect(request.queryValue("query") == "c++ tales")
    #expect(request.queryValue("empty") == "")
    #expect(request.queryValue("bare") == "")
    #expect(request.queryValue("page") == "2")
    #expect(request.queryValue("bad") == "%zz")
    #expect(request.queryValue("missing") == nil)
    #expect(HTTPRequest(target: "/s?q=caf%C3%A9").queryValue("q") == "café")
  }

  static let keepAliveCases: [(HTTPVersion, String?, Bool)] = [
    (.http11, nil, true), (.http11, "close", false), (.http11, "Keep-Alive, Close", false),
    (.http10, nil, false), (.http10, "keep-alive", true), (.http10, "close", false),
  ]

  @Test(arguments: keepAliveCases)
  func keepAliveFollowsTheVersionAndConnectionHeader(
    version: HTTPVersion, connection: String?, expected: Bool
  ) {
    let headers = HTTPHeaders(
      connection.map { [HTTPHeaderField(name: "Connection", value: $0)] } ?? [])
    let request = HTTPRequest(target: "/", version: version, headers: headers)
    #expect(request.wantsKeepAlive == expected)
  }
}
