// `import StepFlow` is all a program needs: the model, the renderer's canvas and components,
// and the runner (MultiSteps) come with it.
@_exported import StepFlowCore
@_exported import StepFlowRender
