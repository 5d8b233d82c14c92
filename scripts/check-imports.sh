#!/usr/bin/env bash
# Checks the import rules of ARCHITECTURE.md: each target imports only the targets below it
# (and the system modules it is allowed), and Foundation never enters the product. SwiftPM
# builds a module that imports a target it does not list as a dependency whenever that target
# happens to be built, so the rule is checked here, by reading the sources, on every CI run.
#
# Every form of import counts: `import M`, with an access level (`public`, `package`,
# `internal`, `private`, `fileprivate`), with attributes (`@_exported`, `@testable`,
# `@preconcurrency`, `@_spi(X)`), of one declaration (`import struct M.T`) or a submodule
# (`import M.Sub`), and several on a line separated by `;`.
#
# Usage: scripts/check-imports.sh [ROOT]   (ROOT: the package to check; default: this one)
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"

# target: the modules its sources may import (besides itself).
declare -A allowed=(
  [StepFlowText]=""
  [StepFlowJSON]="StepFlowText"
  [StepFlowCore]="StepFlowText StepFlowJSON"
  [StepFlowRender]="StepFlowText StepFlowCore"
  [StepFlowTerminal]="StepFlowText StepFlowCore StepFlowRender Glibc"
  [StepFlowWizards]="StepFlowText StepFlowJSON StepFlowCore"
  [StepFlow]="StepFlowText StepFlowJSON StepFlowCore StepFlowRender StepFlowTerminal StepFlowWizards"
  [StepFlowCommandLine]="StepFlowText StepFlowCore StepFlowRender StepFlowTerminal StepFlow"
  [StepFlowCLI]="StepFlowText StepFlowJSON StepFlowCore StepFlowRender StepFlowTerminal StepFlowWizards StepFlow StepFlowCommandLine"
  [stepflow]="StepFlowCLI"
  [StepFlowBench]="StepFlowText StepFlowJSON StepFlowCore StepFlowRender StepFlowTerminal StepFlowWizards StepFlow StepFlowCommandLine StepFlowCLI"
)
# Modules of the toolchain that are not a platform layer: every target may use them.
common="Synchronization"

# One import statement: attributes, an access level, a declaration kind, then the module.
attribute='@[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[[:space:]]+'
access='(public|package|internal|private|fileprivate)[[:space:]]+'
kind='(typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+'
statement="^[[:space:]]*($attribute)*($access)?import[[:space:]]+($kind)?([A-Za-z_][A-Za-z0-9_]*)"

# Prints `file<TAB>module` for every import in the Swift files under a folder.
imports() {
  grep -rHE '(^|;)[[:space:]]*(@|public|package|internal|private|fileprivate|import)' "$1" \
    --include='*.swift' 2>/dev/null | while IFS= read -r line; do
    local file=${line%%:*}
    local code=${line#*:}
    code=${code%%//*}
    local part
    IFS=';' read -ra parts <<<"$code"
    for part in "${parts[@]}"; do
      if [[ $part =~ $statement ]]; then
        printf '%s\t%s\n' "$file" "${BASH_REMATCH[${#BASH_REMATCH[@]} - 1]}"
      fi
    done
  done
}

status=0
shopt -s nullglob
for dir in Sources/*/; do
  target=$(basename "$dir")
  if [[ -z ${allowed[$target]+set} ]]; then
    echo "import rule broken: $dir is a target scripts/check-imports.sh does not know" >&2
    status=1
    continue
  fi
  ok=" ${allowed[$target]} $common "
  while IFS=$'\t' read -r file module; do
    if [[ $module == Foundation ]]; then
      echo "import rule broken: $file ($target) imports Foundation: it never enters the product" >&2
      status=1
    elif [[ $module != "$target" && $ok != *" $module "* ]]; then
      echo "import rule broken: $file ($target) imports $module" >&2
      status=1
    fi
  done < <(imports "$dir")
done
exit $status
