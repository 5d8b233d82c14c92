import Foundation
import StepFlowTestSupport
import Testing

@Suite struct RunCommandTests {
  @Test func nextNextBackLeavesTwoStepsReached() throws {
    let r = try Stepflow.run(["run", "delivery", "--commands", "next; next; back"])
    #expect(r.status == 1)
    #expect(
      r.stdout
        == "{\"wizard\":\"delivery\",\"finished\":false,\"current\":\"preparingOrder\",\"reached\":[\"orderReceived\",\"preparingOrder\"],\"answers\":{}}\n"
    )
  }

  @Test func finishingTheFlowExitsZero() throws {
    let r = try Stepflow.run(["run", "delivery", "--commands", "next; next; next; finish"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("\"finished\":true"))
    #expect(r.stdout.contains("\"current\":\"delivered\""))
  }

  @Test func finishBeforeTheLastStepIsRefusedAndTheRunGoesOn() throws {
    let r = try Stepflow.run(["run", "delivery", "--commands", "finish; next"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("finish works only on the last step"))
    #expect(r.stdout.contains("\"current\":\"preparingOrder\""))
  }

  @Test func rateCommandPrintsTheBareNumber() throws {
    let r = try Stepflow.run(["rate", "--commands", "rate 4; enter"])
    #expect(r.status == 0)
    #expect(r.stdout == "4\n")
  }

  @Test func ratingFlowReportsTheRatingInJSON() throws {
    let r = try Stepflow.run(["run", "rating", "--commands", "rate 2", "--output", "json"])
    #expect(r.status == 1)
    #expect(r.stdout.contains("\"rating\":2"))
  }

  @Test func framesShowEveryCommand() throws {
    let r = try Stepflow.run([
      "run", "delivery", "--commands", "next; reset", "--frames", "--color", "never", "--width",
      "60",
    ])
    #expect(r.status == 1)
    let headers = r.lines.filter { $0.hasPrefix("--- frame") }
    #expect(
      headers == ["--- frame 0: start ---", "--- frame 1: next ---", "--- frame 2: reset ---"])
    // 24 rows a frame, and the middle frame has two steps reached (filled dots).
    #expect(r.lines.count == 3 * 25)
    let middle = r.lines[25..<50].joined(separator: "\n")
    #expect(middle.components(separatedBy: "● ● ● ●").count - 1 == 2)
    #expect(!r.stdout.contains("\u{1B}"), "--color never prints no escape sequence")
  }

  @Test func commandsFromStdinAnnounceTheStateOnStderr() throws {
    let r = try Stepflow.run(["run", "purchase"], input: "next\n")
    #expect(r.status == 1)
    #expect(r.stderr.contains("Step 2 of 4: Payment — reached: Shopping cart, Payment"))
    #expect(r.stdout.contains("\"current\":\"payment\""))
  }

  @Test func unknownFlowIsAUsageErrorNamingTheFlows() throws {
    let r = try Stepflow.run(["run", "deliverz"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("unknown flow \"deliverz\" (did you mean \"delivery\"?)"))
    #expect(r.stderr.contains("delivery, purchase, rating"))
    #expect(r.stdout.isEmpty)
  }

  @Test func unknownOptionAndMissingValueAreUsageErrors() throws {
    let unknown = try Stepflow.run(["run", "delivery", "--widht", "60"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown option \"--widht\" (did you mean \"--width\"?)"))
    #expect(unknown.stderr.contains("usage: stepflow run"))
    let missing = try Stepflow.run(["run", "delivery", "--width"])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("option --width needs a value"))
  }

  @Test func unknownScriptCommandStopsWithItsLineAndKeepsWhatRan() throws {
    let r = try Stepflow.run(["run", "delivery", "--script", "-"], input: "next\n\nnxt\nnext\n")
    #expect(r.status == 65)
    #expect(
      r.stderr.contains("stepflow: script line 3: unknown command \"nxt\" (did you mean \"next\"?)")
    )
    #expect(r.stdout.contains("\"current\":\"preparingOrder\""), "the next before it stands")
  }

  @Test func tapBeyondTheStepsIsRefusedAndTheRunGoesOn() throws {
    let r = try Stepflow.run(["run", "purchase", "--commands", "tap 9; next"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("tap 9: there is no step 9: steps go from 1 to 4"))
    #expect(r.stdout.contains("\"current\":\"payment\""))
  }

  @Test func aMissingScriptFileExits66() throws {
    let r = try Stepflow.run(["run", "delivery", "--script", "/nonexistent/script.txt"])
    #expect(r.status == 66)
    #expect(r.stderr.contains("/nonexistent/script.txt"))
  }

  @Test func helpAndVersion() throws {
    let help = try Stepflow.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("Exit codes:"))
    #expect(help.stdout.contains("stepflow run <flow|name|path>"))
    let runHelp = try Stepflow.run(["help", "run"])
    #expect(runHelp.status == 0 && runHelp.stdout.contains("--commands TEXT"))
    let version = try Stepflow.run(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("stepflow "))
  }

  @Test func asciiGlyphsWriteOnlyASCII() throws {
    let r = try Stepflow.run([
      "run", "purchase", "--commands", "next; next", "--frames", "--glyphs", "ascii",
    ])
    #expect(r.stdout.utf8.allSatisfy { $0 < 0x80 })
    let locale = try Stepflow.run(
      ["run", "delivery", "--commands", "next", "--frames"],
      environment: Stepflow.environment(["LANG": "C"]))
    #expect(locale.stdout.utf8.allSatisfy { $0 < 0x80 }, "a non-UTF-8 locale picks ascii")
  }
}
