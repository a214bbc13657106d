#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Unpacks the arm64 libraries the aarch64 wheel's static tool links (LLVM and
# Clang 19's static archives, headers and CMake files, yaml-cpp, the codecs,
# libzip's headers) from Debian bookworm's arm64 packages into a sysroot, for
# the cross build of scripts/build_wheel_aarch64.sh (cmake/aarch64-linux-gnu.cmake).
#
#   scripts/wheel/arm64_sysroot.sh SYSROOT
#
# llvm-19-dev, libclang-19-dev and libyaml-cpp-dev are not Multi-Arch: their
# arm64 packages cannot be installed beside the amd64 ones the host build
# uses, so nothing is installed: an apt of its own (lists, cache and state
# under SYSROOT.apt, arm64 only; the system's dpkg and apt are not touched)
# downloads the .debs and dpkg-deb -x unpacks them. Does nothing when
# SYSROOT/.complete names the same packages. Needs Debian's archive.
set -euo pipefail
SYSROOT=$1
# What was unpacked: SYSROOT/PACKAGES (name, version, architecture).
# clang-19 for Clang's CMake package (ClangConfig.cmake), not its executable;
# libyaml-cpp0.7 and libzip4 for the shared libraries their CMake and
# pkg-config files name (the static tool links neither).
PACKAGES=(llvm-19-dev libclang-19-dev clang-19 libyaml-cpp-dev libyaml-cpp0.7
          libzip-dev libzip4 zlib1g-dev libzstd-dev liblzma-dev libbz2-dev)
[ "$(cat "$SYSROOT/.complete" 2>/dev/null)" = "${PACKAGES[*]}" ] && exit 0
log() { printf '[arm64-sysroot] %s\n' "$*" >&2; }

apt_dir=$SYSROOT.apt
rm -rf "$apt_dir" "$SYSROOT.tmp"
mkdir -p "$apt_dir/debs" "$SYSROOT.tmp"
# shellcheck source=scripts/wheel/private_apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/private_apt.sh"
aoti_private_apt "$apt_dir" deb arm64
log "arm64 package lists of bookworm"
apt-get "${APT_OPTS[@]}" update >&2
log "downloading ${PACKAGES[*]}"
(cd "$apt_dir/debs" && apt-get "${APT_OPTS[@]}" download "${PACKAGES[@]/%/:arm64}" >&2)
for deb in "$apt_dir"/debs/*.deb; do
  dpkg-deb -x "$deb" "$SYSROOT.tmp"
  # shellcheck disable=SC2016 # dpkg-deb's fields, not the shell's
  dpkg-deb --show --showformat='${Package} ${Version} ${Architecture}\n' "$deb" \
    >> "$SYSROOT.tmp/PACKAGES"
done

# Absolute links point into the sysroot, not at the host's files.
find "$SYSROOT.tmp" -type l -lname '/*' | while read -r link; do
  ln -sfn "$SYSROOT$(readlink "$link")" "$link"
done

# LLVM's and Clang's exported CMake targets name every executable and shared
# library of the LLVM packages, and find_package(Clang) fails when one is
# missing. The build links only the static archives (cmake/AOTIPortable.cmake)
# and runs none of them (the project has no tablegen step), so: the host's
# amd64 tool where it has one (llvm-tblgen, clang-tblgen, ...: they run
# here), otherwise an empty file that says it stands in.
llvm=$SYSROOT.tmp/usr/lib/llvm-19
# shellcheck disable=SC2016 # CMake's ${_IMPORT_PREFIX}, literally
for exports in "$llvm"/lib/cmake/llvm/LLVMExports-*.cmake \
               "$llvm"/lib/cmake/clang/ClangTargets-*.cmake; do
  grep -o '"${_IMPORT_PREFIX}/[^"]*"' "$exports" | tr -d '"' | sort -u |
  while read -r ref; do
    rel=${ref#'${_IMPORT_PREFIX}/'}
    case $rel in *.a) continue ;; esac  # an archive must be the real one
    [ -e "$llvm/$rel" ] && continue
    mkdir -p "$(dirname "$llvm/$rel")"
    if [ -x "/usr/lib/llvm-19/$rel" ] && [ "${rel%%/*}" = bin ]; then
      ln -s "/usr/lib/llvm-19/$rel" "$llvm/$rel"
    else
      echo "stand-in: arm64 $rel is not unpacked (scripts/wheel/arm64_sysroot.sh)" > "$llvm/$rel"
    fi
  done
done
missing=$(find "$llvm/lib" -maxdepth 1 -name 'libclang[A-Z]*.a' | wc -l)
[ "$missing" -gt 0 ] || { log "no Clang archives unpacked"; exit 1; }

echo "${PACKAGES[*]}" > "$SYSROOT.tmp/.complete"
# Renamed last, and links re-pointed at the final path.
rm -rf "$SYSROOT"
mv "$SYSROOT.tmp" "$SYSROOT"
find "$SYSROOT" -type l -lname "$SYSROOT.tmp/*" | while read -r link; do
  target=$(readlink "$link")
  ln -sfn "$SYSROOT${target#"$SYSROOT.tmp"}" "$link"
done
rm -rf "$apt_dir/debs"
log "sysroot: $SYSROOT ($(du -sh "$SYSROOT" | cut -f1))"
