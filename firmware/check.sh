#!/usr/bin/env bash
# check.sh checks firmware/ without a Raspberry Pi; .ci/run calls it.
#
#   1. shellcheck on every shell script here
#   2. systemd-analyze verify on unoref.service (with ExecStart pointed at a
#      stub, since /usr/local/bin/unoref is not installed on the CI machine)
#   3. systemd-analyze security --offline: exposure must stay below 3.0
#   4. the unit keeps what device access needs (no PrivateDevices=, ...)
#   5. unoref.toml suggests no I2S DAC and parses as TOML (when python3 is there)
#   6. setup_test.sh: setup.sh into temporary roots: install, repeat,
#      upgrade, edits kept, pending reboot, resume, uninstall
#
# Installs shellcheck and systemd with apt when they are missing and it runs
# as root (CI on a fresh Debian). Exits non-zero on any problem.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"

step() { printf '\n-- firmware: %s\n' "$*"; }
die() {
	printf 'firmware/check.sh: FAIL: %s\n' "$*" >&2
	exit 1
}

need=()
command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
if [ ${#need[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || die "missing ${need[*]}: install them (apt-get install ${need[*]}) or run as root"
	step "installing ${need[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

step "shellcheck $(shellcheck --version | sed -n 's/^version: //p')"
mapfile -t scripts < <(find . -maxdepth 1 -name '*.sh' -printf '%f\n' | sort)
[ ${#scripts[@]} -gt 0 ] || die "no shell scripts found"
shellcheck --shell=bash --severity=style "${scripts[@]}"
printf 'clean: %s\n' "${scripts[*]}"

# The unit as installed names /usr/local/bin/unoref, which does not exist
# here; verify a copy whose ExecStart runs a stub with the same arguments.
step "systemd-analyze verify unoref.service ($(systemd-analyze --version | head -n 1))"
grep -qx 'ExecStart=/usr/local/bin/unoref run .*' unoref.service || die "unoref.service: ExecStart does not run /usr/local/bin/unoref run"
printf '#!/bin/sh\nexit 0\n' >"$tmp/unoref"
chmod 0755 "$tmp/unoref"
sed "s#^ExecStart=/usr/local/bin/unoref #ExecStart=$tmp/unoref #" unoref.service >"$tmp/unoref.service"
rc=0
systemd-analyze verify "$tmp/unoref.service" >"$tmp/verify.out" 2>&1 || rc=$?
cat "$tmp/verify.out"
# verify exits 0 on unknown keys and bad values ("..., ignoring"), so any
# message about the unit fails the check; other lines (about the machine
# it runs on) are only shown.
if [ "$rc" != 0 ] || grep -q 'unoref\.service' "$tmp/verify.out"; then
	die "systemd-analyze verify unoref.service (exit $rc)"
fi
echo "verify: no problems"

step "systemd-analyze security --offline=true (exposure must be below 3.0)"
version=$(systemd-analyze --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p')
if [ "${version:-0}" -lt 252 ]; then
	echo "systemd $version has no --offline: skipped"
else
	rc=0
	systemd-analyze security --offline=true --threshold=30 --no-pager "$tmp/unoref.service" >"$tmp/security.out" 2>&1 || rc=$?
	grep -v '^✓' "$tmp/security.out" || true
	grep -q 'Overall exposure level' "$tmp/security.out" || die "no exposure score"
	[ "$rc" = 0 ] || die "exposure above 3.0 (or systemd-analyze security failed, exit $rc)"
fi

# A lower score is easy to buy by breaking the hardware: these keep the
# devices reachable (README.md, "Hardening").
step "unit keeps device access"
unit_has() { grep -qx -- "$1" unoref.service || die "unoref.service: want the line $1"; }
unit_lacks() { if grep -Eq -- "$1" unoref.service; then die "unoref.service: $2"; fi; }
unit_has 'SupplementaryGroups=gpio spi i2c audio'
unit_has 'DevicePolicy=closed'
unit_has 'DeviceAllow=char-gpiochip rw'
unit_has 'DeviceAllow=char-spi rw'
unit_has 'DeviceAllow=char-i2c rw'
unit_has 'DeviceAllow=char-alsa rw'
unit_has 'Type=notify'
unit_has 'User=unoref'
# espeak-ng and aplay write dot directories into HOME: not into the data
# directory (issue 23 point 19).
unit_has 'RuntimeDirectory=unoref'
unit_has 'Environment=HOME=%t/unoref'
unit_lacks '^PrivateDevices=(yes|true|on|1)' "PrivateDevices= hides /dev/gpiochip*, /dev/spidev*, /dev/i2c-*"
unit_lacks '^PrivateUsers=(yes|true|on|1|self|identity)' "PrivateUsers= leaves gpio, spi and i2c unmapped"
unit_lacks '^DynamicUser=(yes|true|on|1)' "DynamicUser= changes the owner of /var/lib/unoref on every start"
unit_lacks '^IPAddressDeny=' "the page must stay reachable from the LAN"
echo "ok"

# The reference pin map has GPIO 18, 19 and 21 on the buzzer, the red LED
# and the blue button: I2S (PCM CLK, FS, DOUT) would take them, so the
# config may name I2S only to say so (issue 23 point 2).
step "unoref.toml suggests no I2S DAC"
if grep -qi 'i2s' unoref.toml && ! tr '\n#' '  ' <unoref.toml | tr -s ' ' | grep -q 'I2S takes GPIO 18, 19 and 21'; then
	die "unoref.toml mentions I2S without saying it takes GPIO 18, 19 and 21 (the buzzer, the red LED, the blue button)"
fi
echo "ok"

step "unoref.toml parses"
if command -v python3 >/dev/null 2>&1 && python3 -c 'import tomllib' 2>/dev/null; then
	python3 -c 'import sys, tomllib; tomllib.load(open(sys.argv[1], "rb"))' unoref.toml
	echo "ok (python3 tomllib)"
else
	echo "no python3 with tomllib: skipped"
fi

step "setup_test.sh"
./setup_test.sh

printf '\nfirmware/check.sh: all checks passed\n'
