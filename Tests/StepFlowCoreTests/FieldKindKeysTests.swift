import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// Presses keys on a field in a context and returns the outcomes.
private func press(_ field: inout Field, in context: FieldContext = context(), _ keys: Key...)
  -> [KeyOutcome]
{
  keys.map { field.handle($0, in: context) }
}

private func typing(_ text: String) -> [Key] { text.map { Key.character($0) } }

@Suite struct FieldKindKeysTests {
  @Test func aNumberStepsWithinItsRangeAndTypingEditsIt() throws {
    var port = Field(try FieldSpec(id: "port", label: "Port", kind: .number(FieldKindsTests.port)))
    #expect(port.value == nil)
    #expect(press(&port, .up) == [.handled])
    #expect(port.value == .number(1024), "empty: starts at the minimum")
    #expect(press(&port, .up, .up, .pageUp) == [.handled, .handled, .handled])
    #expect(port.value == .number(1036))
    #expect(press(&port, .down, .pageDown, .pageDown) == [.handled, .handled, .handled])
    #expect(port.value == .number(1024), "never below the minimum")
    _ = port.set(text: "65530")
    _ = press(&port, .pageUp)
    #expect(port.value == .number(65535), "never above the maximum")
    _ = press(&port, .backspace, .backspace, .backspace, .backspace, .backspace)
    for key in typing("90a0") { _ = port.handle(key, in: context()) }
    #expect(port.input.text == "90a0", "what was typed is kept")
    #expect(port.value == nil)
    #expect(port.syntaxProblem?.message == "Port: must be a whole number, not \"90a0\"")
    #expect(port.validate(in: nil)?.message == "Port: must be a whole number, not \"90a0\"")
    if case .refused(let why) = port.handle(.up, in: context()) {
      #expect(why.contains("must be a whole number"))
    } else {
      Issue.record("↑ on letters is refused with the reason")
    }
    let price = NumberRules(
      min: DecimalValue(0), step: DecimalValue(units: 25, places: 2), decimals: 2)
    var cost = Field(try FieldSpec(id: "cost", label: "Cost", kind: .number(price)))
    _ = press(&cost, .up, .up, .up)
    #expect(cost.value == .decimal(DecimalValue(units: 50, places: 2)))
    #expect(cost.input.text == "0.50")
  }

