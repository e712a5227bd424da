import Synchronization

/// The grapheme clusters of more than one scalar that glyphs refer to by number, each stored
/// once for the life of the process.
///
/// Clusters are rare (emoji sequences, letters with combining marks) and a screen shows few,
/// so the table stays small; it never shrinks, which keeps a glyph's number valid forever.
enum GlyphTable {
  private struct Storage {
    var clusters: [String] = []
    var numbers: [String: UInt32] = [:]
  }

  /// Room for 2^24 clusters: the glyph's 24-bit payload.
  private static let capacity = 1 << 24
  private static let storage = Mutex(Storage())

  /// The cluster's number, adding it when new; `nil` once the table is full.
  static func number(of cluster: String) -> UInt32? {
    storage.withLock { storage in
      if let number = storage.numbers[cluster] { return number }
      guard storage.clusters.count < capacity else { return nil }
      let number = UInt32(storage.clusters.count)
      storage.clusters.append(cluster)
      storage.numbers[cluster] = number
      return number
    }
  }

  /// The cluster with this number.
  static func cluster(number: UInt32) -> String {
    storage.withLock { storage in
      Int(number) < storage.clusters.count ? storage.clusters[Int(number)] : "\u{FFFD}"
    }
  }
}
