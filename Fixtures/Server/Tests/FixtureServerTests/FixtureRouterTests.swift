import FixtureHTTP
import Fixtures
import Foundation
import Testing

struct FixtureRouterTests {
  let router = FixtureRouter(fixtures: .bundled)

  private func fixture(_ path: String) throws -> [UInt8] {
    Array(try Fixtures.data(path))
  }

  @Test(arguments: 1...5)
  func popularPageServesTheFixtureBytesWhenItExists(page: Int) throws {
    let response = router.response(
      for: Requests.get("/3/movie/popular?language=en-US&page=\(page)"))
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json")
    #expect(response.body == (try fixture("movies/popular-\(page).json")))
  }

  @Test func popularWithoutAPageServesPageOne() throws {
    let response = router.response(for: Requests.get("/3/movie/popular"))
    #expect(response.status == 200)
    #expect(response.body == (try fixture("movies/popular-1.json")))
  }

  @Test(arguments: ["0", "-1", "6", "500", "501", "two", "", "1.5", "99999999999999999999"])
  func popularAnswersTMDBInvalidPageWhenThePageHasNoFixture(page: String) throws {
    let response = router.response(for: Requests.get("/3/movie/popular?page=\(page)"))
    #expect(response.status == 400)
    #expect(response.body == (try fixture("movies/errors/400-invalid-page.json")))
  }

  @Test func genresServeTheFixture() throws {
    let response = router.response(for: Requests.get("/3/genre/movie/list?language=en-US"))
    #expect(response.status == 200)
    #expect(response.body == (try fixture("movies/genres.json")))
  }

  @Test func searchServesTheFixtureNamedByTheCatalogWhenOneExists() {
    let body = Requests.bytes(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#)
    let router = FixtureRouter(
      fixtures: FixtureSource(files: ["movies/search/c-plusplus.json": body]))
    // `MovieCatalog.fixtureName(forQuery: "  C  ++ ")` is "c-plusplus"; the query arrives
    // percent-encoded, `+` as %2B.
    let response = router.response(
      for: Requests.get("/3/search/movie?query=%20%20C%20%20%2B%2B%20&include_adult=false&page=1"))
    #expect(response.status == 200)
    #expect(response.body == body)
  }

  @Test func searchServesEveryBundledSearchFixtureForItsOwnName() throws {
    // A fixture's name is a fixed point of `fixtureName(forQuery:)`, so it works as the query.
    for path in Fixtures.paths(in: "movies/search") where path.hasSuffix(".json") {
      let name = String(path.dropFirst("movies/search/".count).dropLast(".json".count))
      let encoded = try #require(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
      let response = router.response(for: Requests.get("/3/search/movie?query=\(encoded)"))
      #expect(response.status == 200, "\(path)")
      #expect(response.body == (try fixture(path)), "\(path)")
    }
  }

  @Test func searchAnswersInvalidPageForAPageTheFixtureDoesNotHold() throws {
    let body = Requests.bytes(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#)
    let router = FixtureRouter(fixtures: FixtureSource(files: ["movies/search/dune.json": body]))
    let response = router.response(for: Requests.get("/3/search/movie?query=dune&page=2"))
    #expect(response.status == 400)
    #expect(Requests.text(response.body).contains("\"status_message\""))
  }

  @Test(arguments: ["no%20such%20movie%20anywhere", "", "%20%20"])
  func searchWithoutAFixtureAnswersAnEmptyPage(query: String) {
    let response = router.response(for: Requests.get("/3/search/movie?query=\(query)&page=1"))
    #expect(response.status == 200)
    #expect(
      Requests.text(response.body)
        == #"{"page":1,"results":[],"total_pages":0,"total_results":0}"#)
  }

  @Test func searchWithoutAFixtureAnswersInvalidPagePastPageOne() throws {
    let response = router.response(for: Requests.get("/3/search/movie?query=zzzz&page=2"))
    #expect(response.status == 400)
    #expect(response.body == (try fixture("movies/errors/400-invalid-page.json")))
  }

  @Test func forecastServesTheFixtureNamedByCoordinates() throws {
    let response = router.response(
      for: Requests.get(
        "/v1/forecast?latitude=44.6231&longitude=-124.0612"
          + "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,weather_code"
          + "&timezone=auto&forecast_days=7"))
    #expect(response.status == 200)
    #expect(response.body == (try fixture("weather/forecast-44.62_-124.06.json")))
  }

  @Test func forecastServesEveryBundledForecastByItsOwnCoordinates() throws {
    let paths = Fixtures.paths(in: "weather").filter { $0.contains("/forecast-") }
    #expect(!paths.isEmpty)
    for path in paths {
      let pair = path.dropFirst("weather/forecast-".count).dropLast(".json".count)
      let parts = pair.split(separator: "_")
      let response = router.response(
        for: Requests.get("/v1/forecast?latitude=\(parts[0])&longitude=\(parts[1])"))
      #expect(response.status == 200, "\(path)")
      #expect(response.body == (try fixture(path)), "\(path)")
    }
  }

  @Test func forecastForUnknownCoordinatesAnswersOpenMeteo400() throws {
    let response = router.response(for: Requests.get("/v1/forecast?latitude=1.5&longitude=2.5"))
    #expect(response.status == 400)
    let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    #expect(body?["error"] as? Bool == true)
    let reason = try #require(body?["reason"] as? String)
    #expect(reason.contains("weather/forecast-1.50_2.50.json"))
  }

  @Test(arguments: [
    "latitude=91&longitude=0", "latitude=0&longitude=-181", "latitude=x&longitude=0",
    "longitude=0", "latitude=0", "latitude=nan&longitude=0", "latitude=inf&longitude=0",
  ])
  func forecastWithBadCoordinatesAnswersOpenMeteo400(query: String) throws {
    let response = router.response(for: Requests.get("/v1/forecast?\(query)"))
    #expect(response.status == 400)
    #expect(Requests.text(response.body).hasPrefix(#"{"error":true,"reason":""#))
  }

  @Test func latitudeOutOfRangeSaysWhatOpenMeteoSays() throws {
    let response = router.response(for: Requests.get("/v1/forecast?latitude=91&longitude=0"))
    // The fixture ends with a newline; the generated body does not.
    let fixtureText = Requests.text(try fixture("weather/error-400.json"))
    #expect(Requests.text(response.body) == fixtureText.trimmingCharacters(in: .newlines))
  }

  @Test(arguments: [
    "/", "/3", "/3/movie", "/3/movie/popular/", "/3/tv/popular", "/v1", "/v2/forecast", "*",
  ])
  func anythingElseAnswersTMDB404(target: String) throws {
    let response = router.response(for: Requests.get(target))
    #expect(response.status == 404)
    #expect(response.body == (try fixture("movies/errors/404-not-found.json")))
  }

  @Test func headIsAnsweredLikeGet() {
    var request = Requests.get("/3/genre/movie/list")
    request.method = "HEAD"
    #expect(
      router.response(for: request) == router.response(for: Requests.get("/3/genre/movie/list")))
  }

  @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "get"])
  func otherMethodsAnswer405WithAllow(method: String) {
    var request = Requests.get("/3/movie/popular")
    request.method = method
    let response = router.response(for: request)
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }
}
