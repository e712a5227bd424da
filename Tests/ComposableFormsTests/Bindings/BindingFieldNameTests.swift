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
}
