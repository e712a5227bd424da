import ComposableForms

/// A question a note editor presents: it dismisses itself when answered.
struct DeleteQuestion: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case yesTapped }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { [dismiss] _ in await dismiss() }
  }
}

/// A feature that notes whether it was presented, in its reducer and in its effect.
struct PresenceProbe: Reducer {
  struct State: Equatable {
    var presentedInReducer: Bool?
    var presentedInEffect: Bool?
  }
  enum Action: Equatable {
    case probe
    case probed(Bool)
  }
  @Dependency(\.isPresented) var isPresented

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .probe:
      state.presentedInReducer = isPresented
      return .run { send in
        @Dependency(\.isPresented) var isPresented
        await send(.probed(isPresented))
      }
    case let .probed(presented):
      state.presentedInEffect = presented
      return .none
    }
  }
}

/// A probe on its own and one presented.
struct ProbeHost: Reducer {
  struct State: Equatable {
    var own = PresenceProbe.State()
    @PresentationState var presented: PresenceProbe.State?
  }
  enum Action: Equatable, CasePathable {
    case own(PresenceProbe.Action)
    case presented(PresentationAction<PresenceProbe.Action>)
    case present

    struct AllCasePaths {
      var own: AnyCasePath<Action, PresenceProbe.Action> {
        AnyCasePath(embed: Action.own, extract: { if case let .own(a) = $0 { a } else { nil } })
      }
      var presented: AnyCasePath<Action, PresentationAction<PresenceProbe.Action>> {
        AnyCasePath(embed: Action.presented, extract: { if case let .presented(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.own, action: \.own) { PresenceProbe() }
    Reduce { state, action in
      if action == .present { state.presented = PresenceProbe.State() }
      return .none
    }
    .ifLet(\.$presented, action: \.presented) { PresenceProbe() }
  }
}

/// A presented editor: saves after a second, then dismisses itself; can tick forever, and can
/// present a question of its own.
struct NoteEditor: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var text = ""
    var ticks = 0
    @PresentationState var question: DeleteQuestion.State?
  }
  enum Action: Equatable, CasePathable {
    case textChanged(String)
    case saveTapped
    case saved
    case closeTapped
    /// Leaves a task that dismisses in two seconds, while the effect waits ten.
    case dismissLater
    /// Dismisses twice from a task of its own.
    case dismissTwice
    case startTicking
    case tick
    case deleteTapped
    case question(PresentationAction<DeleteQuestion.Action>)

    struct AllCasePaths {
      var saved: AnyCasePath<Action, Void> {
        AnyCasePath(embed: { .saved }, extract: { if case .saved = $0 { () } else { nil } })
      }
      var tick: AnyCasePath<Action, Void> {
        AnyCasePath(embed: { .tick }, extract: { if case .tick = $0 { () } else { nil } })
      }
      var question: AnyCasePath<Action, PresentationAction<DeleteQuestion.Action>> {
        AnyCasePath(embed: Action.question, extract: { if case let .question(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      case .saveTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.saved)
        }
      case .saved, .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .dismissLater:
        return .run { [clock, dismiss] _ in
          Task {
            try await clock.sleep(for: .seconds(2))
            await dismiss()
          }
          try await clock.sleep(for: .seconds(10))
        }
      case .dismissTwice:
        return .run { [dismiss] _ in
          let task = Task {
            await dismiss()
            await dismiss()
          }
          await task.value
        }
      case .startTicking:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .deleteTapped:
        state.question = DeleteQuestion.State()
        return .none
      case .question:
        return .none
      }
    }
    .ifLet(\.$question, action: \.question) { DeleteQuestion() }
  }
}

/// A list of notes that presents one editor at a time.
struct Notes: Reducer {
  struct State: Equatable {
    @PresentationState var editor: NoteEditor.State?
    /// The text the editor held when its dismissal reached this reducer.
    var textsAtDismissal: [String] = []
    var saved: [String] = []
    /// Whether a dismissal opens the next note in the editor's place.
    var opensNextOnDismissal = false
    /// Whether the parent's own effect calls `dismiss()` when the editor ticks.
    var callsDismissOnTick = false
  }
  enum Action: Equatable, CasePathable {
    case editor(PresentationAction<NoteEditor.Action>)
    case open(id: Int)
    /// Asks the parent's own effect to call `dismiss()`: the parent is not presented.
    case dismissFromParent

