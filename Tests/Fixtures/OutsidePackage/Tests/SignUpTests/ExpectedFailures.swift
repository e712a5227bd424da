import ComposableForms
import ComposableFormsTesting
import Testing
import XCTest

@testable import SignUpApp

// NB: The tests named `expectedFailure…` assert something false on purpose: each must fail, and
//     so must `swift test`. Scripts/check-outside-package.sh checks that exactly they fail.

@MainActor @Test func expectedFailureUnderSwiftTesting() async {
  let store = TestStore(initialState: SignUp.State()) { SignUp() }
  await store.send(.binding(.set(\.$email, "ada@example.com"))) {
    $0.email = "grace@example.com"  // wrong on purpose
    $0.form.hasEdits = true
  }
}

final class ExpectedFailureTests: XCTestCase {
  @MainActor func testExpectedFailureUnderXCTest() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.binding(.set(\.$age, 36))) {
      $0.age = 63  // wrong on purpose
      $0.form.hasEdits = true
    }
  }

  @MainActor func testCorrectExpectationPassesUnderXCTest() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.binding(.set(\.$age, 36))) {
      $0.age = 36
      $0.form.hasEdits = true
    }
  }
}

@MainActor @Test func theBindingsExampleTrimsTheDisplayName() async {
  let store = TestStore(initialState: Settings.State()) { Settings() }
  await store.send(.binding(.set(\.$displayName, "Blob"))) { $0.displayName = "Blob" }
  await store.send(.binding(.set(\.$displayName, String(repeating: "x", count: 40)))) {
    $0.displayName = String(repeating: "x", count: 32)
  }
}
