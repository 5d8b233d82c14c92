import StepFlowCore
import StepFlowJSON

/// Reads wizard files (`wizards/*.json`, JSON5 accepted) into the same ``FlowDefinition`` the
/// built-in Swift flows are, reporting every problem of a file at once as `path:line:column:
/// message`.
///
/// The format is documented in `docs/wizard-format.md`.
package enum WizardFile {
  /// Loads a wizard from a file's bytes.
  /// - Throws: every problem found (syntax, types, unknown keys, duplicate ids, conditions
  ///   that name later or unknown fields, invalid patterns, an empty step list), sorted.
  package static func load(_ bytes: [UInt8], path: String) throws(Diagnostics) -> FlowDefinition {
    var parsed = JSON5Parser.parse(bytes, path: path)
    guard var root = parsed.root else { throw Diagnostics(parsed.diagnostics) }
    // The tree is taken apart as it is read (JSONSchema.take): held only here, each step's part
    // goes once its step is read, and the load's peak is not the whole tree beside the steps.
    parsed.root = nil
    var log = DiagnosticLog(path: path)
    let draft = WizardSchema.wizard.take(&root, as: "the wizard", log: &log)
    if let draft { WizardChecks.check(draft, log: &log) }
    let all = (parsed.diagnostics + log.diagnostics).sortedByLocation()
    guard let draft, all.isEmpty else {
      if all.isEmpty {
        throw Diagnostics([
          Diagnostic(path: path, at: root.location, message: "the wizard could not be read")
        ])
      }
      throw Diagnostics(all)
    }
    return draft.definition
  }

}

/// A wizard as read, before the checks across steps: the definition's parts with the
/// locations that messages about them point to.
package struct WizardDraft: Sendable {
  package var id: String
  package var title: String
  package var navigation: NavigationStyle
  package var strip: StripStyle
  package var theme: Theme
  package var blocks: [ScreenBlock]
  package var steps: [StepDraft]
  /// The texts of the wizard's own blocks that name fields (none may: they show on every
  /// step).
  package var blockTemplates: [(text: String, location: TextLocation)]

  package var definition: FlowDefinition {
    FlowDefinition(
      id: id, title: title, steps: steps.map(\.definition), strip: strip, navigation: navigation,
      theme: theme, blocks: blocks)
  }
}

package struct StepDraft: Sendable {
  package var definition: StepDefinition
  package var idLocation: TextLocation
  /// Every field id the step asks for (own, tabs' and the tab answer), with where it is written.
  package var fieldIDs: LocatedIDs
  /// The step's condition as read, each test located.
  package var when: WizardSchema.ConditionDraft?
  /// The texts the step shows that name fields, with where they are written.
  package var templates: [(text: String, location: TextLocation)]
  /// Where each field's `default` is written, by field id.
  package var defaultLocations: [String: TextLocation] = [:]
  /// The step's `run`, with where its parts are written.
  package var task: TaskDraft? = nil
  /// The texts its fields' commands (`optionsFrom`, `validate`) fill in with answers.
  package var fieldCommandTemplates: [(text: String, location: TextLocation, sameStep: Bool)] =
    []
}
