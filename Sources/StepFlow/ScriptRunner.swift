import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

/// Runs a flow from script lines, one command at a time, on a virtual clock that only `tick`
/// moves: frames and text come out exactly the same on every run.
package struct ScriptRunner {
  /// How frames are printed (`--frames`).
  package struct FrameSettings: Sendable {
    package var width: Int
    package var height: Int
    /// Colour depth for styled frames; `nil` for plain text.
    package var depth: ColorDepth?

    package init(width: Int, height: Int, depth: ColorDepth?) {
      self.width = width
      self.height = height
      self.depth = depth
    }
  }

  /// What a line did to the run.
  package enum Step: Equatable, Sendable {
    /// Carry on with the next line.
    case next
    /// The flow ended (finished or cancelled); later lines are not run.
    case ended
    /// The line is not a command: the run stops with exit 65.
    case invalid(String)
    /// A signal came while a task ran: the tasks were stopped; the run ends with this code
    /// (128 + n) and prints no result.
    case interrupted(Int32)
  }

  package private(set) var program: FlowProgram
  package private(set) var now: Duration = .zero
  private var frameNumber = 0
  private let frames: FrameSettings?
  /// Where frames go (stdout).
  private let writeFrame: (String) -> Void
  /// Where the text form goes after each line when `announce` (stderr).
  private let writeNotice: (String) -> Void
  /// Where a refused command is told when not announcing, in words (`command 2: next: …`).
  private let writeRefusal: (String) -> Void
  private let announce: Bool
  /// What runs the tasks: a command that starts one hands it over, and the next command waits
  /// until it has ended (so a script's frames and text come out the same on every run when
  /// the commands' output does).
  private var driver: any TaskDriver
  /// The last command run, as refusals name it (`command 2: next`).
  private var lastCommand: String?
  /// Plain mode's progress lines: the last one printed, and when.
  private var progressLine: (text: String, tenth: Int, at: Duration)?
  /// Whether announcing mode tells the whole screen in words after each line (a script from
  /// stdin), or only what tasks do (a conversation says what it asks itself).
  package var screenAfterEachLine = true
  /// What the last command was refused with, if it was.
  package private(set) var lastRefusal: String?

  package init(
    program: FlowProgram, frames: FrameSettings?, announce: Bool,
    driver: any TaskDriver = ExecutorDriver(),
    writeFrame: @escaping (String) -> Void, writeNotice: @escaping (String) -> Void,
    writeRefusal: @escaping (String) -> Void
  ) {
    self.program = program
    self.frames = frames
    self.announce = announce
    self.driver = driver
    self.writeFrame = writeFrame
    self.writeNotice = writeNotice
    self.writeRefusal = writeRefusal
  }

  /// Prints frame 0 (`start`) and, in announcing mode, the starting state; a task that starts
  /// with the first step is handed over.
  package mutating func start() {
    emitFrame(label: "start")
    if announce, screenAfterEachLine {
      writeNotice(program.accessibleText().joined(separator: "\n") + "\n\n")
    }
    handOver()
  }

  /// The script has ended: waits for the tasks that still run (an automatic run goes on
  /// meanwhile), then stops whatever is left.
  /// - Returns: 128 + n when a signal came while waiting (the tasks were stopped).
  package mutating func finish() -> Int32? {
    let code = settle()
    driver.shutdown()
    return code
  }

  /// Waits until no task runs (the program is given what happens meanwhile), as the next
  /// command would.
  /// - Returns: 128 + n when a signal came while waiting (the tasks were stopped).
  package mutating func waitForTasks() -> Int32? { settle() }

  /// Hands the program's effects to the driver.
  private mutating func handOver() {
    let effects = program.takeEffects()
    if !effects.isEmpty { driver.perform(effects) }
  }

  /// Waits until no task runs, giving the program what happens meanwhile.
  private mutating func settle() -> Int32? {
    handOver()
    while program.state.tasks.values.contains(where: { $0.status == .running })
      || program.state.fieldTasks.values.contains(where: \.isRunning)
    {
      switch driver.next() {
      case .events(let events):
        for event in events {
          let outcome = program.receive(event, at: now)
          // A check that refuses the value refuses the command that started it.
          if case .refused(let text)? = outcome, !announce, let started = lastCommand {
            writeRefusal("\(started): \(text)")
          }
          if announce { announceProgress(event) }
        }
        handOver()
      case .signalled(let code):
        return code
      case .idle:
        return nil
      }
    }
    return nil
  }

  /// The least time between two of plain mode's progress lines.
  package static let progressInterval: Duration = .seconds(2)

  /// Plain mode while a task runs: a line when its percentage changed, at most once every
  /// ``progressInterval`` (`Build: 40%`); the whole screen in words when it ends.
  private mutating func announceProgress(_ event: TaskEvent) {
    guard case .step(let index) = event.id.subject else { return }
    if case .ended = event {
      progressLine = nil
      writeNotice(program.accessibleText().joined(separator: "\n") + "\n\n")
      return
    }
    guard let activity = program.tasks.activities[index], let fraction = activity.fraction else {
      return
    }
    let percent = Int((fraction * 100).rounded(.down))
    let text = FlowMachine.taskName(index, program.flow) + ": \(percent)%"
    let clock = Platform.monotonicNow()
    // No more than a line every few seconds: a screen reader reads each one out.
    if let last = progressLine, last.text == text || clock - last.at < Self.progressInterval {
      return
    }
    progressLine = (text, percent / 10, clock)
    writeNotice(Sanitizer.sanitize(text) + "\n")
  }

  /// Whether a line is a command, without running it.
  package func check(_ line: String, where location: String) -> Step {
    do {
      _ = try Command.parse(line)
      return .next
    } catch {
      return .invalid("\(location): \(error.message)")
    }
  }

  /// Runs one script line; `where` names it in messages (`script line 3`, `command 3`).
  package mutating func run(line: String, where location: String) -> Step {
    // The command after one that started a task waits until it has ended.
    if let code = settle() { return .interrupted(code) }
    guard program.state.status == .running else { return .ended }
    let command: Command
    do {
      command = try Command.parse(line)
    } catch {
      return .invalid("\(location): \(error.message)")
    }
    return perform(command, where: location, label: Command.trim(line))
  }

  /// Runs one command (a conversation's answer, given as typed: no quoting to undo).
  package mutating func run(_ command: Command, where location: String) -> Step {
    if let code = settle() { return .interrupted(code) }
    guard program.state.status == .running else { return .ended }
    return perform(command, where: location, label: command.text)
  }

  private mutating func perform(_ command: Command, where location: String, label: String)
    -> Step
  {
    if case .tick(let ms) = command { now += .milliseconds(ms) }
    lastCommand = "\(location): \(command.text)"
    let outcome = program.apply(command, at: now)
    lastRefusal = nil
    if case .refused(let text) = outcome {
      lastRefusal = text
      if !announce { writeRefusal("\(location): \(command.text): \(text)") }
    }
    emitFrame(label: label)
    if announce, screenAfterEachLine {
      writeNotice(program.accessibleText().joined(separator: "\n") + "\n\n")
    }
    handOver()
    return program.state.status == .running ? .next : .ended
  }

  /// `quit` or `reset` typed by a person once something is answered: the y/n question is
  /// asked instead (as their keys ask it).
  /// - Returns: whether it was asked.
  package mutating func asks(_ command: Command) -> Bool {
    guard command == .quit || command == .reset, program.state.status == .running,
      program.state.pendingConfirmation == nil, program.state.hasAnswers(flow: program.flow)
    else { return false }
    program.ask(command == .quit ? .quit : .reset)
    return true
  }

  /// A line a person typed in plain mode on a terminal: `quit` and `reset` (`q`, `r`) ask
  /// y/n first once something is answered, as their keys do on the screen, and `y` or `n`
  /// answers.
  /// - Returns: the line to run, or `nil` when the line asked the question (announced).
  package mutating func typed(_ line: String) -> String? {
    let word = Command.trim(line).lowercased()
    if program.state.pendingConfirmation != nil {
      if ["y", "yes"].contains(word) { return "press y" }
      if ["n", "no"].contains(word) { return "press n" }
      return line
    }
    guard let command = try? Command.parse(line), command == .quit || command == .reset,
      program.state.status == .running, program.state.hasAnswers(flow: program.flow)
    else { return line }
    program.ask(command == .quit ? .quit : .reset)
    if announce { writeNotice(program.accessibleText().joined(separator: "\n") + "\n\n") }
    return nil
  }

  private mutating func emitFrame(label: String) {
    guard let frames else { return }
    let canvas = program.view(width: frames.width, height: frames.height, at: now)
    let lines =
      frames.depth.map { ANSI.styledLines(of: canvas, depth: $0) } ?? canvas.plainLines()
    // The header is drawn like the frame: ASCII in the ASCII glyph set.
    let header = Symbols.asciiSafe(Sanitizer.sanitize(label), style: program.options.glyphs)
    var text = "--- frame \(frameNumber): \(header) ---\n"
    for line in lines {
      text += line
      text += "\n"
    }
    writeFrame(text)
    frameNumber += 1
  }
}
