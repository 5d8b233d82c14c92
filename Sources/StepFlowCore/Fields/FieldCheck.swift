/// A built-in validator for text fields.
public enum FieldCheck: String, Hashable, Sendable, CaseIterable {
  /// A payment card number: digits and spaces, 12–19 digits, a valid Luhn checksum.
  case luhn
  /// A card expiry date `MM/YY` with a month from 01 to 12.
  case expiry
  /// An e-mail address: `name@domain.tld`, no spaces.
  case email
}
