import ComposableForms
import Testing

/// A binding through an optional child (`\.child!.$name`) reads and writes the child that is
/// there now: no remembered place in memory outlives the child it was found in.
struct BindingThroughOptionalTests {
  struct Child: Equatable {
    @BindingState var name = ""
    var note = ""
  }

  struct Root: Equatable {
    var child: Child?
    @BindingState var title = ""
  }

  @Test func writesReachTheChildThatIsThereNow() {
    var root = Root(child: Child(name: "Ada", note: "first"))
    let rename = BindingAction<Root>.set(\.child!.$name, "Grace")
    rename.apply(to: &root)
    #expect(root.child == Child(name: "Grace", note: "first"))

    // The child goes away and another one comes: the same action writes into the new one and
    // leaves the rest of it as it was.
    root.child = nil
    root.child = Child(name: "Lin", note: "second")
    rename.apply(to: &root)
    #expect(root.child == Child(name: "Grace", note: "second"))
    #expect(root.title == "")
  }

  @Test func aBindingOfTheRootIsUntouchedByTheChildsAbsence() {
    var root = Root(child: nil)
    BindingAction<Root>.set(\.$title, "Settings").apply(to: &root)
    #expect(root == Root(child: nil, title: "Settings"))
  }
}
