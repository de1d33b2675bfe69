import FixtureHTTP
import Fixtures
import Testing

struct FixtureRouterAuthTests {
  let router = FixtureRouter(fixtures: .bundled, token: "eyJ.read.token")

  @Test(arguments: [
    "/3/movie/popular?page=1", "/3/search/movie?query=x", "/3/genre/movie/list", "/3/nope",
  ])
  func tmdbRoutesAnswer401WithoutTheToken(target: String) throws {
    let response = router.response(for: Requests.get(target))
    #expect(response.status == 401)
    #expect(response.body == Array(try Fixtures.data("movies/errors/401-invalid-key.json")))
  }

  @Test(arguments: ["Bearer wrong", "eyJ.read.token", "Basic eyJ.read.token", "Bearer"])
  func aWrongAuthorizationHeaderAnswers401(header: String) {
    let response = router.response(
      for: Requests.get("/3/movie/popular?page=1", headers: ["Authorization": header]))
    #expect(response.status == 401)
  }

  @Test(arguments: ["Bearer eyJ.read.token", "bearer eyJ.read.token", "BEARER  eyJ.read.token"])
  func theBearerTokenLetsTheRequestThrough(header: String) {
    let response = router.response(
      for: Requests.get("/3/movie/popular?page=1", headers: ["authorization": header]))
    #expect(response.status == 200)
  }

  @Test func theTokenAsAPIKeyLetsTheRequestThrough() {
    let response = router.response(
      for: Requests.get("/3/movie/popular?page=2&api_key=eyJ.read.token"))
    #expect(response.status == 200)
  }

  @Test func aWrongAPIKeyAnswers401() {
    let response = router.response(for: Requests.get("/3/movie/popular?api_key=nope"))
    #expect(response.status == 401)
  }

  @Test func forecastsNeedNoToken() {
    let response = router.response(
      for: Requests.get("/v1/forecast?latitude=44.62&longitude=-124.06"))
    #expect(response.status == 200)
  }

  @Test func withoutATokenEveryTMDBRouteIsOpen() {
    let response = FixtureRouter(fixtures: .bundled).response(
      for: Requests.get("/3/movie/popular?page=1"))
    #expect(response.status == 200)
  }
}
