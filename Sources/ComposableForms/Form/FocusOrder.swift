import ConcurrencyExtras

/// The fields of a form in focus order, and each one's position: worked out once per field
/// type and shared, so rules made on every action (a computed `static var rules`) stay cheap.
final class FocusOrder<Field: FormField>: Sendable {
  let fields: [Field]
  let position: [Field: Int]
  /// The positions of each page's fields (``FormField/page``), by page; one page for a form
  /// without pages.
  let pages: [Range<Int>]

  init() {
    let fields = Array(Field.allCases)
    var position: [Field: Int] = [:]
    var pages: [Range<Int>] = []
    for (index, field) in fields.enumerated() {
      position[field] = index
      let page = max(0, field.page)
      while pages.count <= page { pages.append(index..<index) }
      // NB: A field out of its page's place stretches the page; FormLayout reports it.
      pages[page] = min(pages[page].lowerBound, index)..<max(pages[page].upperBound, index + 1)
    }
    self.fields = fields
    self.position = position
    self.pages = pages.isEmpty ? [0..<0] : pages
  }

  /// The order of `Field`, made on first use.
  static var shared: FocusOrder<Field> {
    let key = ObjectIdentifier(Field.self)
    return cache.withValue { cache in
      if let order = cache[key] as? FocusOrder<Field> { return order }
      let order = FocusOrder<Field>()
      cache[key] = order
      return order
    }
  }
}

/// One `FocusOrder` per field type (generic types cannot have stored static properties).
private let cache = LockIsolated<[ObjectIdentifier: any Sendable]>([:])
