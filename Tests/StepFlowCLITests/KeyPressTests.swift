import Foundation
import StepFlowTestSupport
import Testing

/// Scripts press keys (`press KEY`) through the terminal's key handling, frames and all.
@Suite struct KeyPressTests {
  static let frameOptions = [
    "--frames", "--width", "60", "--height", "24", "--color", "never", "--glyphs", "unicode",
  ]

  /// The frames of a run, by their label: the lines after each `--- frame N: LABEL ---`.
  static func frames(_ r: Stepflow.Result) -> [(label: String, lines: [String])] {
    var frames: [(label: String, lines: [String])] = []
    for line in r.lines {
      if line.hasPrefix("--- frame "), let colon = line.firstIndex(of: ":") {
        let label = line[line.index(colon, offsetBy: 2)...].dropLast(4)
        frames.append((String(label), []))
      } else if !frames.isEmpty, !line.hasPrefix("{") {
        frames[frames.count - 1].lines.append(line)
      }
    }
    return frames
  }

  /// The onboarding wizard file of the repository.
  static let onboarding: String = {
    let file = #filePath
    return String(file[..<(file.range(of: "/Tests/")?.lowerBound ?? file.endIndex)])
      + "/wizards/onboarding.json"
  }()

  static let account =
    "set full_name=Ann; set email=a@b.co; set username=ann; set password=12345678; next"

  @Test func enterInAChoiceListPicksAndMovesOn() throws {
    let r = try Stepflow.run(
      [
        "run", Self.onboarding, "--commands",
        "press enter; \(Self.account); press down; press enter",
      ]
        + Self.frameOptions)
    #expect(r.status == 1)
    let frames = Self.frames(r)
    #expect(frames.map(\.label).suffix(2) == ["press down", "press enter"])
    let down = frames[frames.count - 2].lines
    #expect(down.last?.contains("Enter pick · ↑ ↓ choose") == true, "\(down.last ?? "")")
    #expect(down.contains { $0.contains("▶ ○ Team") }, "the highlight moved, nothing picked")
    let picked = frames[frames.count - 1].lines
    #expect(picked.contains { $0.contains("◉ Team") })
    #expect(picked.last?.contains("← → yes/no") == true, "the focus went on to the yes/no field")
    let result = try Stepflow.run(
      [
        "run", Self.onboarding, "--commands",
        "press enter; \(Self.account); press down; press enter",
      ])
    #expect(result.stdout.contains("\"plan\":\"team\""), "no frames: the result on stdout")
  }

  @Test func tabAndShiftTabMoveTheFocusAndWrap() throws {
    let r = try Stepflow.run(
      [
        "run", "purchase", "--commands",
        "press enter; press tab; press shift-tab; press right; press tab; press a; press tab; press tab; press tab",
      ] + Self.frameOptions)
    let frames = Self.frames(r)
    #expect(frames.count == 10)
    func hints(_ i: Int) -> String { frames[i].lines.last ?? "" }
    #expect(hints(1).contains("← → switch tab"), "Enter on the cart: the tab bar has the focus")
    #expect(hints(2).contains("Esc leave field"), "Tab: into the card number")
    #expect(hints(3).contains("← → switch tab"), "Shift-Tab: back on the tab bar")
    #expect(frames[4].lines.contains { $0.contains("E-mail") }, "→ on the tab bar: PayPal")
    #expect(frames[6].lines.contains { $0.contains("│ a") }, "a typed into the e-mail field")
    #expect(frames[7].lines.contains { $0.contains("▶ [ Next ]") }, "Next before Back")
    #expect(frames[8].lines.contains { $0.contains("▶ [ Back ]") })
    #expect(hints(9).contains("← → switch tab"), "Tab wraps around to the tab bar")
    let result = try Stepflow.run([
      "run", "purchase", "--commands",
      "press enter; press tab; press shift-tab; press right; press tab; press a",
    ])
    #expect(result.stdout.contains("\"paypal_email\":\"a\""))
  }

