import StepFlowTestSupport
import Testing

@testable import StepFlow

/// The keys a user moved belong to a run (its options, then its state), never to the process:
/// two programs in one process, one with remaps and one without, each obey their own — in the
/// keys, the hint line and the `?` overlay — and a start over keeps them.
@Suite struct RunKeyRemapTests {
  /// `z` quits instead of `q`; in lists `j` is ↓.
  static let moved = KeyRemaps([
    KeyRemaps.Remap(.character("q"), as: nil, in: .steps),
    KeyRemaps.Remap(.character("z"), as: .character("q"), in: .steps),
    KeyRemaps.Remap(.character("j"), as: .down, in: .lists),
  ])

  static let flow = FlowDefinition(
    id: "pick", title: "Pick",
    steps: [
      StepDefinition(
        id: "size", title: "Size",
        fields: [
          .choice(
            "size", "Size",
            options: [
              ChoiceOption(id: "small", title: "Small"), ChoiceOption(id: "large", title: "Large"),
            ])
        ]),
      StepDefinition(id: "done", title: "Done"),
    ],
    strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)

  static func program(keys: KeyRemaps) -> FlowProgram {
    FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, keys: keys))
  }

  static func hints(_ program: FlowProgram) -> [String] {
    FlowView.hintItems(program: program, glyphs: Glyphs.for(.unicode))
  }

  @Test func eachRunObeysItsOwnRemapsInItsKeysHintsAndHelp() {
    var moved = Self.program(keys: Self.moved)
    var plain = Self.program(keys: .none)
    #expect(moved.state.keyRemaps == Self.moved && plain.state.keyRemaps == .none)
    // In the list: j is ↓ for one, a letter of the filter for the other.
    moved.apply(.press(.character("j")), at: .zero)
    plain.apply(.press(.character("j")), at: .zero)
    moved.apply(.press(.enter), at: .zero)
    #expect(moved.state.answers["size"] == .choice("large"), "j moved down, Enter picked")
    #expect(plain.state.editor?.focusedField?.list.filter == "j", "j typed into the filter")
    #expect(plain.state.answers["size"] == nil)
    // On the next step (nothing focused): z quits one, q the other — hints and help say so,
    // asked in turns (the hint line keeps items per set of remaps).
    plain.apply(.press(.escape), at: .zero)
    plain.apply(.press(.escape), at: .zero)
    #expect(moved.state.progression.current == 1)
    for _ in 0..<2 {
      #expect(Self.hints(moved).contains("z quit") && !Self.hints(moved).contains("q quit"))
      #expect(Self.hints(plain).contains("q quit") && !Self.hints(plain).contains("z quit"))
    }
    let help = KeyMap.help(
      in: moved.focusContext, flow: Self.flow, glyphs: .unicode, remaps: moved.state.keyRemaps)
    #expect(help.contains { $0.0 == "Esc z" && $0.1.hasPrefix("cancel") }, "\(help)")
    var quitting = moved
    quitting.apply(.press(.character("q")), at: .zero)
    #expect(quitting.state.status == .running && quitting.state.pendingConfirmation == nil)
    quitting.apply(.press(.character("z")), at: .zero)
    #expect(quitting.state.pendingConfirmation == .quit, "z asks, as q would (an answer given)")
    moved.apply(.reset, at: .zero)
    #expect(moved.state.keyRemaps == Self.moved, "a start over keeps the run's remaps")
  }
}
