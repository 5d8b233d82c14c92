import StepFlowCore
import StepFlowJSON

extension JSONSchema where Output == Color {
  /// A colour as ``Color/init(parsing:)`` reads it: a name (`teal`), `#rgb`, `#rrggbb`,
  /// `ansi:N` or `color:N`; a misspelt name gets a did-you-mean.
  package static var color: JSONSchema<Color> {
    let expected = ##"a colour: a name such as "teal", "#rgb", "#rrggbb", "ansi:N" or "color:N""##
    return JSONSchema(expected: expected) { node, subject, log in
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
  }
}
