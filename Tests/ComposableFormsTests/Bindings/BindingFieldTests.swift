import ComposableForms
import Testing

/// `BindingField` must read and write what the key path reads and writes: in place when the
/// field's storage is inline in the root value, through the key path when it is not.
struct BindingFieldTests {
  enum Digest: Equatable, Sendable { case daily, weekly, off }

  struct Inner: Equatable {
    @BindingState var nickname = "ada"
  }

  final class Box: @unchecked Sendable {
    @BindingState var title = "boxed"
  }

  struct Root {
    var padding: UInt8 = 7
    @BindingState var name = "Ada"
    @BindingState var isOn = false
    @BindingState var isAlsoOn = false
    @BindingState var age = 36
    @BindingState var digest = Digest.weekly
    var inner = Inner()
    var inners = [Inner()]
    let box = Box()
    var copied: Inner {
      get { inner }
      set { inner = newValue }
    }
  }

  @Test func findsTheOffsetOfATopLevelFieldAndReadsAndWritesThere() {
    let root = Root()
    let name = BindingField(\Root.$name)
    #expect(name.storageOffset(sample: root) != nil)
    #expect(name.read(root) == "Ada")

    var edited = root
    name.write("Grace Hopper, rear admiral", into: &edited)
    #expect(edited.name == "Grace Hopper, rear admiral")
    #expect(name.read(edited) == "Grace Hopper, rear admiral")
    #expect(edited.padding == 7 && edited.age == 36 && edited.inner.nickname == "ada")
  }

  @Test func tellsApartFieldsHoldingEqualValues() {
    let isOn = BindingField(\Root.$isOn)
    let isAlsoOn = BindingField(\Root.$isAlsoOn)
    let root = Root()
    #expect(isOn.storageOffset(sample: root) != isAlsoOn.storageOffset(sample: root))

    var edited = root
    isAlsoOn.write(true, into: &edited)
    #expect(edited.isAlsoOn && !edited.isOn)
    #expect(isAlsoOn.read(edited) && !isOn.read(edited))
  }

  @Test func readsAndWritesEveryKindOfValue() {
    var root = Root()
    let age = BindingField(\Root.$age)
    let digest = BindingField(\Root.$digest)
    age.write(99, into: &root)
    digest.write(.off, into: &root)
    #expect(root.age == 99 && root.digest == .off)
    #expect(age.read(root) == 99 && digest.read(root) == .off)
    #expect(age.storageOffset(sample: root) != nil && digest.storageOffset(sample: root) != nil)
  }

  @Test func findsAFieldNestedInAStoredStruct() {
    var root = Root()
    let nickname = BindingField(\Root.inner.$nickname)
    #expect(nickname.storageOffset(sample: root) != nil)
    nickname.write("Countess", into: &root)
    #expect(root.inner.nickname == "Countess")
    #expect(nickname.read(root) == "Countess")
  }

  @Test func aWrapperStoredWithoutTheAttributeIsReadAtItsOffset() {
    struct Plain {
      var count = 1
      var title = BindingState(wrappedValue: "Plain")
    }
    var root = Plain()
    let title = BindingField(\Plain.title)
    #expect(title.storageOffset(sample: root) == MemoryLayout<Plain>.offset(of: \Plain.title))
    title.write("Written", into: &root)
    #expect(root.title.wrappedValue == "Written" && title.read(root) == "Written")
    #expect(root.count == 1)
  }

  @Test func goesThroughTheKeyPathWhenTheFieldIsNotInline() {
    var root = Root()
    let inArray = BindingField(\Root.inners[0].$nickname)
    let throughCopy = BindingField(\Root.copied.$nickname)
    let inClass = BindingField(\Root.box.$title)
    #expect(inArray.storageOffset(sample: root) == nil)
    #expect(throughCopy.storageOffset(sample: root) == nil)
    #expect(inClass.storageOffset(sample: root) == nil)

    inArray.write("first", into: &root)
    throughCopy.write("copied", into: &root)
    inClass.write("titled", into: &root)
    #expect(root.inners[0].nickname == "first" && inArray.read(root) == "first")
    #expect(root.inner.nickname == "copied" && throughCopy.read(root) == "copied")
    #expect(root.box.title == "titled" && inClass.read(root) == "titled")
  }

  @Test func aBindingActionFromABareKeyPathStillSetsTheField() {
    var root = Root()
    BindingAction<Root>.set(\.$name, "Blob").apply(to: &root)
    #expect(root.name == "Blob")
  }

  @Test func settingAProjectionOutsideAProbeChangesOnlyTheField() {
    var root = Root()
    root.$name = BindingState(wrappedValue: "Projected")
    #expect(root.name == "Projected" && root.age == 36)
  }
}
