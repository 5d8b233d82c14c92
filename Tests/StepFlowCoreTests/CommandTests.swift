import Testing

@testable import StepFlowCore

@Suite struct CommandTests {
  @Test func parsesEveryCommand() throws {
    #expect(try Command.parse("next") == .next)
    #expect(try Command.parse("  Previous ") == .previous)
    #expect(try Command.parse("back") == .back)
    #expect(try Command.parse("tap 3") == .tap(3))
    #expect(try Command.parse("rate 4") == .rate(4))
    #expect(try Command.parse("reset") == .reset)
    #expect(try Command.parse("enter") == .enter)
    #expect(try Command.parse("finish") == .finish)
    #expect(try Command.parse("quit") == .quit)
    #expect(try Command.parse("tab 2") == .tab(.number(2)))
    #expect(try Command.parse("tab next") == .tab(.next))
    #expect(try Command.parse("tab previous") == .tab(.previous))
    #expect(try Command.parse("type Ann Lee") == .type("Ann Lee"))
    #expect(try Command.parse("type \"a; b\"") == .type("a; b"))
    #expect(try Command.parse("set street=1 Main St") == .set(field: "street", value: "1 Main St"))
    #expect(try Command.parse("tick 250") == .tick(milliseconds: 250))
  }

  @Test func unknownCommandsSuggestTheNearestOne() {
    #expect(throws: CommandSyntaxError(message: "unknown command \"nxt\" (did you mean \"next\"?)"))
    {
      try Command.parse("nxt")
    }
    #expect(throws: CommandSyntaxError(message: "unknown command \"fly\"")) {
      try Command.parse("fly")
    }
  }

  @Test func malformedArgumentsSayWhatIsExpected() {
    #expect(throws: CommandSyntaxError(message: "tap needs a step number (tap N)")) {
      try Command.parse("tap")
    }
    #expect(
      throws: CommandSyntaxError(
        message: "tap needs a step number, a whole number from 1, not \"x\"")
    ) { try Command.parse("tap x") }
    #expect(throws: CommandSyntaxError(message: "next takes nothing after it, found \"2\"")) {
      try Command.parse("next 2")
    }
    #expect(throws: CommandSyntaxError(message: "set needs a field and a value (set FIELD=VALUE)"))
    {
      try Command.parse("set city")
    }
  }

  @Test func commandsSplitAtSemicolonsAndNewlinesButNotInsideQuotes() throws {
    let items = try ScriptSource.items(ofCommands: "next; type \"a;b\"\n\n tap 2 ;")
    #expect(items.map(\.line) == ["next", " type \"a;b\"", " tap 2 "])
    #expect(items.map(\.number) == [1, 2, 4])
  }

  @Test func scriptsSkipBlankLinesAndComments() {
    let items = ScriptSource.items(ofScript: "# checkout\nnext\n\n  # go on\nback\n")
    #expect(items.map(\.line) == ["next", "back"])
    #expect(items.map(\.number) == [2, 5])
  }
}
