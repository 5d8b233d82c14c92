import StepFlow
import StepFlowCLI
import StepFlowTerminal

/// What one move cost on the screen: the frames drawn and the bytes sent for them.
struct MoveFrames {
  var frames = 0
  var bytes = 0
}

/// A program and the terminal it draws on, as the interactive loop keeps them.
struct Screen {
  var program: FlowProgram
  var writer = FrameWriter(depth: .truecolor)
  let width: Int
  let height: Int
  /// The program's clock: where the next move starts.
  var now: Duration = .zero

  init(flow: FlowDefinition, animate: Bool, width: Int, height: Int) {
    program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, animate: animate))
    self.width = width
    self.height = height
    _ = program.handle(.resize(width: width, height: height), at: .zero)
    _ = draw(at: .zero)
  }

  /// One frame at `now`, through the frame writer: its bytes.
  mutating func draw(at now: Duration) -> Int {
    writer.frame(program.view(width: width, height: height, at: now)).count
  }

  /// A command as the loop runs it: applied, drawn, then drawn again at each deadline the
  /// program asks for (each a tick) until it asks for none.
  mutating func move(_ command: Command) -> MoveFrames {
    defer { now += .seconds(1) }
    var result = MoveFrames()
    program.apply(command, at: now)
    result.bytes += draw(at: now)
    result.frames += 1
    while let next = program.nextDeadline(after: now), result.frames < 1000 {
      now = next
      _ = program.handle(.tick, at: now)
      result.bytes += draw(at: now)
      result.frames += 1
    }
    return result
  }
}

/// Runs each case's body once a round, interleaved, each after its own untimed setup; the
/// fastest round of each.
func bestInterleaved(rounds: Int = 7, prepared cases: [() -> () -> Void]) -> [Duration] {
  var fastest = Array(repeating: Duration.seconds(1_000_000), count: cases.count)
  for _ in 0..<(Bench.isSmoke ? 1 : rounds) {
    for (i, prepare) in cases.enumerated() {
      let body = prepare()
      let start = Platform.monotonicNow()
      body()
      fastest[i] = min(fastest[i], Platform.monotonicNow() - start)
    }
  }
  return fastest
}

/// The moves of a running session, as a user makes them one after another: each `back` or
/// `next` between the cart and the payment step after a first `next` (whose figure is the
/// cold one); the time of one, in µs, for the still and the animated session of each size.
func warmMoves(flow: FlowDefinition, sizes: [(width: Int, height: Int)], moves: Int) -> [Double] {
  var cases: [() -> () -> Void] = []
  for size in sizes {
    for animate in [false, true] {
      cases.append {
        var screen = Screen(flow: flow, animate: animate, width: size.width, height: size.height)
        _ = screen.move(.next)
        return {
          for i in 0..<moves { checksum &+= screen.move(i & 1 == 0 ? .back : .next).bytes }
        }
      }
    }
  }
  return bestInterleaved(rounds: 9, prepared: cases).map { $0.milliseconds * 1000 / Double(moves) }
}

