import StepFlowCore
import StepFlowJSON

extension JSONSchema where Output == Color {
  /// A colour as ``Color/init(parsing:)`` reads it: a name (`teal`), `#rgb`, `#rrggbb`,
  /// `ansi:N` or `color:N`; a misspelt name gets a did-you-mean.
  package static var color: JSONSchema<Color> {
    let expected = ##"a colour: a name such as "teal", "#rgb", "#rrggbb", "ansi:N" or "color:N""##
    return JSONSchema(
      expected: expected,
      document: { _ in
        ["type": "string", "pattern": .string(colorPattern), "description": .string(expected)]
      },
      read: { node, subject, log in
        guard case .string(let string) = node.content else {
          log.wrongType(subject, expected: expected, found: node)
          return nil
        }
        // The exact name first: Color(parsing:) lower-cases, which costs more than the lookup.
        guard let color = Color.named[string] ?? Color(parsing: string) else {
          log.wrongValue(
            subject, expected: expected, found: node,
            hint: didYouMean(string, in: Color.named.keys.sorted()))
          return nil
        }
        return color
      }
    )
  }

  /// What ``Color/init(parsing:)`` reads, as a regular expression: a name in any case, `#rgb`,
  /// `#rrggbb`, `ansi:0`–`ansi:15`, `color:0`–`color:255`.
  static var colorPattern: String {
    func anyCase(_ word: String) -> String {
      word.map { c in
        c.isLetter ? "[\(c.uppercased())\(c.lowercased())]" : c == "-" ? "\\-" : String(c)
      }.joined()
    }
    let names = Color.named.keys.sorted().map(anyCase).joined(separator: "|")
    let digits = "\\+?0*"
    return "^(?:" + names + "|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|" + anyCase("ansi") + ":" + digits
      + "(?:[0-9]|1[0-5])|" + anyCase("color") + ":" + digits
      + "(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5]))$"
  }
}
