/// Filling in `{{field}}` in what a flow shows: titles, prompts, bodies, labels, help,
/// placeholders, defaults and option titles, each *as read* (see ``Template``).
extension FlowDefinition {
  /// Text with its fields filled in from the answers, as a person reads them.
  /// - Complexity: O(1) for flows without templates; one scan of the text otherwise.
  package func resolve(_ text: String, answers: [String: FieldValue]) -> String {
    guard hasTemplates, Template.hasFields(text) else { return text }
    return Template(text).render { id in
      guard let value = answers[id] else { return nil }
      if let spec = templateFields[id] { return spec.readableText(value) }
      // A tab answer reads as the tab's title.
      if case .choice(let tabID) = value,
        let step = steps.first(where: { $0.tabsField == id }),
        let tab = step.tabs.first(where: { $0.id == tabID })
      {
        return tab.title
      }
      return value.dataText
    }
  }

  /// Step `index` with every text it shows filled in from the answers (the step itself when
  /// the flow has no templates).
  package func resolvedStep(_ index: Int, answers: [String: FieldValue]) -> StepDefinition {
    let step = steps[index]
    guard hasTemplates, step.hasTemplates else { return step }
    var resolved = step
    resolved.title = resolve(step.title, answers: answers)
    resolved.prompt = step.prompt.map { resolve($0, answers: answers) }
    resolved.largeTitle = step.largeTitle.map { resolve($0, answers: answers) }
    resolved.blocks = step.blocks.map { resolve($0, answers: answers) }
    resolved.fields = resolvedFields(step.fields, answers: answers)
    resolved.tabs = step.tabs.map { tab in
      TabDefinition(
        id: tab.id, title: resolve(tab.title, answers: answers),
        blocks: tab.blocks.map { resolve($0, answers: answers) },
        fields: resolvedFields(tab.fields, answers: answers))
    }
    return resolved
  }

  /// The flow's own blocks (shown on every step) filled in.
  package func resolvedBlocks(answers: [String: FieldValue]) -> [ScreenBlock] {
    guard hasTemplates else { return blocks }
    return blocks.map { resolve($0, answers: answers) }
  }

  /// A block with its text filled in.
  package func resolve(_ block: ScreenBlock, answers: [String: FieldValue]) -> ScreenBlock {
    switch block {
    case .text(let text): return .text(resolve(text, answers: answers))
    case .status(let caption, let text):
      return .status(
        caption: resolve(caption, answers: answers), text: resolve(text, answers: answers))
    default: return block
    }
  }

  /// Fields with their label, help, placeholder, option titles and descriptions and a text
  /// default filled in; ids and rules stay as they are.
  package func resolvedFields(_ specs: [FieldSpec], answers: [String: FieldValue]) -> [FieldSpec] {
    guard hasTemplates else { return specs }
    return specs.map { spec in
      guard spec.hasTemplates else { return spec }
      func fill(_ text: String) -> String { resolve(text, answers: answers) }
      let kind: FieldKind
      switch spec.kind {
      case .text(let placeholder, let secure, let lines):
        kind = .text(placeholder: fill(placeholder), secure: secure, lines: lines)
      case .choice(let options, let style):
        kind = .choice(options: options.map { $0.resolved(fill) }, style: style)
      case .multichoice(let options):
        kind = .multichoice(options: options.map { $0.resolved(fill) })
      default:
        kind = spec.kind
      }
      var start = spec.defaultValue
      if case .text(let text)? = start { start = .text(fill(text)) }
      return spec.retitled(
        label: fill(spec.label), help: spec.help.map(fill), kind: kind, default: start)
    }
  }
}

extension ChoiceOption {
  fileprivate func resolved(_ fill: (String) -> String) -> ChoiceOption {
    ChoiceOption(
      id: id, title: fill(title), description: description.map(fill),
      disabledReason: disabledReason.map(fill))
  }
}

extension FieldSpec {
  /// Whether any text of the field names a field (`{{name}}`).
  package var hasTemplates: Bool {
    if Template.hasFields(label) || help.map(Template.hasFields) == true { return true }
    if case .text(let placeholder, _, _) = kind, Template.hasFields(placeholder) { return true }
    if case .text(let text)? = defaultValue, Template.hasFields(text) { return true }
    return kind.options.contains {
      Template.hasFields($0.title) || $0.description.map(Template.hasFields) == true
    }
  }

  /// The texts of the field that name fields: label, help, placeholder, a text default,
  /// option titles and descriptions.
  package var templateTexts: [String] {
    var texts = [label] + (help.map { [$0] } ?? [])
    if case .text(let placeholder, _, _) = kind { texts.append(placeholder) }
    if case .text(let text)? = defaultValue { texts.append(text) }
    for option in kind.options {
      texts.append(option.title)
      if let description = option.description { texts.append(description) }
    }
    return texts.filter(Template.hasFields)
  }
}

extension ScreenBlock {
  /// The texts a block shows.
  package var texts: [String] {
    switch self {
    case .text(let text): return [text]
    case .status(let caption, let text): return [caption, text]
    default: return []
    }
  }
}

extension StepDefinition {
  /// Whether any text the step shows names a field.
  package var hasTemplates: Bool {
    if Template.hasFields(title) || prompt.map(Template.hasFields) == true
      || largeTitle.map(Template.hasFields) == true
    {
      return true
    }
    for block in blocks where block.texts.contains(where: Template.hasFields) { return true }
    for spec in fields where spec.hasTemplates { return true }
    return tabs.contains { tab in
      Template.hasFields(tab.title) || tab.fields.contains(where: \.hasTemplates)
        || tab.blocks.contains { $0.texts.contains(where: Template.hasFields) }
    }
  }
}
