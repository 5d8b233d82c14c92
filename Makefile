# stepflow: `make` builds, `make install` installs (PREFIX=/usr/local, DESTDIR= for staging),
# `make uninstall` takes it away, `make deb` builds a Debian package. The work is done by
# scripts/install.sh, which says what each step does.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all build install uninstall deb test clean

all: build

build:
	swift build -c release --product stepflow --static-swift-stdlib

install:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh install

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

deb:
	scripts/install.sh deb .

test:
	swift test

clean:
	swift package clean
