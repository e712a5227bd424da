// NB: Users of the library write `import ComposableForms` and get case key paths and
//     `@Dependency` with it, as TCA users do.
@_exported import CasePathsCore
@_exported import Dependencies
