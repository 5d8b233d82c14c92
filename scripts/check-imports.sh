#!/usr/bin/env bash
# Checks the import rules of ARCHITECTURE.md: each target imports only the targets below it
# (and the system modules it is allowed). SwiftPM builds a module that imports a target it does
# not list as a dependency whenever that target happens to be built, so the rule is checked
# here, by reading the sources, on every CI run.
set -euo pipefail
cd "$(dirname "$0")/.."

# target: the modules its sources may import (besides itself).
declare -A allowed=(
  [StepFlowJSON]=""
  [StepFlowCore]="StepFlowJSON"
  [StepFlowRender]="StepFlowJSON StepFlowCore"
  [StepFlowTerminal]="StepFlowJSON StepFlowCore StepFlowRender Glibc"
  [StepFlowWizards]="StepFlowJSON StepFlowCore"
  [StepFlow]="StepFlowJSON StepFlowCore StepFlowRender StepFlowTerminal StepFlowWizards"
  [StepFlowCLI]="StepFlowJSON StepFlowCore StepFlowRender StepFlowTerminal StepFlowWizards StepFlow"
  [stepflow]="StepFlowCLI"
)
# Modules of the toolchain that are not a platform layer: every target may use them.
common="Synchronization"

status=0
for target in "${!allowed[@]}"; do
  ok=" ${allowed[$target]} $common "
  while IFS= read -r line; do
    file=${line%%:*}
    module=$(sed -E 's/^.*import[[:space:]]+([A-Za-z_]+).*$/\1/' <<<"${line#*:}")
    if [[ "$ok" != *" $module "* ]]; then
      echo "import rule broken: $file ($target) imports $module" >&2
      status=1
    fi
  done < <(grep -rHE '^\s*(@[A-Za-z_]+\s+)?import\s+[A-Za-z_]+' "Sources/$target" --include='*.swift' || true)
done
# Foundation never enters the product.
if grep -rlE '^\s*import\s+Foundation' Sources; then
  echo "import rule broken: Foundation is imported by the product" >&2
  status=1
fi
exit $status
