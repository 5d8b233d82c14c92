import StepFlowText

/// The progressors an indicator is made of; start an indicator with any
/// combination, in the order they should appear.
public enum ProgressorType: Sendable {
  /// Members that fade in together and end together (by default each waits for the previous).
  case sync([ProgressorType])
  /// A colour backdrop over the region.
  case color(ColorProgressorParameter = ColorProgressorParameter())
  /// A backdrop that dims what is underneath.
  case blur(BlurProgressorParameter = .standard)
  /// An activity indicator: a spinner.
  case spinner(SpinnerProgressorParameter = SpinnerProgressorParameter())
  /// A bar along the top or bottom edge.
  case bar(BarProgressorParameter = BarProgressorParameter())
  /// A ring of braille dots centred in the region.
  case ring(RingProgressorParameter = RingProgressorParameter())
  /// The percentage as text, centred.
  case label(LabelProgressorParameter = LabelProgressorParameter())
  /// A key dismisses the indicator (Esc, Enter, Space, `q`).
  case dismissable
  /// A progressor registered with ``ProgressorRegistry/register(_:identifier:)``; `parameter` is
  /// passed to its `prepare(parameter:)` and `start(parameter:at:timing:)`.
  case custom(identifier: String, parameter: (any Sendable)? = nil)

  /// The spinner, by the name of an activity indicator.
  public static var activityIndicator: ProgressorType { .spinner() }
}

/// Why an indicator could not be started.
public enum ProgressError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `.custom(identifier:)` names a progressor that was never registered.
  case unknownProgressor(identifier: String, registered: [String])

  /// Why, with the registered identifiers and a did-you-mean.
  public var description: String {
    switch self {
    case .unknownProgressor(let identifier, let registered):
      let known =
        registered.isEmpty
        ? "no custom progressor is registered"
        : "registered: " + registered.joined(separator: ", ")
      return "unknown progressor \"\(Sanitizer.sanitize(identifier))\""
        + Suggestions.hint(for: identifier, in: registered) + " (" + known + ")"
    }
  }
}

/// The custom progressors known by identifier (``ProgressIndicators/register(_:identifier:)``),
/// held as a value so that each set of indicators has its own and no global state is shared.
public struct ProgressorRegistry: Sendable {
  private var makers: [String: @Sendable () -> any ProgressorView] = [:]

  /// A registry with nothing registered.
  public init() {}

  /// Registers a progressor type under an identifier, replacing any earlier one with that name.
  public mutating func register<P: ProgressorView>(_ type: P.Type, identifier: String) {
    makers[identifier] = { P() }
  }

  /// Registers a progressor made by a closure (for one that needs more than `init()`).
  public mutating func register(
    identifier: String, making make: @escaping @Sendable () -> any ProgressorView
  ) {
    makers[identifier] = make
  }

  /// The registered identifiers, sorted.
  public var identifiers: [String] { makers.keys.sorted() }

  /// A fresh progressor registered under `identifier`.
  /// - Throws: ``ProgressError/unknownProgressor(identifier:registered:)`` with the known names.
  public func make(identifier: String) throws(ProgressError) -> any ProgressorView {
    guard let make = makers[identifier] else {
      throw .unknownProgressor(identifier: identifier, registered: identifiers)
    }
    return make()
  }

  /// The progressors of a list of types, grouped into stages: one stage per type, the members of a
  /// `sync` sharing one stage.
  ///
  /// Custom progressors are made and prepared here.
  package func stages(for types: [ProgressorType]) throws(ProgressError) -> [[ProgressorStart]] {
    var stages: [[ProgressorStart]] = []
    for type in types {
      var stage: [ProgressorStart] = []
      try collect(type, into: &stage)
      if !stage.isEmpty { stages.append(stage) }
    }
    return stages
  }

  private func collect(_ type: ProgressorType, into stage: inout [ProgressorStart])
    throws(ProgressError)
  {
    switch type {
    case .sync(let members):
      for member in members { try collect(member, into: &stage) }
    case .color(let parameter): stage.append(ProgressorStart(ColorProgressor(parameter)))
    case .blur(let parameter): stage.append(ProgressorStart(BlurProgressor(parameter)))
    case .spinner(let parameter): stage.append(ProgressorStart(SpinnerProgressor(parameter)))
    case .bar(let parameter): stage.append(ProgressorStart(BarProgressor(parameter)))
    case .ring(let parameter): stage.append(ProgressorStart(RingProgressor(parameter)))
    case .label(let parameter): stage.append(ProgressorStart(LabelProgressor(parameter)))
    case .dismissable: stage.append(ProgressorStart(DismissableProgressor()))
    case .custom(let identifier, let parameter):
      var view = try make(identifier: identifier)
      view.prepare(parameter: parameter)
      stage.append(ProgressorStart(view, parameter: parameter))
    }
  }
}

/// A progressor about to be started, with the parameter its `start` receives.
package struct ProgressorStart: Sendable {
  package var view: any ProgressorView
  package var parameter: (any Sendable)?

  package init(_ view: any ProgressorView, parameter: (any Sendable)? = nil) {
    self.view = view
    self.parameter = parameter
  }
}
