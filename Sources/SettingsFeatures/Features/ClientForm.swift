import ComposableForms

/// The client form, to add a client or edit a saved one: name, email (required, valid, not
/// another saved client's) and age (18 or over).
public struct ClientForm: Reducer {
  public struct State: Equatable, FormFeatureState {
    @BindingState public var name: String
    @BindingState public var email: String
    @BindingState public var age: Int
    public var form: FormState<Field>

    public static let rules = FormRules<Self, Field>(
      Validate(
        .name, \.$name,
        // NB: Not in ARCHITECTURE.md's first plan ("name (text)"): a client listed, searched
        //     and asked about ("Delete the client <…>?") by an empty name helps nobody.
        .required("Please enter a name"),
        .maxLength(ClientForm.nameLimit, "At most \(ClientForm.nameLimit) characters"),
        .noControlCharacters("Control characters cannot be part of a name")),
      Validate(
        .email, \.$email,
        .required("Please enter an email"),
        .noControlCharacters("Control characters cannot be part of an email"),
        .maxLength(ClientForm.emailLimit, "At most \(ClientForm.emailLimit) characters"),
        .noHiddenCharacters("An email cannot hold spaces or invisible characters"),
        // NB: A host alone (`ops@localhost`) passes: earlier versions asked for an "@" alone,
        //     and a client saved then must stay editable without a new email.
        .email("Please enter a valid email", allowsHostAlone: true))
        .checked(\.emailToCheck) { email in
          // NB: Empty is the edited client's own email (an empty email never gets here: it
          //     fails `required` first), which is no conflict.
          guard !email.isEmpty else { return nil }
          @Dependency(\.clientStorage) var clients
          return try await clients.emailExists(email) ? StorageError.emailTaken.message : nil
        },
      Validate(
        .age, \.$age,
        .range(ClientForm.ageRange, "Age must be between \(ClientForm.minimumAge) and \(ClientForm.ageRange.upperBound)"),
        .atLeast(ClientForm.minimumAge, "A client must be \(ClientForm.minimumAge) or older"))
    )

    /// The id of the client being edited; `nil` while adding one.
    public var editing: Int64?
    /// What a save of an edit does with a field another program saved meanwhile that this
    /// edit changed too: ask (the default), or keep this edit's value, as the person answered.
    public var updateMode: ClientStorageClient.UpdateMode = .askIfBothChanged
    /// The client the form opened with (what is saved, or an empty one): Esc asks before
    /// throwing changes away only when the values differ from it.
    public var original: Client

    // NB: Against what it opened with, trimmed as the form's values are (see the save).
    public var hasChangedValues: Bool? { client != original.trimmed }

    /// A client form, focus on the first field: empty to add a client, or filled with a saved
    /// one to edit it (`editing` is its id).
    public init(name: String = "", email: String = "", age: Int = 18, editing: Int64? = nil) {
      self.name = name
      self.email = email
      self.age = age
      self.editing = editing
      self.original = Client(name: name, email: email, age: age)
      self.form = .focusedOnFirstField
    }

    /// The email the uniqueness check asks about: empty when it is the edited client's own.
    public var emailToCheck: String {
      let email = self.email.trimmed
      if editing != nil, Client.emailsMatch(original.email, email) { return "" }
      return email
    }

    /// The client the form would save (surrounding spaces removed).
    public var client: Client {
      Client(name: name, email: email, age: age).trimmed
    }

    /// Shows `client` in every field, as what the form opened with.
    mutating func fill(with client: Client) {
      name = client.name
      email = client.email
      age = client.age
      original = client
    }
  }

  /// The fields in focus order.
  public enum Field: FormField {
    case name, email, age
  }

  public enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
    /// The client as saved now, read again because the person chose it over this edit; `nil`
    /// when another program has deleted it since.
    case savedClientLoaded(Client?)
    /// The client could not be read again: why, for the form.
    case savedClientFailed(String)

    public var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

