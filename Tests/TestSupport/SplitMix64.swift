// Helpers shared by the test targets (as swift-argument-parser ships its test helpers).

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same numbers on every
/// machine and every run.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  // NB: Plain modulo, not `Int.random(in:using:)`: its algorithm is not promised to stay the
  //     same across standard library versions, and seeds must replay forever.
  public mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

  public mutating func bool() -> Bool { next() & 1 == 1 }

  public mutating func element<T>(of elements: [T]) -> T { elements[int(below: elements.count)] }
}
