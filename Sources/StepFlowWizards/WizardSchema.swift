import StepFlowCore
import StepFlowJSON

/// The schemas of a wizard file: the wizard, its strip and colours, steps, blocks, tabs, conditions
/// and progress stages.
///
/// Fields are in ``FieldSchema``.
package enum WizardSchema {
  /// An id for something whose own id is missing or wrong (already reported): it starts with
  /// NUL, which no file can write, so it never matches and checks pass it by.
  package static func standInID(at location: TextLocation) -> String {
    "\u{0}\(location.line):\(location.column)"
  }

  /// Ids of wizards, steps and tabs: ASCII letters, digits, `_` and `-`, starting with a letter.
  package static let identifier = JSONSchema<String>.nonEmptyString.checked { id in
    guard let first = id.utf8.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A,
      id.utf8.allSatisfy({ byte in
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
          || byte == 0x5F || byte == 0x2D
      })
    else {
      return "must be a name of letters, digits, \"_\" and \"-\" that starts with a letter"
    }
    return nil
  }.documented { document, _ in document.adding(["pattern": "^[A-Za-z][A-Za-z0-9_-]*$"]) }

  /// The JSON Schema (draft 2020-12) of wizard files, written from the schemas the loader
  /// reads them with: `stepflow schema` prints it, and `"$schema"` in a file points to it.
  package static var fileSchemaDocument: JSONValue {
    wizard.schemaDocument(
      title: "stepflow wizard file",
      description:
        "A wizard for stepflow run (docs/wizard-format.md). Written by stepflow schema from the schemas stepflow validate reads files with; what it cannot say (ids used twice, conditions and {{names}} on fields asked later, defaults that break their field's rules) stepflow validate still checks."
    )
  }

  package static let wizard: JSONSchema<WizardDraft> = .object { o in
    // Where an editor finds this format's JSON Schema (stepflow schema prints it).
    _ = o.optional("$schema", .nonEmptyString)
    let id = o.required("id", identifier)
    let title = o.required("title", .nonEmptyString)
    o.allow("description")
    let navigation = o.optional("navigation", .oneOf(NavigationStyle.self), default: .buttons)
    let strip = o.optional("strip", stripSchema, default: StripStyle(position: .above, shape: .bar))
    let theme = o.optional("colors", themeSchema, default: Theme())
    let blocks = o.optional("blocks", .array(of: block), default: [])
    let blockTemplates =
      o.members.first { $0.key == "blocks" }.map { templateTexts(in: $0.value) } ?? []
    if navigation != .rating {
      // The rating block shows the stars given in a rating wizard; anywhere else it would
      // show the number of steps reached as a rating.
      for location in o.members.flatMap({ ratingBlocks(in: $0) }) {
        o.report(
          "a \"rating\" block shows the stars of a rating wizard (\"navigation\": \"rating\"); this wizard's navigation is \"\(navigation.rawValue)\"",
          at: location)
      }
    }
    // Last, and taken: each step's part of the tree goes once the step is read, so that a long
    // wizard never holds its whole tree beside its steps.
    let steps = o.take("steps", .array(of: step, minCount: 1))
    // A wrong id or title is reported; the steps are still checked against each other, so that
    // one run reports every problem (the stand-ins never leave: the load fails).
    guard let steps else { return nil }
    return WizardDraft(
      id: id ?? "wizard", title: title ?? "", navigation: navigation, strip: strip, theme: theme,
      blocks: blocks,
      steps: steps, blockTemplates: blockTemplates)
  }

  package static let stripSchema: JSONSchema<StripStyle> = JSONSchema<StripStyle>.object { o in
    let position = o.optional("position", .oneOf(ExtraContentPosition.self), default: .above)
    let shapeName = o.optional("shape", .oneOf(["bar", "dots", "symbol"]), default: "bar")
    let dots = o.optional("dots", .int(in: 1...8), default: 4)
    let symbol = o.optional("symbol", .nonEmptyString)
    let extra = o.optional("extra", .nonEmptyString)
    let extraWidth = o.optional("extraWidth", .int(in: 1...20))
    let extraHeight = o.optional("extraHeight", .int(in: 1...5))
    let shape: StepShape
    switch shapeName {
    case "dots": shape = .dots(dots)
    case "symbol":
      guard let symbol else {
        o.report(
          "missing key \"symbol\": a \"symbol\" shape needs the symbol's name", at: o.location)
        return nil
      }
      shape = .symbol(symbol)
    default: shape = .bar
    }
    return StripStyle(
      position: position, shape: shape, sharedExtra: extra.map(Icon.init), extraWidth: extraWidth,
      extraHeight: extraHeight)
  }.documented { document, _ in
    document.adding([
      "if": ["properties": ["shape": ["const": "symbol"]], "required": ["shape"]],
      "then": ["required": ["symbol"]],
    ])
  }

  package static let themeSchema: JSONSchema<Theme> = .object { o in
    var theme = Theme()
    if let c = o.optional("accent", .color) { theme.accent = c }
    if let c = o.optional("inactive", .color) { theme.inactive = c }
    if let c = o.optional("foreground", .color) { theme.foreground = c }
    if let c = o.optional("background", .color) { theme.background = c }
    if let c = o.optional("error", .color) { theme.error = c }
    return theme
  }

  package static let step: JSONSchema<StepDraft> = JSONSchema<StepDraft>.object { o in
    let idRead = o.required("id", identifier)
    let idLocation = o.node("id")?.location ?? o.location
    let title = o.required("title", .nonEmptyString)
    let icon = o.optional("icon", .nonEmptyString)
    let colors = o.optional("colors", stepColors)
    let prompt = o.optional("prompt", .nonEmptyString)
    let largeTitle = o.optional("largeTitle", .nonEmptyString)
    let body = o.optional("body", .string)
    let blocks = o.optional("blocks", .array(of: block), default: [])
    let fields = o.optional("fields", .array(of: FieldSchema.field), default: [])
    let tabs = o.optional("tabs", .array(of: tab, minCount: 1), default: [])
    let tabsField = o.optional("tabsField", FieldSchema.fieldID)
    let tabsFieldLocation = o.node("tabsField")?.location
    let when = o.optional("when", condition)
    // A task's texts have rules of their own (WizardChecks.checkTasks): its step's fields too.
    let templates = o.members.filter { $0.key != "when" && $0.key != "run" }.flatMap {
      templateTexts(in: $0.value)
    }
    let progress = o.optional("progress", progressStage)
    let run = o.optional("run", TaskSchema.run)
    if progress != nil, let run {
      o.report(
        "a step has either \"progress\" (a simulated stage, for demos) or \"run\" (real work), not both",
        at: run.location)
    }
    if tabsField != nil, tabs.isEmpty, let location = tabsFieldLocation {
      o.report(
        "\"tabsField\" names the answer of the step's tabs, but the step has no \"tabs\"",
        at: location)
    }
    // A step whose id is wrong is reported and stands in under an id no file can write, so
    // that the other steps are still checked against each other.
    let id = idRead ?? standInID(at: idLocation)
    let shownTitle = title ?? id
    var fieldIDs = LocatedIDs()
    for field in fields { fieldIDs.append(field.spec.id, at: field.location) }
    if let tabsField, let location = tabsFieldLocation { fieldIDs.append(tabsField, at: location) }
    for field in tabs.flatMap(\.fields) { fieldIDs.append(field.spec.id, at: field.location) }
    var defaultLocations: [String: TextLocation] = [:]
    for draft in fields + tabs.flatMap(\.fields) {
      if let location = draft.defaultLocation { defaultLocations[draft.spec.id] = location }
    }
    let definition = StepDefinition(
      id: id, title: shownTitle, icon: icon.map(Icon.init), accent: colors?.accent,
      background: colors?.background, foreground: colors?.foreground, prompt: prompt,
      largeTitle: largeTitle, blocks: (body.map { [ScreenBlock.text($0)] } ?? []) + blocks,
      fields: fields.map(\.spec), tabs: tabs.map(\.definition), tabsField: tabsField,
      when: when?.condition, progress: progress, task: run?.task)
    var step = StepDraft(
      definition: definition, idLocation: idLocation, fieldIDs: fieldIDs, when: when,
      templates: templates, defaultLocations: defaultLocations, task: run)
    step.fieldCommandTemplates =
      fields.flatMap(\.commandTemplates) + tabs.flatMap { $0.fields.flatMap(\.commandTemplates) }
    return step
  }.documented { document, _ in
    document.adding([
      "not": ["required": ["progress", "run"]], "dependentRequired": ["tabsField": ["tabs"]],
    ])
  }

  package static let stepColors:
    JSONSchema<(accent: Color?, background: Color?, foreground: Color?)> =
      .object { o in
        (
          o.optional("accent", .color), o.optional("background", .color),
          o.optional("foreground", .color)
        )
      }

  package struct TabDraft: Sendable {
    package var definition: TabDefinition
    package var fields: [FieldSchema.FieldDraft]
  }

  package static let tab: JSONSchema<TabDraft> = .object { o in
    let idRead = o.required("id", identifier)
    let titleRead = o.required("title", .nonEmptyString)
    let body = o.optional("body", .string)
    let blocks = o.optional("blocks", .array(of: block), default: [])
    let fields = o.optional("fields", .array(of: FieldSchema.field), default: [])
    let id = idRead ?? standInID(at: o.location)
    let title = titleRead ?? id
    return TabDraft(
      definition: TabDefinition(
        id: id, title: title, blocks: (body.map { [ScreenBlock.text($0)] } ?? []) + blocks,
        fields: fields.map(\.spec)),
      fields: fields)
  }

  /// A string, number or Boolean, as the text an answer is compared with.
  package static let scalarText = JSONSchema<String>(
    expected: "a string, a number or true/false",
    document: ["type": ["string", "number", "boolean"]]
  ) { node, subject, log in
    switch node.content {
    case .string(let text): return text
    case .bool(let value): return value ? "true" : "false"
    case .number(let number): return number.int.map(String.init) ?? number.literal
    default:
      log.wrongType(subject, expected: "a string, a number or true/false", found: node)
      return nil
    }
  }

  package static let progressStage: JSONSchema<ProgressStage> = .object { o in
    let names = ["bar", "ring", "label", "spinner", "color", "blur"]
    let indicators = o.optional(
      "indicators", .array(of: .oneOf(names), minCount: 1), default: ["bar", "label"])
    let duration = o.required("duration", .int(in: 1...3_600_000))
    let label = o.optional("label", .nonEmptyString)
    guard let duration else { return nil }
    return ProgressStage(indicators: indicators, duration: .milliseconds(duration), label: label)
  }
}
