import FixtureHTTP
import Fixtures
import Foundation
import Testing

struct FixtureRouterFailureTests {
  let router = FixtureRouter(fixtures: .bundled)

  @Test(arguments: [
    (400, "400-invalid-page"), (401, "401-invalid-key"), (404, "404-not-found"),
    (429, "429-rate-limit"), (500, "500-internal"), (503, "503-unavailable"),
    (504, "504-timeout"),
  ])
  func tmdbFailuresServeTheErrorFixture(status: Int, file: String) throws {
    let response = router.failureResponse(
      status: status, for: Requests.get("/3/search/movie?query=x"))
    #expect(response.status == status)
    #expect(response.body == Array(try Fixtures.data("movies/errors/\(file).json")))
    #expect(response.headers["Content-Type"] == "application/json")
  }

  @Test func a429CarriesRetryAfter() {
    let tmdb = router.failureResponse(status: 429, for: Requests.get("/3/search/movie"))
    let openMeteo = router.failureResponse(status: 429, for: Requests.get("/v1/forecast"))
    #expect(tmdb.headers["Retry-After"] == "1")
    #expect(openMeteo.headers["Retry-After"] == "1")
  }

  @Test func otherStatusesGetAGeneratedTMDBBody() throws {
    let response = router.failureResponse(status: 502, for: Requests.get("/3/movie/popular"))
    #expect(response.status == 502)
    #expect(response.headers["Retry-After"] == nil)
    let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    #expect(body?["success"] as? Bool == false)
    #expect((body?["status_message"] as? String)?.contains("502") == true)
  }

  @Test(arguments: [429, 500, 503])
  func openMeteoFailuresHaveOpenMeteosShape(status: Int) throws {
    let response = router.failureResponse(
      status: status, for: Requests.get("/v1/forecast?latitude=1&longitude=2"))
    #expect(response.status == status)
    let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    #expect(body?["error"] as? Bool == true)
    #expect((body?["reason"] as? String)?.contains("\(status)") == true)
  }

  @Test func aMalformedRequestGetsItsStatusAndReason() {
    let response = router.response(
      for: HTTPParseError(status: 400, reason: "the method is not a token"))
    #expect(response.status == 400)
    #expect(
      Requests.text(response.body)
        == #"{"status_message":"Bad request: the method is not a token.","success":false}"#)
  }
}
