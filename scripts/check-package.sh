#!/usr/bin/env bash
# Builds the Debian package from an existing build directory and checks it as a user would get
# it: lintian (no error, no warning), the desktop and AppStream validators on the installed
# files, then installs it, runs the installed program (--version, a resolve, a battle from the
# installed sample roster printed and drawn by the desk under Xvfb, the battle file's MIME type;
# the desk's program and the printing, serving and PostgreSQL modules in /usr/lib/games/umpire,
# the command line loading no GUI, HTTP or PostgreSQL library), and removes it again, leaving nothing.
#
#   bash scripts/check-package.sh [BUILD_DIR]     (default: build, as scripts/test.sh makes it)
#
# Installing needs root (or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

app_id=$(sed -n 's/^UMPIRE_APP_ID:STRING=//p' "$build/CMakeCache.txt")
[ -n "$app_id" ] || { echo "check-package: $build is not a configured build directory" >&2; exit 1; }

echo "== package"
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)"
rm -f "$build"/umpire_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/umpire_*.deb)
echo "$deb: $(du -h "$deb" | cut -f1)"
dpkg-deb --field "$deb" Package Version Architecture Section Maintainer Depends Recommends Installed-Size

echo "== lintian"
# An error or a warning fails; info tags are shown (the README says why those left are left).
lintian --display-info --fail-on error,warning "$deb"

echo "== install"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq --no-install-recommends "./$deb" >/dev/null
removed=false
remove() { $removed || $SUDO apt-get purge -y -qq umpire >/dev/null; removed=true; }
trap remove EXIT

desktop-file-validate "/usr/share/applications/$app_id.desktop"
appstreamcli validate --no-net "/usr/share/metainfo/$app_id.metainfo.xml"
# The desk's program and the printing, serving and PostgreSQL modules, which `umpire` starts and loads (core/install).
for f in /usr/lib/games/umpire/umpire-desk /usr/lib/games/umpire/umpire-print.so /usr/lib/games/umpire/umpire-serve.so \
         /usr/lib/games/umpire/umpire-postgres.so; do
    [ -s "$f" ] || { echo "check-package: $f is not installed" >&2; exit 1; }
done
! ldd /usr/games/umpire | grep -Eq 'lib(glfw|GL|OpenGL|X11|pango|cairo|cpp-httplib|ssl|crypto|pq)' || { echo "check-package: the installed umpire loads a GUI, printing, HTTP or PostgreSQL library" >&2; exit 1; }
ldd /usr/lib/games/umpire/umpire-postgres.so | grep -q 'libpqxx' || { echo "check-package: the installed PostgreSQL module does not find libpqxx" >&2; exit 1; }
for f in /usr/share/icons/hicolor/scalable/apps/$app_id.svg /usr/share/icons/hicolor/48x48/apps/$app_id.png \
         /usr/share/man/man6/umpire.6.gz /usr/share/bash-completion/completions/umpire \
         /usr/share/doc/umpire/copyright /usr/share/doc/umpire/changelog.gz /usr/share/mime/packages/$app_id.xml; do
    [ -s "$f" ] || { echo "check-package: $f is not installed" >&2; exit 1; }
done
# The MIME database and the desktop database are updated by their packages' triggers.
grep -q "application/x-umpire-battle:\*\.umpire" /usr/share/mime/globs2
grep -q "application/x-umpire-battle=$app_id.desktop" /usr/share/applications/mimeinfo.cache

echo "== the installed program"
work=$(mktemp -d)
trap 'remove; rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
cd "$work"
/usr/games/umpire --version
/usr/games/umpire resolve macduff shoot --figures 12 --weapon rifle --range 10 --modifier difficult-target \
    --dice 6,5,5,4,2,1 --json > resolution.json
grep -q '"outcome"' resolution.json
/usr/games/umpire new --roster /usr/share/umpire/rosters/macduff-kotal-pass.toml -o kotal.umpire
/usr/games/umpire sheet macduff -o sheet.pdf
/usr/games/umpire roster-sheet kotal.umpire -o roster.pdf
xvfb-run -a -s "-screen 0 1280x800x24" /usr/games/umpire kotal.umpire --screenshot desk.png
[ "$(head -c 4 desk.png | tail -c 3)" = "PNG" ] || { echo "check-package: the installed desk drew no PNG" >&2; exit 1; }
for pdf in sheet.pdf roster.pdf; do
    [ "$(head -c 5 "$pdf")" = "%PDF-" ] || { echo "check-package: $pdf is not a PDF" >&2; exit 1; }
done
man -w umpire >/dev/null
cd - >/dev/null

echo "== remove"
remove
for f in /usr/games/umpire /usr/lib/games/umpire /usr/share/umpire /usr/share/doc/umpire "/usr/share/applications/$app_id.desktop" \
         /usr/share/mime/application/x-umpire-battle.xml; do
    [ ! -e "$f" ] || { echo "check-package: $f is still there after removing the package" >&2; exit 1; }
done
echo "check-package: $deb built, lintian-clean, installed, ran and removed"
