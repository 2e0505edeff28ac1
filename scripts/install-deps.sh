#!/usr/bin/env bash
# Installs every Debian package Umpire needs to build, test and run.
# Non-interactive and idempotent: packages already present are left alone.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libimgui-dev libglfw3-dev libgl-dev libstb-dev   # GUI: Dear ImGui 1.86, GLFW, OpenGL
  libsqlitecpp-dev libsqlite3-dev libxxhash-dev     # the battle file and its checksums
  libpqxx-dev postgresql                            # a battle on PostgreSQL; its tests' own server
  openssl                                           # umpire host: its server's TLS certificate
  sqlite3                                           # the damaged set compares recover with its .dump
  libtomlplusplus-dev                               # rule tables and rosters
  libcli11-dev nlohmann-json3-dev                   # CLI, JSON payloads
  catch2 libbenchmark-dev                           # tests and benchmarks
  clang-14 libfuzzer-14-dev                         # fuzzing (scripts/fuzz.sh)
  libcairo2-dev libpango1.0-dev                     # PDF sheets
  libcpp-httplib-dev libqrencode-dev                # the players' phones: HTTP server, QR codes
  chromium                                          # the phones' page tested in a real browser
  fonts-dejavu-core                                 # readable UI font
  xvfb xauth libgl1-mesa-dri mesa-utils             # GUI tests under a virtual display
  xdotool                                           # real key events typed into the running desk
  poppler-utils                                     # pdfinfo/pdftotext in PDF tests
  libglib2.0-dev dbus-daemon                        # the desktop portal's file chooser (GIO D-Bus), its tests' bus
  locales                                           # a Letter-paper locale for the paper tests (localedef)
  librsvg2-bin                                      # the icon's PNG sizes, rendered from its SVG
  desktop-file-utils appstream shared-mime-info     # validators of the menu entry, metainfo, MIME type
  man-db lintian                                    # the manual page and the Debian package checked
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