    struct AllCasePaths {
      var editor: AnyCasePath<Action, PresentationAction<NoteEditor.Action>> {
        AnyCasePath(embed: Action.editor, extract: { if case let .editor(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(id):
        state.editor = NoteEditor.State(id: id)
        return .none
      case .editor(.dismiss):
        state.textsAtDismissal.append(state.editor?.text ?? "(nothing presented)")
        if state.opensNextOnDismissal, let editor = state.editor {
          state.editor = NoteEditor.State(id: editor.id + 1)
        }
        return .none
      case .editor(.presented(.saved)):
        state.saved.append(state.editor?.text ?? "")
        return .none
      case .editor(.presented(.tick)) where state.callsDismissOnTick:
        // NB: The parent's own effect, started while the child's effect sends: it is not
        //     presented, so its `dismiss()` must not dismiss the child.
        return .run { [dismiss] _ in await dismiss() }
      case .dismissFromParent:
        return .run { [dismiss] _ in await dismiss() }
      case .editor:
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { NoteEditor() }
  }
}

/// A destination that is an enum, as TCA's `Destination` reducers: one case at a time.
struct Destination: Reducer {
  enum State: Equatable, CasePathable {
    case editor(NoteEditor.State)
    case question(DeleteQuestion.State)

    struct AllCasePaths {
      var editor: AnyCasePath<State, NoteEditor.State> {
        AnyCasePath(embed: State.editor, extract: { if case let .editor(s) = $0 { s } else { nil } })
      }
      var question: AnyCasePath<State, DeleteQuestion.State> {
        AnyCasePath(embed: State.question, extract: { if case let .question(s) = $0 { s } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, CasePathable {
    case editor(NoteEditor.Action)
    case question(DeleteQuestion.Action)

    struct AllCasePaths {
      var editor: AnyCasePath<Action, NoteEditor.Action> {
        AnyCasePath(embed: Action.editor, extract: { if case let .editor(a) = $0 { a } else { nil } })
      }
      var question: AnyCasePath<Action, DeleteQuestion.Action> {
        AnyCasePath(embed: Action.question, extract: { if case let .question(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.editor, action: \.editor) { NoteEditor() }
    Scope(state: \.question, action: \.question) { DeleteQuestion() }
  }
}

/// A screen that presents one of two destinations.
struct NoteScreen: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
  }
  enum Action: Equatable, CasePathable {
    case destination(PresentationAction<Destination.Action>)
    case showEditor, showQuestion

    struct AllCasePaths {
      var destination: AnyCasePath<Action, PresentationAction<Destination.Action>> {
        AnyCasePath(embed: Action.destination, extract: { if case let .destination(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showEditor: state.destination = .editor(NoteEditor.State())
      case .showQuestion: state.destination = .question(DeleteQuestion.State())
      case .destination: break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

/// A feature that presents itself (a folder's subfolder): it must compile, as in TCA.
struct Folder: Reducer {
  struct State: Equatable, Codable {
    var name = ""
    @PresentationState var subfolder: State?
  }
  enum Action: Equatable, CasePathable {
    case subfolder(PresentationAction<Action>)
    case open(String)
    case close

    struct AllCasePaths {
      var subfolder: AnyCasePath<Action, PresentationAction<Action>> {
        AnyCasePath(embed: Action.subfolder, extract: { if case let .subfolder(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(name):
        state.subfolder = State(name: name)
        return .none
      case .close:
        return .run { [dismiss] _ in await dismiss() }
      case .subfolder:
        return .none
      }
    }
    .ifLet(\.$subfolder, action: \.subfolder) { Folder() }
  }
}
