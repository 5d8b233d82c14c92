import Foundation
import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// The README's command table, row by row, on the pure update.
@Suite struct CommandTableTests {
  static let email = try? FieldSpec(
    id: "email", label: "E-mail", kind: .text(placeholder: "a@b.co"), required: true,
    check: .email)

  /// `next`: go to the next step and reach it (clamped at the last); a step with invalid fields
  /// says why and stays.
  @Test func next() {
    var flow = UpdateScenario(.steps(3))
    flow.expect(current: 1, reached: 1)
    flow.send("next", expect: .moved)
    flow.expect(current: 2, reached: 2)
    flow.send("next", expect: .moved)
    flow.send("next", expect: .refused)
    flow.expect(current: 3, reached: 3)

    var form = UpdateScenario(.steps(2, fields: [1: [Self.email].compactMap { $0 }]))
    let refusal = form.send("next", expect: .refused)
    if case .refused(let message)? = refusal { #expect(message.contains("E-mail")) }
    form.expect(current: 1, reached: 1)
    form.send("set email=ann@example.com", expect: .changed)
    form.send("next", expect: .moved)
    form.expect(current: 2, reached: 2)
  }

  /// `previous`: go to the previous step, keeping what is reached.
  @Test func previous() {
    var flow = UpdateScenario(.steps(3))
    flow.send("previous", expect: .refused)
    flow.send("next", expect: .moved)
    flow.send("next", expect: .moved)
    flow.send("previous", expect: .moved)
    flow.expect(current: 2, reached: 3)
  }

  /// `back`: the Back button un-reaches the current step and goes to the previous one.
  @Test func back() {
    var flow = UpdateScenario(.steps(3))
    flow.send("back", expect: .refused)
    flow.send("next", expect: .moved)
    flow.send("next", expect: .moved)
    flow.send("back", expect: .moved)
    flow.expect(current: 2, reached: 2)
  }

  /// `tap N`: revisit reached step N; otherwise a clear message, nothing changes.
  @Test func tap() {
    var flow = UpdateScenario(.steps(4))
    flow.send("next", expect: .moved)
    flow.send("next", expect: .moved)
    flow.send("tap 1", expect: .moved)
    flow.expect(current: 1, reached: 3)
    flow.send("tap 4", expect: .refused)
    flow.send("tap 9", expect: .refused)
    flow.expect(current: 1, reached: 3)
  }

  /// `rate N` (and `tap N` in a rating): reach exactly N stars.
  @Test func rate() {
    var stars = UpdateScenario(.stars(5))
    stars.expect(current: nil, reached: 0)
    stars.send("rate 4", expect: .moved)
    stars.expect(current: 4, reached: 4)
    stars.send("tap 2", expect: .moved)
    stars.expect(current: 2, reached: 2)
    stars.send("rate 6", expect: .refused)
  }

  /// `reset`: back to the start (the first step; a rating: nothing rated).
  @Test func reset() {
    var flow = UpdateScenario(.steps(3))
    flow.send("next", expect: .moved)
    flow.send("next", expect: .moved)
    flow.send("reset", expect: .moved)
    flow.expect(current: 1, reached: 1)
    var stars = UpdateScenario(.stars(5))
    stars.send("rate 3", expect: .moved)
    stars.send("reset", expect: .moved)
    stars.expect(current: nil, reached: 0)
  }

  /// `tab N|next|previous`: select a tab (a step without tabs says so).
  @Test func tab() throws {
    let tabbed = FlowDefinition(
      id: "pay", title: "Pay",
      steps: [
        StepDefinition(
          id: "pay", title: "Pay",
          tabs: [
            TabDefinition(id: "card", title: "Card"), TabDefinition(id: "cash", title: "Cash"),
          ], tabsField: "method")
      ], strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var flow = UpdateScenario(tabbed)
    flow.send("tab 2", expect: .changed)
    #expect(flow.state.answers["method"] == .choice("cash"))
    flow.send("tab previous", expect: .changed)
    #expect(flow.state.answers["method"] == .choice("card"))
    flow.send("tab 3", expect: .refused)
    var plain = UpdateScenario(.steps(2))
    plain.send("tab next", expect: .refused)
  }

  /// `type TEXT` fills the focused field, `set FIELD=VALUE` a field by id.
  @Test func typeAndSet() {
    var flow = UpdateScenario(.steps(2, fields: [1: [Self.email].compactMap { $0 }]))
    flow.send("type ann@", expect: .changed)
    flow.send("type example.com", expect: .changed)
    #expect(flow.state.answers["email"] == .text("ann@example.com"))
    flow.send("set email=bo@example.com", expect: .changed)
    #expect(flow.state.answers["email"] == .text("bo@example.com"))
    flow.send("set nosuch=1", expect: .refused)
  }

  /// `enter`: next field, the focused button, finish on the last step; `finish`: only on the
  /// last step.
  @Test func enterAndFinish() {
    var flow = UpdateScenario(.steps(2))
    flow.send("finish", expect: .refused)
    flow.send("enter", expect: .moved)
    flow.expect(current: 2, reached: 2)
    flow.send("enter", expect: .finished)
    flow.expect(current: 2, reached: 2, status: .finished)
    var again = UpdateScenario(.steps(2))
    again.send("next", expect: .moved)
    again.send("finish", expect: .finished)
  }

  /// `quit`: cancel.
  @Test func quit() {
    var flow = UpdateScenario(.steps(2))
    flow.send("quit", expect: .cancelled)
    flow.expect(current: 1, reached: 1, status: .cancelled)
  }

  /// Every command word the parser knows is a row of the README's table, and no row names a
  /// command the parser does not know.
  @Test func theTableListsEveryCommand() throws {
    let readme = try Repository.text("README.md")
    let start = try #require(readme.range(of: "| command | effect |"))
    let rows = readme[start.upperBound...].split(separator: "\n").dropFirst().prefix {
      $0.hasPrefix("|")
    }
    var words: Set<String> = []
    for row in rows {
      let first = row.split(separator: "|").first ?? ""
      for part in first.split(separator: "`") where !part.allSatisfy({ $0 == " " || $0 == "," }) {
        if let word = part.split(separator: " ").first { words.insert(String(word)) }
      }
    }
    #expect(words == Set(Command.words))
  }
}
