import Testing

@testable import MovieCatalog

struct TMDBCredentialTests {
  @Test func shapeDecidesWhenClassifyingAToken() {
    let key = "0123456789abcdefABCDEF0123456789"
    #expect(TMDBCredential(token: key) == .apiKey(key))
    #expect(TMDBCredential(token: " \(key)\n") == .apiKey(key))
    #expect(TMDBCredential(token: "eyJh.eyJz.c2ln") == .readAccessToken("eyJh.eyJz.c2ln"))
    // 31 or 33 characters, or a non-hex letter: not a v3 key, so sent as a bearer token.
    #expect(
      TMDBCredential(token: String(key.dropLast())) == .readAccessToken(String(key.dropLast())))
    #expect(TMDBCredential(token: key + "0") == .readAccessToken(key + "0"))
    let notHex = "0123456789abcdefABCDEF012345678g"
    #expect(TMDBCredential(token: notHex) == .readAccessToken(notHex))
    #expect(TMDBCredential(token: "") == .missing)
    #expect(TMDBCredential(token: " \n\t") == .missing)
  }
}