  @Test func aMultichoiceTogglesAndSelectsAll() throws {
    var langs = Field(
      try FieldSpec(id: "langs", label: "Langs", kind: .multichoice(options: languages)))
    #expect(langs.value == .choices([]), "a multichoice always has a value")
    #expect(
      press(&langs, .character(" "), .down, .down, .character(" ")) == [
        .handled, .handled, .handled, .handled,
      ])
    #expect(langs.value == .choices(["swift", "python"]))
    _ = press(&langs, .down)
    if case .refused(let why) = langs.handle(.character(" "), in: context()) {
      #expect(why == "COBOL cannot be chosen: coming soon")
    } else {
      Issue.record("a disabled option is refused")
    }
    _ = press(&langs, .ctrl("a"))
    #expect(langs.value == .choices(["swift", "go", "python"]), "all that can be chosen")
    _ = press(&langs, .ctrl("a"))
    #expect(langs.value == .choices([]), "then none")
    _ = press(&langs, .home, .character(" "), .home, .character(" "))
    #expect(langs.value == .choices([]), "Space again unselects")
  }

  @Test func typingFiltersAListFuzzilyBestFirst() throws {
    let names = ["Go", "Python", "TypeScript", "Perl", "PHP", "Pascal", "Rust", "JavaScript"]
    var list = Field(
      try FieldSpec(
        id: "lang", label: "Language",
        kind: .choice(options: names.map { ChoiceOption($0.lowercased(), $0) })))
    _ = press(&list, .character("p"))
    #expect(list.list.filter == "p")
    let shown = (0..<list.list.count(of: names.count)).map { names[list.list.option(atRow: $0)] }
    #expect(shown.prefix(4) == ["Perl", "PHP", "Python", "Pascal"], "at the start, short first")
    #expect(
      shown.contains("TypeScript") && shown.contains("JavaScript"), "letters inside match too")
    #expect(!shown.contains("Go") && !shown.contains("Rust"))
    _ = press(&list, .character("y"))
    #expect(names[list.highlighted] == "Python", "py: Python first")
    #expect(press(&list, .character(" ")) == [.handled])
    #expect(list.value == .choice("python"))
    _ = press(&list, .character("x"), .character("x"))
    #expect(list.list.count(of: names.count) == 0, "no match")
    if case .refused(let why) = list.handle(.character(" "), in: context()) {
      #expect(why.contains("no option matches the filter"))
    } else {
      Issue.record("nothing to pick in an empty list")
    }
    let picked = list.pickHighlighted()
    #expect(picked != .handled, "Enter picks nothing")
    #expect(list.value == .choice("python"), "the choice is kept")
    _ = press(&list, .backspace, .backspace)
    #expect(list.list.filter == "py" && names[list.highlighted] == "Python", "Backspace edits")
    let cleared = list.clearFilter()
    #expect(cleared && list.list.filter.isEmpty)
    #expect(names[list.highlighted] == "Python", "the choice highlighted again")
    let again = list.clearFilter()
    #expect(!again, "nothing left to clear: Esc leaves the field")
    let search = try #require(list.spec.search)
    #expect(search.matchedPositions(of: 1, OptionSearch.fold("pyn")) == [0, 1, 5])
  }

  @Test func aKeyInALongListCostsWhatItShowsAndGivesWhatAFreshSearchGives() throws {
    // Backspace goes back to the shorter filter's matches (kept, not searched again), a
    // longer filter narrows them, Space keeps option order without scanning the options:
    // each must give what the plain way gives.
    let words = ["amber", "cedar", "ember", "frost", "raven", "tundra", "sierra", "meadow"]
    let options = (0..<400).map {
      ChoiceOption("o\($0)", "\(words[$0 % 8]) \(words[$0 / 8 % 8]) \($0)")
    }
    let spec = try FieldSpec(id: "o", label: "O", kind: .multichoice(options: options))
    let search = try #require(spec.search)
    func fresh(_ filter: String) -> [Int] {
      let folded = OptionSearch.fold(filter)
      let scored = options.indices.compactMap { index in
        OptionSearch.score(Array(options[index].title.lowercased().unicodeScalars), folded)
          .map { (score: $0, index: index) }
      }
      return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        .map(\.index)
    }
    var list = Field(spec)
    for (keys, filter) in [
      (typing("er"), "er"), (typing("a"), "era"), ([Key.backspace], "er"),
      ([Key.backspace], "e"), (typing("m"), "em"), ([Key.paste("b 1")], "emb 1"),
      ([Key.backspace, .backspace], "emb"),
    ] {
      for key in keys { _ = list.handle(key, in: context()) }
      #expect(list.list.filter == filter)
      #expect(list.list.matches == fresh(filter), "\(filter)")
      #expect(list.list.row == 0, "\(filter): the best match highlighted")
    }
    // Backspace keeps the longer filter's matches: the same character typed again is not
    // searched again, and gives what a fresh search gives.
    _ = list.handle(.backspace, in: context())
    #expect(list.list.filter == "em")
    #expect(list.list.later.map(\.filter) == ["emb 1", "emb ", "emb"])
    _ = list.handle(.character("b"), in: context())
    #expect(list.list.filter == "emb" && list.list.matches == fresh("emb"))
    #expect(list.list.later.map(\.filter) == ["emb 1", "emb "], "those that extend it stay")
    #expect(list.list.earlier.map(\.filter) == ["e", "em"])
    _ = list.handle(.character("x"), in: context())
    _ = list.handle(.backspace, in: context())
    _ = list.handle(.character("y"), in: context())
    #expect(list.list.filter == "emby" && list.list.matches == fresh("emby"))
    #expect(list.list.later.isEmpty, "a filter that does not extend this one is dropped")
    #expect(search.matches(OptionSearch.fold("zzz")).isEmpty)
    // Space in any order keeps the ids in option order, as `set` would write them.
    var many = Field(spec)
    for row in [7, 3, 399, 0, 3, 150] {
      _ = press(&many, .home)
      for _ in 0..<row { _ = many.handle(.down, in: context()) }
      _ = press(&many, .character(" "))
    }
    let ids = ["o0", "o7", "o150", "o399"]
    #expect(many.value == .choices(ids))
    #expect(FieldSpec.normalized(.choices(ids.reversed()), for: spec.kind) == .choices(ids))
  }

  @Test func aLongListMovesByPages() throws {
    let options = (1...100).map { ChoiceOption("o\($0)", "Option \($0)") }
    var list = Field(try FieldSpec(id: "o", label: "O", kind: .choice(options: options)))
    _ = press(&list, .pageDown)
    #expect(list.highlighted == 8 && list.list.top == 1)
    _ = press(&list, .end)
    #expect(list.highlighted == 99 && list.list.top == 92)
    _ = press(&list, .pageUp)
    #expect(list.highlighted == 91 && list.list.top == 91)
    _ = press(&list, .home)
    #expect(list.highlighted == 0 && list.list.top == 0)
    #expect(press(&list, .up) == [.ignored], "past the top: the focus moves")
  }

  @Test func aDateIsTypedIntoItsSlots() throws {
    var day = Field(try FieldSpec(id: "day", label: "Day", kind: .date(DateRules())))
    for key in typing("2025-3-14") { #expect(day.handle(key, in: context()) == .handled) }
    #expect(day.value == .text("2025-03-14"), "3 then a separator is 03")
    #expect(day.date.text == "2025-03-14")
    _ = press(&day, .left, .left, .up)
    #expect(day.value == .text("2025-03-15"), "↑ on the day")
    _ = press(&day, .home, .up)
    #expect(day.value == .text("2026-03-15"), "↑ on the year")
    _ = press(&day, .backspace)
    _ = press(&day, .end, .backspace)
    #expect(day.value == nil && day.date.text == "2026-03-1_")
    #expect(day.syntaxProblem?.message == "Day: the date 2026-03-1_ is not complete")
    if case .refused(let why) = day.handle(.character("q"), in: context()) {
      #expect(why.contains("type the date's digits"))
    } else {
      Issue.record("letters are refused in a date")
    }
    _ = press(&day, .character("t"))
    #expect(day.value == .text("2025-03-14"), "t is today, from the context")
    var empty = Field(try FieldSpec(id: "e", label: "E", kind: .date(DateRules(min: .today))))
    _ = press(&empty, .down)
    #expect(empty.value == .text("2025-03-14"), "↓ from nothing: today, within the range")
    _ = press(&empty, .down)
    #expect(empty.value == .text("2025-03-14"), "not before the minimum")
    var wrong = Field(try FieldSpec(id: "w", label: "W", kind: .date(DateRules())))
    for key in typing("20250230") { _ = wrong.handle(key, in: context()) }
    #expect(wrong.syntaxProblem?.message == "W: 2025-02-30 is not a date: that month has 28 days")
  }

  @Test func tabCompletesAPathFromTheFileSystem() throws {
    let files = context(files: [
      "src": .directory, "src/main.swift": .regularFile, "src/model.swift": .regularFile,
      "scripts": .directory, "README.md": .regularFile, ".git": .directory,
      "pipe": .fifo, "evil\u{1B}[31m": .regularFile,
    ])
    var path = Field(try FieldSpec(id: "p", label: "P", kind: .path(PathRules())))
    for key in typing("sr") { _ = path.handle(key, in: files) }
    #expect(press(&path, in: files, .tab) == [.handled])
    #expect(path.input.text == "src/", "one match: completed, with / for a folder")
    for key in typing("m") { _ = path.handle(key, in: files) }
    _ = press(&path, in: files, .tab)
    #expect(path.input.text == "src/m" && path.candidates == ["main.swift", "model.swift"])
    for key in typing("a") { _ = path.handle(key, in: files) }
    #expect(path.candidates.isEmpty, "typing hides them")
    _ = press(&path, in: files, .tab)
    #expect(path.input.text == "src/main.swift")
    var other = Field(try FieldSpec(id: "q", label: "Q", kind: .path(PathRules())))
    for key in typing("x") { _ = other.handle(key, in: files) }
    if case .refused(let why) = other.handle(.tab, in: files) {
      #expect(why == "Q: nothing starts with \"x\"")
    } else {
      Issue.record("nothing to complete is said")
    }
    var folders = Field(
      try FieldSpec(id: "d", label: "D", kind: .path(PathRules(kind: .directory))))
    for key in typing("s") { _ = folders.handle(key, in: files) }
    _ = press(&folders, in: files, .tab)
    #expect(folders.candidates == ["scripts/", "src/"], "only folders; hidden ones need a dot")
    var evil = Field(try FieldSpec(id: "e", label: "E", kind: .path(PathRules())))
    for key in typing("ev") { _ = evil.handle(key, in: files) }
    _ = press(&evil, in: files, .tab)
    #expect(evil.input.text == "evil\u{1B}[31m", "the name as it is; shown escaped")
  }

  @Test func aMultilineTextTakesEnterAndMovesByLines() throws {
    var notes = Field(try FieldSpec(id: "n", label: "Notes", kind: .text(lines: 3)))
    for key in typing("one") { _ = notes.handle(key, in: context()) }
    #expect(press(&notes, .enter) == [.handled])
    for key in typing("two words") { _ = notes.handle(key, in: context()) }
    #expect(notes.value == .text("one\ntwo words"))
    #expect(press(&notes, .up) == [.handled] && notes.input.cursor == 3, "same column, line above")
    #expect(press(&notes, .up) == [.ignored], "past the first line: the focus")
    _ = press(&notes, .down, .home)
    #expect(notes.input.cursor == 4)
    _ = press(&notes, .end)
    #expect(notes.input.cursor == 13)
    _ = notes.handle(.paste("a\r\nb\tc"), in: context())
    #expect(notes.value == .text("one\ntwo wordsa\nb    c"), "pasted lines kept, CR LF as LF")
  }

  @Test func aPasteTooLargeIsRefusedWholeAndLosesNothing() throws {
    var notes = Field(try FieldSpec(id: "n", label: "Notes", kind: .text(lines: 5)))
    _ = notes.type("kept")
    let mebibyte = String(repeating: "0123456789abcde\n", count: 65_536)
    if case .refused(let why) = notes.handle(.paste(mebibyte), in: context()) {
      #expect(why.contains("1048576 characters") && why.contains("nothing was pasted"))
    } else {
      Issue.record("a 1 MiB paste is refused")
    }
    #expect(notes.value == .text("kept"))
    var short = Field(try FieldSpec(id: "s", label: "S", kind: .text(), max: 5))
    _ = short.type("ab")
    #expect(short.handle(.paste("cdefgh"), in: context()) != .handled)
    #expect(short.value == .text("ab"))
    #expect(short.handle(.paste("cde"), in: context()) == .handled)
    #expect(short.value == .text("abcde"))
  }
}
