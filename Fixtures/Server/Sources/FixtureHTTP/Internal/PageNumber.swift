/// The one field of a movie page the router reads: which page a search fixture holds.
struct PageNumber: Decodable {
  /// The page number, from 1.
  let page: Int
}
