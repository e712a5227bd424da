import ComposableForms
import ComposableFormsTesting
import Testing

/// A parent with a bindable title and a child whose bindable name sits one level down.
private struct TitledParent: Equatable {
  struct Child: Equatable {
    @BindingState var name = ""
  }
  @BindingState var title = ""
  var child = Child()
}

/// A state no test names a field of, so its key paths stay unresolved.
private struct NeverResolved {
  @BindingState var count = 0
  var child = TitledParent.Child()
}

/// Readable descriptions of binding actions name the field the action sets, never another
/// that happens to hold the same value.
@MainActor
struct BindingFieldNameTests {
  @Test func aNestedFieldIsNotNamedAfterATopLevelFieldHoldingTheSameValue() {
    let action = BindingAction<TitledParent>.set(\.child.$name, "")
    action.resolveFieldName(using: TitledParent())
    #expect(!action.fieldDescription.hasSuffix(".title"), "\(action.fieldDescription)")
  }

  /// A nested field set to a new value that a top-level field happens to hold: that field did
  /// not change, so it is not the one.
  @Test func aNestedFieldSetToATopLevelFieldsValueIsNotNamedAfterIt() {
    var parent = TitledParent()
    parent.title = "Ada"
    let action = BindingAction<TitledParent>.set(\.child.$name, "Ada")
    action.resolveFieldName(using: parent)
    #expect(!action.fieldDescription.hasSuffix(".title"), "\(action.fieldDescription)")
  }

  /// A top-level field is named, whether the action changes it or sets the value it holds.
  @Test func aTopLevelFieldIsNamed() {
    let action = BindingAction<TitledParent>.set(\.$title, "")
    action.resolveFieldName(using: TitledParent())
    #expect(action.fieldDescription.hasSuffix("TitledParent.title"), "\(action.fieldDescription)")
  }

  /// Before its name is worked out (a `TestStore` does that from a value of the state), an
  /// action says whose state and what type of field, never the address Linux prints.
  @Test func aFieldNotNamedYetSaysItsStateAndType() {
    let action = BindingAction<NeverResolved>.set(\.$count, 3)
    #if os(Linux)
      #expect(action.fieldDescription == "\\NeverResolved.<a field of type Int>")
      let nested = BindingAction<NeverResolved>.set(\.child.$name, "")
      #expect(nested.fieldDescription == "\\NeverResolved.child.<a field of type String>")
    #endif
    #expect(!action.fieldDescription.contains("0x"), "\(action.fieldDescription)")
    #expect(!action.fieldDescription.contains("unknown context"), "\(action.fieldDescription)")
  }
}
