extension SpecForm {
  /// What typed text and an option's title are compared as, in a list's filter, in line
  /// mode's answers and in `--set`: their ``PlainSpelling``, as the clients search compares
  /// names and emails.
  @Sendable public static func matchKey(_ text: String) -> String { PlainSpelling.of(text) }
}
