import StepFlowCore

/// The progressors shown on one region and the times at which each fades in, ends and fades out.
///
/// The whole schedule is worked out when the indicator starts and when it ends, from the times
/// given, so that drawing is a pure function of `now`:
/// - starting, stage after stage (a `sync` group is one stage): each member fades in over
///   `fadingDuration`, then runs its own start animation; the next stage begins when the
///   slowest member of this one is done;
/// - ending, in reverse order of the stages, once the start is done: each member runs its
///   ending animation, then fades out; the indicator is gone when the first stage has faded out.
@usableFromInline package struct ProgressIndicator: Sendable {
  /// One progressor and its schedule.
  package struct Member: Sendable {
    package var view: any ProgressorView
    /// When its fade-in begins.
    package var fadeInStart: Duration
    /// When its fade-out begins, once ending is scheduled.
    package var fadeOutStart: Duration?
  }

  package private(set) var stages: [[Member]]
  /// The completion ratio last given, 0…1.
  package private(set) var progress: Double = 0
  /// When the last start animation finishes.
  package let startFinish: Duration
  /// When the last member has faded out, once ending is scheduled.
  package private(set) var endFinish: Duration?
  private let fadingDuration: Duration

  /// Makes the progressors of `types` and schedules their start from `now`.
  package init(
    _ types: [ProgressorType], at now: Duration, timing: ProgressTiming,
    registry: ProgressorRegistry
  ) throws(ProgressError) {
    fadingDuration = timing.fadingDuration
    var stages: [[Member]] = []
    var stageStart = now
    for stage in try registry.stages(for: types) {
      var members: [Member] = []
      var stageFinish = stageStart
      for start in stage {
        var view = start.view
        let shown = stageStart + timing.fadingDuration
        let animation = view.start(parameter: start.parameter, at: shown, timing: timing)
        stageFinish = max(stageFinish, shown + max(.zero, animation))
        members.append(Member(view: view, fadeInStart: stageStart))
      }
      stages.append(members)
      stageStart = stageFinish
    }
    self.stages = stages
    startFinish = stageStart
  }

  /// Whether a key may dismiss this indicator.
  package var isDismissable: Bool {
    stages.contains { $0.contains { $0.view.isDismissable } }
  }

  /// Whether the ending has been scheduled.
  package var isEnding: Bool { endFinish != nil }

  /// Passes a new ratio to every progressor; ignored once ending is scheduled.
  package mutating func update(_ ratio: Double) {
    guard endFinish == nil else { return }
    progress = min(1, max(0, ratio.isNaN ? 0 : ratio))
    for s in stages.indices {
      for m in stages[s].indices { stages[s][m].view.update(progress: progress) }
    }
  }

  /// Schedules the ending from `now` (or from the end of the start, if that is later).
  /// - Returns: when the indicator will be gone.
  @discardableResult
  package mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    if let endFinish { return endFinish }
    var stageStart = max(now, startFinish)
    for s in stages.indices.reversed() {
      var stageFinish = stageStart
      for m in stages[s].indices {
        let animation = max(.zero, stages[s][m].view.end(at: stageStart, timing: timing))
        let fadeOut = stageStart + animation
        stages[s][m].fadeOutStart = fadeOut
        stageFinish = max(stageFinish, fadeOut + fadingDuration)
      }
      stageStart = stageFinish
    }
    endFinish = stageStart
    return stageStart
  }

  /// How visible a member is at `now`, 0…1.
  private func opacity(of member: Member, at now: Duration) -> Double {
    guard now >= member.fadeInStart else { return 0 }
    var opacity = animationFraction(start: member.fadeInStart, duration: fadingDuration, now: now)
    if let fadeOut = member.fadeOutStart, now >= fadeOut {
      let gone = animationFraction(start: fadeOut, duration: fadingDuration, now: now)
      opacity = min(opacity, 1 - gone)
    }
    return opacity
  }

  /// Draws every visible member in start order (backdrops first), fading those that fade.
  package func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    for stage in stages {
      for member in stage {
        let opacity = opacity(of: member, at: now)
        if opacity <= 0 { continue }
        if opacity >= 1 {
          member.view.render(into: &canvas, area: area, at: now, glyphs: glyphs)
        } else {
          var drawn = canvas
          member.view.render(into: &drawn, area: area, at: now, glyphs: glyphs)
          canvas = ProgressFade.composite(
            below: canvas, drawn: drawn, area: area, opacity: opacity)
        }
      }
    }
  }

  /// The next time after `now` at which the drawing changes: a fade's next frame or its
  /// boundaries, or a member's own next frame; `nil` when nothing moves.
  package func nextFrame(after now: Duration, frameInterval: Duration) -> Duration? {
    var next: Duration? = nil
    func consider(_ time: Duration?) {
      guard let time, time > now else { return }
      next = min(next ?? time, time)
    }
    let step = max(frameInterval, .milliseconds(1))
    for stage in stages {
      for member in stage {
        if let endFinish, now >= endFinish { return nil }
        let fadeIn = member.fadeInStart
        if now < fadeIn {
          consider(fadeIn)
          continue
        }
        if now < fadeIn + fadingDuration { consider(min(now + step, fadeIn + fadingDuration)) }
        if let fadeOut = member.fadeOutStart {
          if now < fadeOut {
            consider(fadeOut)
          } else if now < fadeOut + fadingDuration {
            consider(min(now + step, fadeOut + fadingDuration))
            continue
          } else {
            continue
          }
        }
        consider(member.view.nextFrame(after: now))
      }
    }
    return next
  }
}
