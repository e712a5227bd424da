/// What a submit operation throws when the values passed every rule but whoever saves them
/// refused one field's value: a server's verdict, or a unique email taken between the check and
/// the save. The form stays open with `message` as the field's error and focus on it, as if a
/// rule had failed, until the next change of any value or the next submit.
///
/// ```swift
/// .form { state in
///   { [client = state.client] in
///     do {
///       try await clients.add(client)
///     } catch let error as StorageError where error == .emailTaken {
///       throw FormFieldError(Field.email, "This email is taken")
///     }
///   }
/// }
/// ```
public struct FormFieldError<Field: FormField>: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field whose value was refused.
  public var field: Field
  /// Why, shown as the field's error.
  public var message: String

  public init(_ field: Field, _ message: String) {
    self.field = field
    self.message = message
  }

  public var description: String { message }
}
