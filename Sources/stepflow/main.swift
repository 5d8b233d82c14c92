import StepFlowCLI

StepFlowCLI.exit(StepFlowCLI.main(StepFlowCLI.arguments()))
