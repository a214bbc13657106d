# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# An apt of its own for the wheel scripts (sourced): Debian bookworm's
# archive (main, updates, security) with the archive's own signing key, its
# lists, cache and state under a directory of the caller's; the system's
# sources, dpkg database and preferences are not read or touched.
#
#   source scripts/wheel/private_apt.sh
#   aoti_private_apt DIR TYPE [ARCH]   TYPE deb or deb-src; ARCH: that
#                                      architecture only (deb)
#   apt-get "${APT_OPTS[@]}" update
aoti_private_apt() { # DIR TYPE [ARCH]
  local dir=$1 type=$2 arch=${3:-}
  local arch_line=${arch:+"Architectures: $arch"}
  mkdir -p "$dir/etc/preferences.d" "$dir/lists/partial" "$dir/cache/archives/partial"
  : > "$dir/status"
  local suite
  : > "$dir/etc/bookworm.sources"
  for suite in "debian|bookworm bookworm-updates" "debian-security|bookworm-security"; do
    printf 'Types: %s\nURIs: http://deb.debian.org/%s\nSuites: %s\nComponents: main\n%s%sSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n' \
      "$type" "${suite%%|*}" "${suite#*|}" "$arch_line" "${arch_line:+$'\n'}" \
      >> "$dir/etc/bookworm.sources"
  done
  APT_OPTS=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$dir/etc"
            -o "Dir::Etc::Preferences=/dev/null" -o "Dir::Etc::PreferencesParts=$dir/etc/preferences.d"
            -o "Dir::State::Lists=$dir/lists" -o "Dir::State::status=$dir/status"
            -o "Dir::Cache=$dir/cache" -o "APT::Sandbox::User=root" -q)
  if [ -n "$arch" ]; then
    APT_OPTS+=(-o "APT::Architecture=$arch" -o "APT::Architectures::=$arch")
  fi
}
