#!/usr/bin/env bash
# Builds stepflow as a self-contained binary and installs it, or takes it away again.
#
#   scripts/install.sh [install]       build (release, Swift runtime linked in, stripped), then
#                                      install under $DESTDIR$PREFIX
#   scripts/install.sh uninstall       remove what an install put there
#   scripts/install.sh stage DIR       build and lay the files out under DIR (no install)
#   scripts/install.sh deb [OUT]       a .deb of the same files (dpkg-deb), into OUT (default .)
#
# PREFIX (default /usr/local) is where the files will live; DESTDIR (default empty) is put in
# front of every path while installing, for packagers and for CI. `make install` calls this.
# STEPFLOW_BINARY=path installs that binary instead of building one.
#
# Installed: bin/stepflow, share/man/man1/stepflow.1, the completions for bash
# (share/bash-completion/completions/stepflow), zsh (share/zsh/site-functions/_stepflow) and
# fish (share/fish/vendor_completions.d/stepflow.fish), the wizards of wizards/ into
# share/stepflow/wizards, the wizard-file JSON Schema they name in their "$schema"
# (share/stepflow/docs/wizard.schema.json: the same relative path as in the source tree, so an
# editor finds it beside an installed wizard too), and share/stepflow/installed-files (what
# uninstall removes).
#
# Nothing is half-installed: every file is first written beside its target under a temporary
# name; only when all are written are they renamed into place. A folder that cannot be made or
# written is named, and the install stops with exit 73 having changed nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
action="${1:-install}"

say() { printf 'install: %s\n' "$*" >&2; }
fail() {
  say "$1"
  exit "${2:-1}"
}

