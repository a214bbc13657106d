#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds libzip as a static archive for the fully static aoti-instrument of
# the wheel (Debian ships only libzip.so). From Debian's own source package
# of the installed libzip-dev, so the archive matches the headers the tool
# is compiled with; its crypto backends are off (the tool only stores and
# reads entries, it never encrypts), so no libcrypto is linked in.
#
#   scripts/wheel/static_libzip.sh PREFIX
#
# Installs PREFIX/lib/libzip.a, PREFIX/include and PREFIX/LICENSE; does
# nothing when PREFIX/lib/libzip.a exists. Needs network access to Debian's
# archive (a deb-src source list of its own: the system's is not touched).
set -euo pipefail
PREFIX=$1
[ -f "$PREFIX/lib/libzip.a" ] && exit 0
version=$(dpkg-query -W -f='${source:Version}' libzip-dev)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
# The source suite of bookworm (scripts/wheel/private_apt.sh).
# shellcheck source=scripts/wheel/private_apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/private_apt.sh"
aoti_private_apt "$work/apt" deb-src
apt-get "${APT_OPTS[@]}" update >&2
(cd "$work/src" && apt-get "${APT_OPTS[@]}" source "libzip=$version" >&2)
src=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'libzip-*' | head -1)
[ -n "$src" ] || { echo "static_libzip.sh: no libzip source unpacked" >&2; exit 1; }
cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=OFF \
  -DENABLE_COMMONCRYPTO=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF \
  -DENABLE_OPENSSL=OFF -DENABLE_WINDOWS_CRYPTO=OFF \
  -DENABLE_BZIP2=ON -DENABLE_LZMA=ON \
  -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF \
  -DCMAKE_INSTALL_PREFIX="$PREFIX.tmp" -DCMAKE_INSTALL_LIBDIR=lib >&2
cmake --build "$work/build" >&2
rm -rf "$PREFIX.tmp"
cmake --install "$work/build" >&2
cp "$src/LICENSE" "$PREFIX.tmp/LICENSE"
echo "libzip $version (Debian source package), static, crypto off" > "$PREFIX.tmp/SOURCE"
# Renamed last: an interrupted build is redone, never half-used.
rm -rf "$PREFIX"
mv "$PREFIX.tmp" "$PREFIX"