/// Animated step moves against the still move, at 80x24 and 400x120: CPU and bytes.
///
/// The first figures are cold moves: each `next` in a program of its own, just started (its
/// canvases made at that move). The "running session" figures are the moves after it.
func animationBenchmark() {
  let flow = OrderState.flow
  let big = (width: Bench.size(400, smoke: 100), height: Bench.size(120, smoke: 30))
  let sizes = [(width: 80, height: 24), big]
  // Per size: the still move, then the animated one; `next` from the cart, 20 moves a round.
  let moves = Bench.iterations(20)
  var figures: [MoveFrames] = []
  var cases: [() -> () -> Void] = []
  for size in sizes {
    for animate in [false, true] {
      var probe = Screen(flow: flow, animate: animate, width: size.width, height: size.height)
      figures.append(probe.move(.next))
      cases.append {
        var screens = (0..<moves).map { _ in
          Screen(flow: flow, animate: animate, width: size.width, height: size.height)
        }
        return {
          for i in screens.indices { checksum &+= screens[i].move(.next).bytes }
        }
      }
    }
  }
  let times = bestInterleaved(rounds: 9, prepared: cases).map {
    $0.milliseconds * 1000 / Double(moves)
  }
  let (still80, animated80, still400, animated400) = (times[0], times[1], times[2], times[3])
  let name = "\(big.width)x\(big.height)"
  report(
    "purchase next, 80x24: still / animated (\(figures[1].frames) frames)",
    format(still80) + " / " + format(animated80) + " µs", aim: "")
  report(
    "purchase next, \(name): still / animated (\(figures[3].frames) frames)",
    format(still400) + " / " + format(animated400) + " µs", aim: "")
  reportRatio(
    "animated move CPU, \(name) over 80x24", animated400 / animated80, of: "", aim: "<= 2x")
  reportRatio(
    "animated move CPU over the still move, \(name)", animated400 / still400, of: "",
    aim: "<= 3x")
  reportRatio(
    "animated move CPU over the still move, 80x24", animated80 / still80, of: "", aim: "")
  let warm = warmMoves(flow: flow, sizes: sizes, moves: moves)
  report(
    "running session, back/next, 80x24: still / animated",
    format(warm[0]) + " / " + format(warm[1]) + " µs", aim: "")
  report(
    "running session, back/next, \(name): still / animated",
    format(warm[2]) + " / " + format(warm[3]) + " µs", aim: "")
  reportRatio(
    "running session: animated move CPU, \(name) over 80x24", warm[3] / warm[1], of: "",
    aim: "<= 2x")
  reportRatio(
    "running session: animated over still, \(name)", warm[3] / warm[2], of: "", aim: "<= 3x")
  report(
    "bytes for next, 80x24: still / animated", "\(figures[0].bytes) / \(figures[1].bytes) B",
    aim: "")
  report(
    "bytes for next, \(name): still / animated", "\(figures[2].bytes) / \(figures[3].bytes) B",
    aim: "")
  reportRatio(
    "animated move bytes over the still move's, 80x24",
    Double(figures[1].bytes) / Double(max(1, figures[0].bytes)), of: "", aim: "<= 4x")
  reportRatio(
    "animated move bytes over the still move's, \(name)",
    Double(figures[3].bytes) / Double(max(1, figures[2].bytes)), of: "", aim: "<= 4x")
}

/// The cold animated move at 400x120 in a loop, each in a program of its own, for perf or
/// valgrind (`stepflow-bench animation-profile`).
func animationProfile() {
  let flow = OrderState.flow
  for _ in 0..<Bench.iterations(300) {
    var screen = Screen(flow: flow, animate: true, width: 400, height: 120)
    checksum &+= screen.move(.next).bytes
  }
}

/// Where a move's time goes, frame by frame: in a running session (`back`/`next` after a first
/// `next`), the mean time to draw each frame (`view`) and to turn it into bytes (`write`), for
/// the still move's one frame and the animated move's first, second, middle and last frames.
func animationFramesBenchmark() {
  let flow = OrderState.flow
  let big = (width: Bench.size(400, smoke: 100), height: Bench.size(120, smoke: 30))
  let moves = Bench.iterations(1000)
  for size in [(width: 80, height: 24), big] {
    for animate in [false, true] {
      var screen = Screen(flow: flow, animate: animate, width: size.width, height: size.height)
      _ = screen.move(.next)
      var view: [Duration] = []
      var write: [Duration] = []
      for i in 0..<moves {
        var now = screen.now
        screen.program.apply(i & 1 == 0 ? .back : .next, at: now)
        var frame = 0
        while true {
          let start = Platform.monotonicNow()
          let canvas = screen.program.view(width: size.width, height: size.height, at: now)
          let drawn = Platform.monotonicNow()
          checksum &+= screen.writer.frame(canvas).count
          let written = Platform.monotonicNow()
          if frame == view.count { (view, write) = (view + [.zero], write + [.zero]) }
          view[frame] += drawn - start
          write[frame] += written - drawn
          frame += 1
          guard let next = screen.program.nextDeadline(after: now) else { break }
          now = next
          _ = screen.program.handle(.tick, at: now)
        }
        screen.now = now + .seconds(1)
      }
      let perMove = { (d: Duration) in d.milliseconds * 1000 / Double(moves) }
      let pair = { (i: Int) in format(perMove(view[i])) + " + " + format(perMove(write[i])) + " µs"
      }
      let name = "\(size.width)x\(size.height)"
      guard animate, view.count > 3 else {
        report("\(name) still move, its frame: view + write", pair(0), aim: "")
        continue
      }
      let middle = 2..<(view.count - 1)
      let each = { (times: [Duration]) in
        format(middle.map { perMove(times[$0]) }.reduce(0, +) / Double(middle.count))
      }
      report(
        "\(name) animated, frames 1 / 2: view + write", pair(0) + " / " + pair(1), aim: "")
      report(
        "\(name) animated, each of frames 3-\(view.count - 1) / the last",
        each(view) + " + " + each(write) + " µs / " + pair(view.count - 1), aim: "")
    }
  }
}

