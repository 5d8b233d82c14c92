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
    .testTarget(name: "StepFlowTests", dependencies: ["StepFlow"]),
    .testTarget(name: "StepFlowCLITests", dependencies: ["StepFlow"]),
  ],
  swiftLanguageModes: [.v6]
)
