import Glibc
import StepFlowCore
import StepFlowRender

// Drawing: the program's view (or the too-small screen), full screen or inline.
extension SessionLoop {

  /// Draws the program's view (or the too-small screen) and writes what changed.
  mutating func draw<P: TerminalProgram>(_ program: P, at t: Duration) -> Int32? {
    needsDraw = false
    lastFrame = t
    if isInline { return drawInline(program, at: t) }
    let minimum = program.minimumSize
    let maximum = TerminalSession.maximumSize
    let canvas: Canvas
    if size.width < minimum.width || size.height < minimum.height {
      canvas = TooSmallScreen(
        need: minimum, have: size, glyphs: options.glyphs, quitHint: program.quitHint
      ).canvas()
    } else if size.width > maximum.width || size.height > maximum.height {
      canvas = TooSmallScreen.tooLarge(
        most: maximum, have: size, glyphs: options.glyphs, quitHint: program.quitHint
      ).canvas()
    } else {
      canvas = program.view(width: size.width, height: size.height, at: t)
    }
    var bytes = writer.frame(canvas)
    guard !bytes.isEmpty else { return nil }
    if frameCut {
      bytes.insert(0x18, at: 0)  // CAN: end whatever sequence the cut frame left open.
      frameCut = false
    }
    switch tty.write(bytes, interruptFD: signals.readFD) {
    case .written: return nil
    case .failed: return ExitCode.hangUp
    case .interrupted:
      // A signal came while the terminal held the output back: repaint after handling it.
      frameCut = true
      repaint()
      return nil
    }
  }

  /// Inline: the program's rows (or the too-small message in at most two), relative to the
  /// last frame; a cut-off frame is finished first.
  mutating func drawInline<P: TerminalProgram>(_ program: P, at t: Duration) -> Int32? {
    guard flushPending() else { return ExitCode.hangUp }
    guard pendingOutput.isEmpty else {
      needsDraw = true
      return nil
    }
    let minimum = program.inlineMinimumSize
    let canvas: Canvas
    if size.width < minimum.width || size.height < minimum.height {
      canvas = TooSmallScreen(
        need: minimum, have: (size.width, min(size.height, 2)), glyphs: options.glyphs,
        quitHint: program.quitHint
      ).canvas()
    } else {
      canvas = program.inlineView(width: size.width, maxHeight: size.height, at: t)
    }
    let bytes = writer.frame(canvas)
    TerminalModes.setInlineTail(writer.tailBytes)
    guard !bytes.isEmpty else { return nil }
    return output(bytes) ? nil : ExitCode.hangUp
  }

  /// Forgets the screen: the next frame repaints everything.
  mutating func repaint() {
    writer.invalidate()
    needsDraw = true
  }

}
