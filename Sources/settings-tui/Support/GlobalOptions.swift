import ArgumentParser
import SettingsFeatures
import SettingsStorage

/// Options every form command takes.
struct FormOptions: ParsableArguments {
  @Flag(name: .long, help: "Print the submitted values as JSON on standard output (a form from a spec always does).")
  var json = false

  @OptionGroup var display: DisplayOptions

  @Flag(
    name: .long,
    help: "Fill and submit the form without a terminal, from --set values and saved ones.")
  var noInput = false

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Ask each field as a line of text, for screen readers and terminals without cursor movement (also: ACCESSIBLE=1, or TERM=dumb). Answers come from standard input, so a script can pipe them in; questions go to the terminal, or to standard error when piped."))
  var accessible = false

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("Set a field to a value (repeatable): a field named at the top of this help, or, for a form from a spec, a field's key. The form opens with these values; with --no-input they are submitted.", valueName: "field=value"))
  var assignments: [String] = []

  var noMouse: Bool { display.noMouse }

  func validate() throws {
    if accessible && noInput {
      throw ValidationError("--accessible asks questions and --no-input asks none: choose one.")
    }
  }
}

/// How a screen is drawn: options of the forms and the clients list.
struct DisplayOptions: ParsableArguments {
  @Flag(name: .long, help: "Draw without colours (also: NO_COLOR set, or TERM=dumb).")
  var noColor = false

  @Flag(name: .long, help: "Leave the mouse to the terminal (text selection) instead of clicks and the wheel.")
  var noMouse = false

  /// `environment` with what these options add to it.
  // NB: Theme.resolve owns the NO_COLOR rule; --no-color only adds to it.
  func applied(to environment: [String: String]) -> [String: String] {
    var environment = environment
    if noColor { environment["NO_COLOR"] = "1" }
    return environment
  }
}

/// Where the settings file is.
struct ConfigOption: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The settings file.", valueName: "path"))
  var config: String?

  func validate() throws {
    if config?.isEmpty == true { throw ValidationError("--config needs a path; give none for the usual settings file.") }
    // NB: `form -` reads standard input; settings are read and saved again, which it cannot be.
    if config == "-" { throw ValidationError("--config needs a file's path: settings are saved back, so standard input (-) cannot hold them. Use ./- for a file named -.") }
  }

  func path(environment: [String: String]) throws(ExitStatus) -> String {
    if let config { return config }
    do {
      return try StoragePaths.settingsFile(environment: environment)
    } catch {
      throw fail(error.message)
    }
  }
}

/// Where the clients database is.
struct DatabaseOption: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The clients database.", valueName: "path"))
  var database: String?

  func validate() throws {
    if database?.isEmpty == true { throw ValidationError("--database needs a path; give none for the usual clients database.") }
    if database == "-" { throw ValidationError("--database needs a file's path, not standard input (-). Use ./- for a file named -.") }
  }

  /// The clients database for a command about the client with `email` that only reads or
  /// removes: where there is none (a mistyped path), it says there is no such client (exit 1)
  /// and creates nothing.
  func existingClients(for email: String, at path: String) throws(ExitStatus) -> ClientStorageClient {
    let found: ClientStorageClient?
    do {
      found = try ClientStorageClient.existing(databaseAt: path)
    } catch {
      throw fail(error.message)
    }
    guard let found else {
      throw fail("no client with email \(email): \(ClientStorageClient.absence(at: path))", .cancelledOrInvalid)
    }
    return found
  }

  func path(environment: [String: String]) throws(ExitStatus) -> String {
    if let database { return database }
    do {
      return try StoragePaths.clientsDatabase(environment: environment)
    } catch {
      throw fail(error.message)
    }
  }
}
