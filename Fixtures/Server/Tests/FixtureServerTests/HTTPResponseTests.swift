import FixtureHTTP
import Testing

struct HTTPResponseTests {
  @Test func serializesStatusHeadersLengthConnectionAndBody() {
    let response = HTTPResponse.json(
      status: 429, body: Array("{}".utf8),
      extraHeaders: [HTTPHeaderField(name: "Retry-After", value: "1")])
    let wire = String(decoding: response.serialized(keepAlive: true), as: UTF8.self)
    #expect(
      wire
        == "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
        + "Retry-After: 1\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}")
  }

  @Test func aHeadResponseKeepsTheLengthAndDropsTheBody() {
    let response = HTTPResponse.json(status: 200, body: Array("hello".utf8))
    let wire = String(
      decoding: response.serialized(keepAlive: false, includeBody: false), as: UTF8.self)
    #expect(wire.hasSuffix("Content-Length: 5\r\nConnection: close\r\n\r\n"))
  }

  @Test func headerLookupIgnoresCase() {
    var headers = HTTPHeaders()
    headers.add(name: "X-One", value: "1")
    headers.add(name: "x-one", value: "2")
    #expect(headers["X-ONE"] == "1")
    #expect(headers.values(for: "x-One") == ["1", "2"])
    #expect(headers["missing"] == nil)
  }
}
