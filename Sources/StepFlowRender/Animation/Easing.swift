/// Easing curves: map linear progress in 0…1 to eased progress in 0…1.
package enum Easing: Sendable {
  case linear
  case easeIn
  case easeOut
  case easeInOut

  /// The eased value of `t`, clamped to 0…1.
  package func callAsFunction(_ t: Double) -> Double {
    let x = min(1, max(0, t))
    switch self {
    case .linear: return x
    case .easeIn: return x * x * x
    case .easeOut:
      let y = 1 - x
      return 1 - y * y * y
    case .easeInOut:
      return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) * (-2 * x + 2) * (-2 * x + 2) / 2
    }
  }
}

extension Duration {
  /// The duration in milliseconds, as a floating-point number.
  package var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}

/// The fraction of an animation done at `now`: 0 before `start`, 1 after `start + duration`.
package func animationFraction(start: Duration, duration: Duration, now: Duration) -> Double {
  let (done, total): (Double, Double)
  // From the attoseconds as 64-bit numbers, which hold up to 9 s: `components` divides the
  // 128-bit count and `Double(Int128)` is slower still (this is asked several times a frame).
  if let whole = Int64(exactly: duration.attoseconds),
    let part = Int64(exactly: (now - start).attoseconds)
  {
    (done, total) = (Double(part), Double(whole))
  } else {
    (done, total) = ((now - start).milliseconds, duration.milliseconds)
  }
  guard total > 0 else { return 1 }
  return min(1, max(0, done / total))
}
