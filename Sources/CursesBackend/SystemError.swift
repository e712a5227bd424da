#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's text for an `errno` value.
func errorText(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}

/// The calling thread's current `errno`.
var currentErrno: Int32 { errno }
