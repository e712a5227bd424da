import ComposableForms
import Testing

@MainActor
struct ReducerBuilderTests {
  struct Feature: Reducer {
    var doubles: Bool
    var extraSteps: [Int]
    var body: some Reducer<Int, Int> {
      Reduce { state, action in
        state += action
        return .none
      }
      if doubles {
        Reduce { state, _ in
          state *= 2
          return .none
        }
      } else {
        EmptyReducer()
      }
      for step in extraSteps {
        Reduce { state, _ in
          state += step
          return .none
        }
      }
      CombineReducers {
        Reduce { state, _ in
          state += 1000
          return .none
        }
      }
    }
  }

  @Test func runsEveryReducerInOrderWithConditionsAndLoops() {
    var state = 0
    _ = Feature(doubles: true, extraSteps: [1, 10]).reduce(into: &state, action: 5)
    #expect(state == (5 * 2) + 1 + 10 + 1000)
    state = 0
    _ = Feature(doubles: false, extraSteps: []).reduce(into: &state, action: 5)
    #expect(state == 5 + 1000)
  }
}