/// A running session's moves at 400x120, still and then animated, for perf or valgrind.
///
/// `stepflow-bench animation-frames-profile`; each part runs in a function of its own, so that
/// callgrind counts one alone:
/// `valgrind --tool=callgrind --toggle-collect='*animatedSessionMoves*' stepflow-bench …`.
func animationFramesProfile() {
  stillSessionMoves()
  animatedSessionMoves()
}

@inline(never) func stillSessionMoves() { sessionMoves(animate: false) }

@inline(never) func animatedSessionMoves() { sessionMoves(animate: true) }

/// `back`/`next` between the cart and the payment step after a first `next`, 100 moves; the
/// first frame of each move drawn and written in a function of its own (`'*firstFrame*'`; an
/// animated move's `'*firstSlideFrame*'`),
/// each frame after it and before the last drawn and written in others
/// (`'*middleFrameView*'`, `'*middleFrameWrite*'`), and the last in one more
/// (`'*lastFrame*'`).
private func sessionMoves(animate: Bool) {
  var screen = Screen(flow: OrderState.flow, animate: animate, width: 400, height: 120)
  _ = screen.move(.next)
  for i in 0..<Bench.iterations(100) {
    var now = screen.now
    screen.program.apply(i & 1 == 0 ? .back : .next, at: now)
    // The deadlines asked once a frame, as the loop asks them (``Screen/move(_:)``).
    var deadline: Duration?
    if animate {
      let (bytes, next) = firstSlideFrame(&screen, at: now)
      (checksum, deadline) = (checksum &+ bytes, next)
    } else {
      checksum &+= firstFrame(&screen, at: now)
      deadline = screen.program.nextDeadline(after: now)
    }
    while let next = deadline {
      now = next
      _ = screen.program.handle(.tick, at: now)
      deadline = screen.program.nextDeadline(after: now)
      guard deadline != nil else {
        checksum &+= lastFrame(&screen, at: now)
        break
      }
      let canvas = middleFrameView(&screen, at: now)
      checksum &+= middleFrameWrite(&screen, canvas)
    }
    screen.now = now + .seconds(1)
  }
}

/// The last frame of a move, drawn and written: its bytes.
///
/// It sets the clock where the move ends, as the loop does after it: that keeps its body apart
/// from ``firstFrame(_:at:)``'s (the optimizer folds functions with the same body into one
/// symbol, which callgrind cannot tell apart).
@inline(never) func lastFrame(_ screen: inout Screen, at now: Duration) -> Int {
  defer { screen.now = now + .seconds(1) }
  return screen.draw(at: now)
}

/// The first frame of a move, drawn and written: its bytes.
@inline(never) func firstFrame(_ screen: inout Screen, at now: Duration) -> Int {
  screen.writer.frame(screen.program.view(width: screen.width, height: screen.height, at: now))
    .count
}

/// The first frame of an animated move, drawn and written: its bytes, and when the program
/// asks for the next frame.
///
/// Apart from the still move's (``firstFrame(_:at:)``): the first frame of a slide draws its
/// two screens.
@inline(never) func firstSlideFrame(_ screen: inout Screen, at now: Duration) -> (Int, Duration?) {
  let bytes = screen.writer.frame(
    screen.program.view(width: screen.width, height: screen.height, at: now)
  ).count
  return (bytes, screen.program.nextDeadline(after: now))
}

@inline(never) func middleFrameView(_ screen: inout Screen, at now: Duration) -> Canvas {
  screen.program.view(width: screen.width, height: screen.height, at: now)
}

@inline(never) func middleFrameWrite(_ screen: inout Screen, _ canvas: Canvas) -> Int {
  screen.writer.frame(canvas).count
}