case "$PREFIX" in
/*) ;;
*) fail "PREFIX must be an absolute path, not \"$PREFIX\"" 64 ;;
esac
PREFIX="${PREFIX%/}"

# The files an install lays out, relative to PREFIX (the manifest comes last).
relative_files() {
  echo bin/stepflow
  echo share/man/man1/stepflow.1
  echo share/bash-completion/completions/stepflow
  echo share/zsh/site-functions/_stepflow
  echo share/fish/vendor_completions.d/stepflow.fish
  for wizard in $(shipped_wizards); do echo "share/stepflow/wizards/$wizard"; done
  echo share/stepflow/docs/wizard.schema.json
  echo share/stepflow/installed-files
}

# The wizards of wizards/ that do not have a built-in flow's name (delivery, purchase and rating
# are the built-in flows written as files: the built-in ones would win over them anyway).
shipped_wizards() {
  for file in wizards/*.json wizards/*.json5; do
    [ -f "$file" ] || continue
    name="$(basename "$file")"
    case "$name" in delivery.json | purchase.json | rating.json) continue ;; esac
    echo "$name"
  done
}

# The release binary with the Swift runtime linked statically, stripped: it runs on a machine
# without the toolchain.
build_binary() {
  if [ -n "${STEPFLOW_BINARY:-}" ]; then
    echo "$STEPFLOW_BINARY"
    return
  fi
  say "building the release binary (Swift runtime linked statically)"
  swift build -c release --product stepflow --static-swift-stdlib >&2
  echo "$(swift build -c release --static-swift-stdlib --show-bin-path)/stepflow"
}

# Lays every file out under $1 as it will be under PREFIX.
stage() {
  local root="$1" binary
  binary="$(build_binary)"
  [ -x "$binary" ] || fail "no binary at $binary" 1
  mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d" \
    "$root/share/stepflow/wizards" "$root/share/stepflow/docs"
  cp "$binary" "$root/bin/stepflow"
  strip "$root/bin/stepflow"
  chmod 755 "$root/bin/stepflow"
  "$root/bin/stepflow" man > "$root/share/man/man1/stepflow.1"
  "$root/bin/stepflow" completions bash > "$root/share/bash-completion/completions/stepflow"
  "$root/bin/stepflow" completions zsh > "$root/share/zsh/site-functions/_stepflow"
  "$root/bin/stepflow" completions fish > "$root/share/fish/vendor_completions.d/stepflow.fish"
  for wizard in $(shipped_wizards); do
    cp "wizards/$wizard" "$root/share/stepflow/wizards/$wizard"
  done
  "$root/bin/stepflow" schema > "$root/share/stepflow/docs/wizard.schema.json"
  relative_files | sed "s|^|$PREFIX/|" > "$root/share/stepflow/installed-files"
  find "$root" -type f ! -path "$root/bin/*" -exec chmod 644 {} +
}

# Makes the folder $1 (and its parents), recording each one made in $made; fails with the name
# of the folder that cannot be made or written in $problem. (Called in this shell, never in a
# subshell, so that $made is kept for the rollback.)
made=()
problem=""
make_folder() {
  local folder="$1" missing=() parent
  parent="$folder"
  while [ ! -e "$parent" ]; do
    missing=("$parent" "${missing[@]}")
    parent="$(dirname "$parent")"
  done
  if [ ! -d "$parent" ]; then
    problem="$parent is not a folder"
    return 1
  fi
  local each
  for each in "${missing[@]}"; do
    if ! mkdir "$each" 2>/dev/null; then
      problem="cannot make the folder $each ($(dirname "$each") is not writable)"
      return 1
    fi
    made+=("$each")
  done
  local probe="$folder/.stepflow-install-probe.$$"
  if ! (: > "$probe") 2>/dev/null; then
    problem="cannot write to $folder"
    return 1
  fi
  rm -f "$probe"
}

temporaries=()
rollback() {
  local file
  for file in "${temporaries[@]}"; do rm -f "$file"; done
  local i
  for ((i = ${#made[@]} - 1; i >= 0; i--)); do rmdir "${made[$i]}" 2>/dev/null || true; done
}

# The temporary folders to remove on the way out (globals: the EXIT trap runs after the function
# that made them has returned, when its locals are gone).
cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT

install_files() {
  local staging target
  staging="$(mktemp -d)"
  cleanup+=("$staging")
  stage "$staging$PREFIX"
  local relatives
  mapfile -t relatives < <(relative_files)
  # First every folder, then every file under a temporary name; any failure undoes it all.
  local relative
  for relative in "${relatives[@]}"; do
    target="$DESTDIR$PREFIX/$relative"
    if ! make_folder "$(dirname "$target")"; then
      rollback
      fail "$problem; nothing was installed" 73
    fi
  done
  for relative in "${relatives[@]}"; do
    target="$DESTDIR$PREFIX/$relative"
    local temporary="$(dirname "$target")/.$(basename "$target").install-$$"
    temporaries+=("$temporary")
    if ! cp -p "$staging$PREFIX/$relative" "$temporary" 2>/dev/null; then
      rollback
      fail "cannot write $temporary (is $(dirname "$target") full or read-only?); nothing was installed" 74
    fi
  done
  for relative in "${relatives[@]}"; do
    target="$DESTDIR$PREFIX/$relative"
    mv -f "$(dirname "$target")/.$(basename "$target").install-$$" "$target"
  done
  say "installed stepflow under $DESTDIR$PREFIX (${#relatives[@]} files; man stepflow, stepflow completions)"
}

uninstall_files() {
  local manifest="$DESTDIR$PREFIX/share/stepflow/installed-files" files=()
  if [ -f "$manifest" ]; then
    mapfile -t files < "$manifest"
  else
    mapfile -t files < <(relative_files | sed "s|^|$PREFIX/|")
  fi
  local file removed=0
  for file in "${files[@]}"; do
    [ -n "$file" ] || continue
    if [ -e "$DESTDIR$file" ] || [ -L "$DESTDIR$file" ]; then
      rm -f "$DESTDIR$file" || fail "cannot remove $DESTDIR$file" 73
      removed=$((removed + 1))
    fi
  done
  # The folders stepflow alone uses; the shared ones (bin, man1, completions) stay.
  rmdir "$DESTDIR$PREFIX/share/stepflow/wizards" "$DESTDIR$PREFIX/share/stepflow/docs" \
    "$DESTDIR$PREFIX/share/stepflow" 2>/dev/null || true
  say "removed $removed files of stepflow from $DESTDIR$PREFIX"
}

build_deb() {
  local out="${1:-.}" root version arch
  command -v dpkg-deb >/dev/null || fail "dpkg-deb is needed for a .deb (apt-get install dpkg)" 69
  root="$(mktemp -d)"
  cleanup+=("$root")
  PREFIX=/usr
  stage "$root/usr"
  version="$("$root/usr/bin/stepflow" --version | awk '{print $2}')"
  arch="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
  mkdir -p "$root/DEBIAN"
  cat > "$root/DEBIAN/control" <<CONTROL
Package: stepflow
Version: $version
Architecture: $arch
Maintainer: stepflow <stepflow@example.invalid>
Section: utils
Priority: optional
Depends: libc6
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Description: multi-step wizards in the terminal
 Runs wizards (a strip of steps, a navigation bar, fields and progress) on a
 terminal, or scripted without one; the answers come back on stdout as JSON.
CONTROL
  mkdir -p "$out"
  dpkg-deb --root-owner-group --build "$root" "$out/stepflow_${version}_${arch}.deb" >&2
  echo "$out/stepflow_${version}_${arch}.deb"
}

case "$action" in
install) install_files ;;
uninstall) uninstall_files ;;
stage)
  [ $# -ge 2 ] || fail "usage: scripts/install.sh stage DIR" 64
  stage "$2"
  ;;
deb) build_deb "${2:-.}" ;;
*) fail "unknown action \"$action\" (install, uninstall, stage DIR, deb [OUT])" 64 ;;
esac
