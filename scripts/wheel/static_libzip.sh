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
mkdir -p "$work/etc" "$work/lists/partial" "$work/cache" "$work/src"
# The source suite of bookworm, with the archive's own signing key.
cat > "$work/etc/src.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
apt_opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/etc"
          -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
          -o "APT::Sandbox::User=root" -q)
apt-get "${apt_opts[@]}" update >&2
(cd "$work/src" && apt-get "${apt_opts[@]}" source "libzip=$version" >&2)
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
