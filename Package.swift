// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "stepflow",
  products: [
    .library(name: "StepFlow", targets: ["StepFlow"]),
    .executable(name: "stepflow", targets: ["stepflow"]),
    .executable(name: "stepflow-bench", targets: ["StepFlowBench"]),
  ],
  targets: [
    .target(name: "StepFlow", linkerSettings: [.linkedLibrary("m")]),
    .executableTarget(name: "stepflow", dependencies: ["StepFlow"]),
    .executableTarget(
      name: "StepFlowBench", dependencies: ["StepFlow"], path: "Sources/StepFlowBench"),
    .target(
      name: "StepFlowTestSupport", dependencies: ["StepFlow"], path: "Tests/StepFlowTestSupport"),
    .testTarget(
      name: "StepFlowTests", dependencies: ["StepFlow", "StepFlowTestSupport"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "StepFlowCLITests", dependencies: ["stepflow", "StepFlow", "StepFlowTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
