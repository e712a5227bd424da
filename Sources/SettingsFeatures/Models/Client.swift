/// A client as the client form creates it and the clients database stores it.
public struct Client: Codable, Equatable, Hashable, Sendable {
  public var name: String
  public var email: String
  public var age: Int

  public init(name: String, email: String, age: Int) {
    self.name = name
    self.email = email
    self.age = age
  }
}