    public var form: FormAction<Field>? {
      if case let .form(action) = self { action } else { nil }
    }
  }

  /// The longest name kept.
  public static let nameLimit = 100
  /// The longest email kept: the most an address can have (RFC 5321's path limit, less `<>`).
  public static let emailLimit = 254

  /// The range a person's age can take in the stepper: wider than a client's, so an age too
  /// young is typed and told why it is refused.
  public static let ageRange = 0...150
  /// The youngest a client can be.
  public static let minimumAge = 18

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    // NB: The stepper keeps an age in its range; an age from elsewhere (--set age=1000) is
    //     not changed behind the person's back but refused by the age's rule.
    Reduce { state, action in
      switch action {
      // NB: The client being edited was deleted meanwhile: "Add again" saves the form's
      //     values as a new client (its email checked like any new one's); Back keeps the form.
      case .form(.promptAnswered(FormPrompt.clientDeleted.id, "add")):
        state.editing = nil
        return .send(.form(.submitTapped))

      // NB: Another program saved other values in fields this edit changed too.
      case let .form(.promptAnswered(FormPrompt.clientChanged.id, choice)):
        switch choice {
        case "mine":
          state.updateMode = .keepMine
          return .send(.form(.submitTapped))
        case "saved":
          guard let id = state.editing else { return .none }
          return .run { send in
            @Dependency(\.clientStorage) var clients
            await send(.savedClientLoaded(try await clients.clients([id]).first?.client))
          } catch: { error, send in
            // NB: Not a save's answer (none runs): the form shows it as a failed save's.
            await send(.savedClientFailed(String(describing: error)))
          }
        default:
          // NB: Back: the next Save asks again, rather than keeping mine unasked over a
          //     change the person went back from.
          state.updateMode = .askIfBothChanged
          return .none
        }

      case let .savedClientLoaded(client?):
        state.fill(with: client)
        state.updateMode = .askIfBothChanged
        state.form.hasEdits = false
        return .none

      case .savedClientLoaded(nil):
        // NB: Deleted since the question: the question a save would ask now.
        state.form.prompt = .clientDeleted(StorageError.deleted(state.original).message)
        return .none

      case let .savedClientFailed(message):
        state.form.submitError = message
        return .none

      case .form(.submitFinished), .form(.submitRefused), .form(.submitAsked):
        // NB: Keep mine answered one question: a save that failed for another reason (the
        //     email taken meanwhile) and is tried again asks about a new clash.
        state.updateMode = .askIfBothChanged
        return .none

      case .binding, .form:
        return .none
      }
    }
    .form { state in
      // NB: What the edit opened with, trimmed as the form's values are: a name another
      //     program saved with a space after it is no change of this edit's.
      { [client = state.client, original = state.original.trimmed, editing = state.editing, mode = state.updateMode] in
        // NB: Read when the save runs (with the store's dependencies), not each time the body
        //     is built: a dependency lookup costs more than the rest of a keystroke's reducer.
        @Dependency(\.clientStorage) var clients
        do {
          if let editing {
            // NB: Only this edit's changes: what another program saved meanwhile in the
            //     fields left alone stays.
            _ = try await clients.update(editing, original, client, mode)
          } else {
            try await clients.add(client)
          }
        } catch let changed as ClientStorageClient.ClientChanged {
          throw FormPrompt.clientChanged(changed, yours: client)
        } catch let error as StorageError where error == .emailTaken {
          // NB: Taken between the check and the save (another program saved it): the email's
          //     error, as if the check had said so.
          throw FormFieldError(State.Field.email, error.message)
        } catch let error as StorageError where error.deletedClient != nil {
          throw FormPrompt.clientDeleted(error.message)
        }
      }
    }
  }
}

extension String {
  /// Without surrounding whitespace.
  var trimmed: String {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return String(self[start..<max(start, end)])
  }
}

extension FormPrompt {
  /// Asked when the client being edited was deleted by another program before the save: add
  /// it again with the form's values, or go back to the form (Esc then leaves it).
  public static func clientDeleted(_ reason: String) -> FormPrompt {
    var prompt = clientDeleted
    prompt.message = "\(reason) while you edited it.\nAdd it again with your changes?"
    return prompt
  }

  /// Asked when another program saved the client being edited with other values in fields
  /// this edit changed too: save this edit's values over them, take the saved client into the
  /// form, or go back to it.
  public static func clientChanged(_ changed: ClientStorageClient.ClientChanged, yours: Client) -> FormPrompt {
    var prompt = clientChanged
    let values = zip(changed.saved.fields, yours.fields).filter { changed.fields.contains($0.0.name) }
      .map { saved, mine in "\(saved.name) \(saved.value) (yours \(mine.value))" }
    prompt.message = """
      Another program saved this client while you edited it.
      It saved \(values.joined(separator: ", ")).
      Keep mine saves your values; fields you left alone keep what it saved.
      """
    return prompt
  }

  public static let clientChanged = FormPrompt(
    id: "clientChanged", message: "Another program saved this client while you edited it.",
    choices: [
      Choice(id: "mine", key: "k", title: "Keep mine"),
      Choice(id: "saved", key: "s", title: "Use saved"),
      Choice(id: "back", key: "b", title: "Back"),
    ],
    cancelChoice: "back")

  public static let clientDeleted = FormPrompt(
    id: "clientDeleted", message: "The client was deleted by another program while you edited it.",
    choices: [Choice(id: "add", key: "a", title: "Add again"), Choice(id: "back", key: "b", title: "Back")],
    cancelChoice: "back")
}