  @Test func quitAsksOnceSomethingIsAnswered() throws {
    let asked = try Stepflow.run(
      ["run", "purchase", "--commands", "next; press q; press n; press q; press y; next"]
        + Self.frameOptions)
    #expect(asked.status == 1)
    let frames = Self.frames(asked)
    #expect(frames.map(\.label).last == "press y", "the run ended at y")
    #expect(frames[2].lines.contains { $0.contains("Quit and lose your answers? y/n") })
    #expect(frames[2].lines.last?.contains("y yes · n no") == true)
    #expect(!frames[3].lines.contains { $0.contains("Quit and lose") }, "n: carry on")
    // (What a cancelled run prints on stdout is not this test's business: the frames say it.)
    let fresh = try Stepflow.run(
      ["run", "purchase", "--commands", "press q; next"] + Self.frameOptions)
    #expect(fresh.status == 1)
    #expect(
      Self.frames(fresh).map(\.label) == ["start", "press q"], "nothing answered: q quits at once")
    #expect(!fresh.stdout.contains("Quit and lose"))
  }

  /// The release wizard's Checks step: y, Enter, y, ↓, ↓, Enter goes on to the clean-tree
  /// check (↓ from the last field used to land on Back, and Enter went back to Version).
  @Test func downDownEnterOnTheChecksStepGoesOn() throws {
    let r = try Stepflow.run(
      [
        "run", "release", "--commands",
        "set version=1.4.0; next; press y; press enter; press y; press down; press down; press enter",
      ] + Self.frameOptions)
    let frames = Self.frames(r)
    #expect(frames[frames.count - 2].lines.contains { $0.contains("▶ [ Next ]") })
    #expect(frames.last?.lines.first?.contains("Clean tree") == true, "\(frames.last?.lines ?? [])")
    let result = try Stepflow.run([
      "run", "release", "--commands",
      "set version=1.4.0; next; press y; press enter; press y; press down; press down; press enter",
    ])
    #expect(result.stdout.contains("\"current\":\"tree\""), "\(result.stdout)")
  }

  /// On the purchase's Back button → moves to Next; → again goes to the next step.
  @Test func rightOnBackFocusesNext() throws {
    let r = try Stepflow.run(
      ["run", "purchase", "--commands", "next; tab 3; press shift-tab; press right; press right"]
        + Self.frameOptions)
    let frames = Self.frames(r)
    #expect(frames[3].lines.contains { $0.contains("▶ [ Back ]") })
    #expect(frames[4].lines.contains { $0.contains("▶ [ Next ]") }, "\(frames[4].lines)")
    #expect(frames[4].lines.first?.contains("Payment") == true, "still on Payment")
    #expect(frames[4].lines.last?.contains("Enter next · ← → button") == true)
    #expect(frames[5].lines.first?.contains("Shipping address") == true)
    // The cart's Back is unavailable: Shift-Tab does not focus it.
    let cart = try Stepflow.run(
      ["run", "purchase", "--commands", "press shift-tab"] + Self.frameOptions)
    #expect(Self.frames(cart)[1].lines.contains { $0.contains("▶ [ Next ]") })
  }

  /// The y/n question on short screens: in the compact layout it takes the footer row (it used
  /// to be drawn over the buttons), its keys always shown.
  @Test(arguments: [(40, 12), (30, 11)])
  func theQuestionShowsOnShortScreens(size: (Int, Int)) throws {
    for (key, words) in [("q", "Quit and lose"), ("r", "Start over")] {
      let r = try Stepflow.run(
        [
          "run", "purchase", "--commands", "next; tab 2; press \(key)", "--frames", "--color",
          "never", "--glyphs", "unicode", "--width", "\(size.0)", "--height", "\(size.1)",
        ])
      let lines = try #require(Self.frames(r).last?.lines)
      #expect(lines.count == size.1)
      #expect(lines[size.1 - 1].hasPrefix(" " + words), "\(lines)")
      #expect(lines[size.1 - 1].hasSuffix(" y/n"), "\(lines)")
      #expect(lines[size.1 - 2].contains("[ Back ]") && lines[size.1 - 2].contains("[ Next ]"))
      #expect(!lines[size.1 - 2].contains("Quit"), "nothing drawn over the buttons: \(lines)")
    }
  }

  @Test func resetAsksAndYStartsOver() throws {
    let r = try Stepflow.run([
      "run", "purchase", "--commands",
      "next; tab 2; set paypal_email=a@b.co; press r; press y",
    ])
    #expect(r.stdout.contains("\"current\":\"shoppingCart\""))
    #expect(!r.stdout.contains("paypal_email"))
  }

  @Test func pressTakesKeyNamesAndRefusesCtrlC() throws {
    let bad = try Stepflow.run(["run", "purchase", "--commands", "press tabb"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("command 1: press: no key \"tabb\" (did you mean \"tab\"?)"))
    let ctrlC = try Stepflow.run(["run", "purchase", "--commands", "press ctrl-c"])
    #expect(ctrlC.status == 65)
    #expect(ctrlC.stderr.contains("a script cancels with quit"))
    let nothing = try Stepflow.run(["run", "delivery", "--commands", "press tab"])
    #expect(nothing.stderr.contains("press tab: Tab does nothing here"))
  }

  @Test func plainModeNamesTheFocus() throws {
    let r = try Stepflow.run(["run", Self.onboarding, "--plain"], input: "next\npress tab\n")
    #expect(r.stderr.contains("Focus: Full name (full_name)"))
    #expect(r.stderr.contains("Focus: E-mail (email)"))
  }

  @Test func helpKeysIsTheKeyTable() throws {
    let r = try Stepflow.run(["help", "keys"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("  choice list:\n"))
    #expect(
      r.stdout.split(separator: "\n").contains {
        $0.hasPrefix("    Enter ") && $0.hasSuffix("  pick the highlighted option and go on")
      })
    #expect(r.stdout.contains("  multichoice list:\n") && r.stdout.contains("  date field:\n"))
    let main = try Stepflow.run(["--help"])
    #expect(main.stdout.contains("press KEY"))
  }
}
