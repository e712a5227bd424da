import ComposableForms
import Testing

/// `OffsetKeyPath` must read what the key path reads, whether the value has a stored offset or
/// not (computed properties, optional chaining, classes fall back to the key path).
struct OffsetKeyPathTests {
  struct Inner: Equatable {
    var flag = false
    var words: [String] = []
  }

  final class Box {
    var count = 7
  }

  struct Root {
    var number = 1
    var text = "unchanged"
    var inner = Inner()
    var optional: Inner? = Inner(flag: true, words: ["x"])
    let box = Box()
    var shouted: String { text.uppercased() }
  }

  @Test func storedPropertiesAreReadAtTheirOffset() {
    var root = Root()
    root.number = 42
    root.text = "a string long enough to live on the heap, not inline"
    root.inner = Inner(flag: true, words: ["one", "two"])
    #expect(MemoryLayout<Root>.offset(of: \Root.inner.words) != nil)
    #expect(OffsetKeyPath(\Root.number).read(root) == 42)
    #expect(OffsetKeyPath(\Root.text).read(root) == root.text)
    #expect(OffsetKeyPath(\Root.inner).read(root) == root.inner)
    #expect(OffsetKeyPath(\Root.inner.words).read(root) == ["one", "two"])
  }

  @Test func otherKeyPathsFallBackToProjection() {
    var root = Root()
    root.text = "quiet"
    root.box.count = 9
    #expect(MemoryLayout<Root>.offset(of: \Root.shouted) == nil)
    #expect(OffsetKeyPath(\Root.shouted).read(root) == "QUIET")
    #expect(OffsetKeyPath(\Root.optional?.words).read(root) == ["x"])
    #expect(OffsetKeyPath(\Root.box.count).read(root) == 9)
  }

  @Test func aReadIsACopyThatLaterChangesDoNotReach() {
    var root = Root()
    root.inner.words = ["before"]
    let read = OffsetKeyPath(\Root.inner).read(root)
    root.inner.words.append("after")
    #expect(read.words == ["before"])
    #expect(OffsetKeyPath(\Root.inner).read(root).words == ["before", "after"])
  }

  @Test func aPartIsReadInPlaceAtAnOffsetOrThroughTheKeyPath() {
    var root = Root()
    root.inner = Inner(flag: true, words: ["one", "two"])
    root.text = "quiet"
    // NB: Stored: the part is read through a pointer at the offset.
    #expect(OffsetKeyPath(\Root.inner).read(root, { $0.pointee.words }) == ["one", "two"])
    #expect(OffsetKeyPath(\Root.inner).read(root, { $0.pointee.flag }))
    #expect(OffsetKeyPath(\Root.inner.words).read(root, { $0.pointee.count }) == 2)
    // NB: Computed, optional-chained or through a class: through the key path, same answers.
    #expect(OffsetKeyPath(\Root.shouted).read(root, { $0.pointee }) == "QUIET")
    #expect(OffsetKeyPath(\Root.optional).read(root, { $0.pointee?.words }) == ["x"])
    #expect(OffsetKeyPath(\Root.box.count).read(root, { $0.pointee + 1 }) == 8)
  }
}
