import Testing

@testable import StepFlowCore

/// Keys moved by the user act on the one key table: the key's meaning, its place in help and on
/// the hint line change together; a remap that clashes or leaves nothing to quit is refused.
@Suite struct KeyRemapTests {
  static let vim = KeyRemaps([
    KeyRemaps.Remap(.character("j"), as: .down, in: .lists),
    KeyRemaps.Remap(.character("k"), as: .up, in: .lists),
  ])

  @Test func aKeyMovedOntoAnotherHasItsBindingAndActsAsIt() {
    let j = KeyBindings.binding(for: .character("j"), in: .choiceList, remaps: Self.vim)
    #expect(j?.action == .vertical)
    #expect(KeyBindings.translated(.character("j"), in: .multiList, remaps: Self.vim) == .down)
    #expect(KeyBindings.translated(.character("k"), in: .choiceList, remaps: Self.vim) == .up)
    // Only in lists: in a text field j is still typed, on a step it means nothing.
    #expect(
      KeyBindings.binding(for: .character("j"), in: .textField, remaps: Self.vim)?.action == .edit)
    #expect(
      KeyBindings.translated(.character("j"), in: .textField, remaps: Self.vim) == .character("j"))
    #expect(KeyBindings.binding(for: .character("j"), in: .noFocus, remaps: Self.vim) == nil)
    // Without the remaps j filters the list.
    let filter = KeyBindings.binding(for: .character("j"), in: .choiceList, remaps: .none)
    #expect(filter?.action == .edit && filter?.keys == [.printable])
  }

  @Test func helpAndHintsShowTheMovedKeys() {
    let rows = KeyBindings.help(in: .choiceList, remaps: Self.vim)
    #expect(rows.contains { $0.0 == "↑ ↓ j k" && $0.1.hasPrefix("move the highlight") }, "\(rows)")
    #expect(!KeyBindings.help(in: .choiceList, remaps: .none).contains { $0.0.contains("j") })
    // q freed on a step, z moved onto it: the hint line and help name z, not q.
    let quit = KeyRemaps([
      KeyRemaps.Remap(.character("q"), as: nil, in: .steps),
      KeyRemaps.Remap(.character("z"), as: .character("q"), in: .steps),
    ])
    #expect(quit.problems().isEmpty, "\(quit.problems())")
    let hints = KeyBindings.hints(in: .noFocus, remaps: quit)
    #expect(hints.contains("z quit"), "\(hints)")
    #expect(!hints.contains("q quit"))
    #expect(KeyBindings.hints(in: .noFocus, remaps: KeyRemaps.none).contains("q quit"))
    let help = KeyBindings.help(in: .noFocus, remaps: quit)
    #expect(help.contains { $0.0 == "Esc z" && $0.1.hasPrefix("cancel") }, "\(help)")
    #expect(KeyBindings.binding(for: .character("q"), in: .noFocus, remaps: quit) == nil)
    #expect(
      KeyBindings.binding(for: .character("z"), in: .noFocus, remaps: quit)?.action
        == .command(.quit))
  }

  @Test func aFreedKeyInAListIsTheFilters() {
    let free = KeyRemaps([KeyRemaps.Remap(.character("?"), as: nil, in: .lists)])
    #expect(free.problems().isEmpty)
    let binding = KeyBindings.binding(for: .character("?"), in: .choiceList, remaps: free)
    #expect(binding?.action == .edit && binding?.keys == [.printable])
    #expect(
      KeyBindings.binding(for: .character("?"), in: .choiceList, remaps: .none)?.action == .help)
    #expect(
      !KeyBindings.help(in: .choiceList, remaps: free).contains { $0.1 == "show or hide this help" }
    )
    // On a step ? still shows the help.
    #expect(KeyBindings.binding(for: .character("?"), in: .noFocus, remaps: free)?.action == .help)
  }

  @Test func remapsThatClashOrLeaveNothingToQuitAreRefused() {
    func problems(_ remaps: [KeyRemaps.Remap]) -> [String] {
      KeyRemaps(remaps).problems().map(\.message)
    }
    let clash = problems([KeyRemaps.Remap(.character("l"), as: .character("q"), in: .steps)])
    #expect(
      clash == [
        "l already means \"next step\" in a step: it would clash; pick a key that means nothing"
          + " there, or free it (null)"
      ])
    let noQuit = KeyRemaps([
      KeyRemaps.Remap(.character("q"), as: nil, in: .steps),
      KeyRemaps.Remap(.escape, as: nil, in: .steps),
    ])
    let found = noQuit.problems()
    #expect(found.count == 1)
    #expect(found.first?.index == 1)
    #expect(found.first?.message.hasPrefix("nothing would quit in a step") == true, "\(found)")
    // Moving a key onto Esc keeps a way out.
    let kept = KeyRemaps(
      noQuit.remaps + [KeyRemaps.Remap(.character("z"), as: .escape, in: .steps)])
    #expect(kept.problems().isEmpty, "\(kept.problems())")
    #expect(
      problems([KeyRemaps.Remap(.ctrl("c"), as: nil, in: .steps)]) == [
        "Ctrl-C cannot be moved: it always does what it does"
      ])
    #expect(
      problems([KeyRemaps.Remap(.enter, as: .character("l"), in: .lists)]) == [
        "Enter cannot be moved: it always does what it does"
      ])
    #expect(
      problems([KeyRemaps.Remap(.character("z"), as: .ctrl("c"), in: .steps)]) == [
        "no key can stand for Ctrl-C: Ctrl-C itself interrupts"
      ])
    #expect(
      problems([KeyRemaps.Remap(.character("z"), as: nil, in: .steps)]) == [
        "z means nothing in a step: there is nothing to free"
      ])
    #expect(
      problems([KeyRemaps.Remap(.character("z"), as: .character("z"), in: .lists)]) == [
        "z would stand for itself"
      ])
    #expect(
      problems([KeyRemaps.Remap(.character("z"), as: .function(5), in: .lists)]) == [
        "F5 does nothing in a list"
      ])
  }
}
