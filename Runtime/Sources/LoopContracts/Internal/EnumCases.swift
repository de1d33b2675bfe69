/// The names of every case an enum declares, read from its type metadata.
///
/// A contract accounts for every case of its machine's `Event`, and a case no event has shown
/// yet (the one added last week, which no alphabet offers) is exactly the one to name. Swift
/// has no API that lists an enum's cases without a value of each, so this reads them where
/// `Mirror` and `swift_EnumCaseName` read a value's case name: the enum's type descriptor and
/// its field descriptor, whose layout is the stable ABI (docs/ABI/TypeMetadata.rst in the
/// Swift repository):
///
/// - metadata: the kind (`0x201` for an enum), then a pointer to the type descriptor;
/// - enum descriptor: flags, parent, name, access function, fields (32-bit relative
///   pointers), then the payload case count (low 24 bits) and the empty case count;
/// - field descriptor: type name, superclass, kind and record size (16 bits each), the record
///   count, then 12-byte records: flags, type name, and the case name (relative).
///
/// Anything that does not look like that (not an enum, no field records, a count that does not
/// add up) gives `nil`, and the runner then checks only the cases it sees.
enum EnumCases {
  /// The case names `type` declares, in the order its metadata lists them (cases with a
  /// payload first); `nil` when `type` is not an enum whose cases can be read.
  static func names<T>(of type: T.Type) -> [String]? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard metadata.load(as: UInt.self) == enumKind,
      let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self),
      let fields = relative(descriptor, at: 16)
    else { return nil }
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12, count == payloadCases + emptyCases else { return nil }
    var names: [String] = []
    for index in 0..<count {
      guard let name = relative(fields, at: 16 + index * recordSize + 8) else { return nil }
      names.append(String(cString: name.assumingMemoryBound(to: CChar.self)))
    }
    return names.allSatisfy { !$0.isEmpty } ? names : nil
  }

  /// The metadata kind of an enum (an `Optional` is `0x202`, and is not one here).
  private static let enumKind: UInt = 0x201

  /// The address a 32-bit relative pointer at `offset` from `base` points to; `nil` for 0.
  private static func relative(_ base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
    let distance = base.load(fromByteOffset: offset, as: Int32.self)
    return distance == 0 ? nil : base + offset + Int(distance)
  }
}
