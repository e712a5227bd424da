#!/usr/bin/env bash
# Builds Tests/Fixtures/OutsidePackage (a package that depends on this one by path) from a clean
# scratch folder with the README's examples copied into it, and checks what a library user
# would see:
#   - the README's "Bindings", "Define a form", parent, main and test examples compile as written;
#   - the README's test passes, and correct TestStore expectations pass;
#   - each deliberately wrong TestStore expectation fails its test, under Swift Testing and
#     XCTest alike, and makes `swift test` exit non-zero;
#   - a layout that leaves out a field's control does not compile.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fixture=$root/Tests/Fixtures/OutsidePackage
scratch=${OUTSIDE_PACKAGE_SCRATCH:-$root/.build-outside}
swift=${SWIFT:-swift}

# The README's marked code blocks, written where a user would put them.
block() {  # block NAME: the swift block after `<!-- readme:NAME -->`
  awk -v name="$1" '
    $0 == "<!-- readme:" name " -->" { found = 1; next }
    found && /^```swift/ { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }
  ' README.md
}
for name in bindings form parent main test; do
  if [ -z "$(block $name)" ]; then echo "README.md has no readme:$name block" >&2; exit 1; fi
done
# NB: The app's folder holds only these generated files, so a fresh clone does not have it.
mkdir -p "$fixture/Sources/SignUpApp" "$fixture/Tests/SignUpTests"
block bindings > "$fixture/Sources/SignUpApp/ReadmeBindings.swift"
block form > "$fixture/Sources/SignUpApp/ReadmeForm.swift"
block parent > "$fixture/Sources/SignUpApp/ReadmeParent.swift"
block main > "$fixture/Sources/SignUpApp/ReadmeMain.swift"
{ echo "@testable import SignUpApp"; block test; } > "$fixture/Tests/SignUpTests/ReadmeTest.swift"

rm -rf "$scratch"
log=$scratch.log
set +e
(cd "$fixture" && "$swift" test --scratch-path "$scratch") > "$log" 2>&1
status=$?
set -e

failures=0
check() {  # check DESCRIPTION COMMAND...
  if "${@:2}"; then echo "  ok: $1"; else echo "  FAILED: $1"; failures=$((failures + 1)); fi
}
has() { grep -Eq "$1" "$log"; }
echo "The outside package (log: $log):"
check "the README's examples and the fixture compile" has "Build complete|Compiling SignUpTests|Test Suite|Test run with"
check "swift test exits non-zero" test "$status" -ne 0
check "the wrong expectation fails under Swift Testing" has "✘ Test expectedFailureUnderSwiftTesting\(\) (failed|recorded an issue)"
check "the wrong expectation fails under XCTest" has "Test Case '.*testExpectedFailureUnderXCTest.*' failed"
check "the correct expectation passes under XCTest" has "Test Case '.*testCorrectExpectationPassesUnderXCTest.*' passed"
check "the README's test passes" has "✔ Test leavingAnEmptyEmailShowsItsError\(\) passed"
check "the README's screen test passes" has "✔ Test theErrorShowsUnderItsField\(\) passed"
check "the bindings example passes" has "✔ Test theBindingsExampleTrimsTheDisplayName\(\) passed"
check "nothing else fails under Swift Testing" test "$(grep -Ec "✘ Test [a-zA-Z]+\(\) failed" "$log")" -eq 1
check "nothing else fails under XCTest" test "$(grep -Ec "Test Case '.*' failed" "$log")" -eq 1
check "no issue is recorded without the testing framework" bash -c "! grep -q 'without linking the Testing framework' '$log'"

# A layout that leaves a field out must not compile.
modules=$scratch/debug/Modules
snippet=$scratch/missing-control.swift
cat > "$snippet" <<'SWIFT'
import ComposableForms
import TerminalUI
struct Form: FormFeatureState, Equatable {
  @BindingState var name = ""
  @BindingState var age = 18
  var form = FormState<Field>()
  enum Field: FormField { case name, age }
  static let rules = FormRules<Self, Field>()
}
enum Action: BindableFormAction {
  case binding(BindingAction<Form>)
  case form(FormAction<Form.Field>)
}
@MainActor let layout = FormLayout<Form, Action>("Missing") { field in
  switch field {
  case .name: TextField("Name", \.$name)
  }
}
SWIFT
set +e
"${swift}c" -typecheck -parse-as-library -I "$modules" "$snippet" > "$scratch/missing-control.log" 2>&1
typecheck=$?
set -e
check "a layout without a control for every field does not compile" \
  bash -c "[ $typecheck -ne 0 ] && grep -q 'switch must be exhaustive' '$scratch/missing-control.log'"

if [ "$failures" -ne 0 ]; then
  echo "The outside package: $failures check(s) failed; see $log" >&2
  exit 1
fi
