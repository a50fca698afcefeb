#!/usr/bin/env bash
# setup_test.sh runs setup.sh against throw-away root filesystems (--root)
# and checks what it installs, that a second run changes nothing, that it
# keeps an existing config, and its --dry-run, --keep-serial-console and
# --arch behaviour. Needs root (useradd --root, chown); no Pi, no systemd.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
setup=$here/setup.sh

if [ "$(id -u)" != 0 ]; then
	echo "setup_test.sh: needs root (it creates users and root-owned files in a temporary root)" >&2
	exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failures=0
fail() {
	printf 'FAIL: %s: %s\n' "$case_name" "$*"
	failures=$((failures + 1))
}
case_name=""
start() {
	case_name=$1
	printf '=== %s\n' "$1"
}

# mkroot DIR [BOOTDIR] makes a minimal Raspberry Pi OS root: the account
# files with the gpio group only (spi and i2c missing, to be created), and
# a stock-looking config.txt and cmdline.txt in BOOTDIR (boot/firmware;
# "" for none).
mkroot() {
	local r=$1 boot=${2-boot/firmware}
	mkdir -p "$r/etc" "$r/usr/sbin"
	printf 'root:x:0:0:root:/root:/bin/bash\n' >"$r/etc/passwd"
	printf 'root:x:0:\ngpio:x:997:\n' >"$r/etc/group"
	printf 'root:*:19000:0:99999:7:::\n' >"$r/etc/shadow"
	printf 'root:*::\ngpio:!::\n' >"$r/etc/gshadow"
	printf '#!/bin/sh\nexit 1\n' >"$r/usr/sbin/nologin"
	chmod 0755 "$r/usr/sbin/nologin"
	if [ -n "$boot" ]; then
		mkdir -p "$r/$boot"
		cat >"$r/$boot/config.txt" <<'EOF'
# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtparam=audio=on

[pi4]
arm_boost=1
EOF
		printf 'console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n' >"$r/$boot/cmdline.txt"
	fi
}

# snapshot DIR prints every path with its type, mode, owner and checksum,
# so that two snapshots differ if anything under DIR changed.
snapshot() {
	(cd "$1" && find . -path ./etc/.pwd.lock -prune -o -printf '%y %m %U:%G %p -> %l\n' | sort)
	(cd "$1" && find . -type f ! -name .pwd.lock -exec md5sum {} + | sort -k2)
}

count_lines() { grep -cxF -- "$2" "$1" || true; }

mode_of() { stat -c %a "$1"; }

expect_file() { # PATH MODE [SAME-AS]
	if [ ! -f "$1" ]; then
		fail "$1 missing"
		return
	fi
	[ "$(mode_of "$1")" = "$2" ] || fail "$1 mode $(mode_of "$1"), want $2"
	[ $# -lt 3 ] || cmp -s "$1" "$3" || fail "$1 differs from $3"
}

dummy=$work/unoref
printf '#!/bin/sh\necho "unoref 1"\n' >"$dummy"
chmod 0755 "$dummy"

# --- a fresh install, then the same again --------------------------------
start "fresh install, twice"
r=$work/fresh
mkroot "$r"
"$setup" --root "$r" "$dummy" >"$work/out1" 2>&1 || fail "first run: exit $?: $(cat "$work/out1")"
expect_file "$r/usr/local/bin/unoref" 755 "$dummy"
expect_file "$r/etc/systemd/system/unoref.service" 644 "$here/unoref.service"
expect_file "$r/etc/unoref/unoref.toml" 640 "$here/unoref.toml"
expect_file "$r/etc/modules-load.d/unoref.conf" 644
expect_file "$r/etc/udev/rules.d/60-unoref.rules" 644
grep -qx spidev "$r/etc/modules-load.d/unoref.conf" || fail "modules-load.d: no spidev"
grep -qx i2c-dev "$r/etc/modules-load.d/unoref.conf" || fail "modules-load.d: no i2c-dev"
[ "$(count_lines "$r/etc/passwd" "$(grep '^unoref:' "$r/etc/passwd")")" = 1 ] || fail "no single unoref user"
user=$(grep '^unoref:' "$r/etc/passwd" || true)
[ "${user##*:}" = /usr/sbin/nologin ] || fail "unoref shell: $user"
ugid=$(awk -F: '$1 == "unoref" { print $4 }' "$r/etc/passwd")
[ "$(awk -F: '$1 == "unoref" { print $3 }' "$r/etc/group")" = "$ugid" ] || fail "no unoref group with the user's gid $ugid"
[ "$(stat -c %u:%g "$r/etc/unoref/unoref.toml")" = "0:$ugid" ] || fail "config owner $(stat -c %u:%g "$r/etc/unoref/unoref.toml"), want 0:$ugid"
[ "$(stat -c %u:%g "$r/usr/local/bin/unoref")" = 0:0 ] || fail "binary not owned by root"
for g in gpio spi i2c; do
	n=$(grep -c "^$g:" "$r/etc/group" || true)
	[ "$n" = 1 ] || fail "group $g appears $n times, want 1"
	case ",$(awk -F: -v g="$g" '$1 == g { print $4 }' "$r/etc/group")," in
	*,unoref,*) ;;
	*) fail "unoref is not in group $g" ;;
	esac
done
[ "$(awk -F: '$1 == "gpio" { print $3 }' "$r/etc/group")" = 997 ] || fail "the existing gpio group was changed"
cfg=$r/boot/firmware/config.txt
for line in dtparam=spi=on dtparam=i2c_arm=on dtparam=i2c_arm_baudrate=400000 enable_uart=0; do
	n=$(count_lines "$cfg" "$line")
	[ "$n" = 1 ] || fail "config.txt has $line $n times, want 1"
done
for line in '#dtparam=spi=on' dtparam=audio=on '[pi4]' arm_boost=1; do
	[ "$(count_lines "$cfg" "$line")" = 1 ] || fail "config.txt lost $line"
done
# The settings must come after an [all] that follows [pi4].
[ "$(tail -n 5 "$cfg" | head -n 1)" = "[all]" ] || fail "config.txt: the unoref lines are not under a trailing [all]: $(cat "$cfg")"
cmdline=$r/boot/firmware/cmdline.txt
[ "$(wc -l <"$cmdline")" = 1 ] || fail "cmdline.txt is not one line"
grep -q 'console=serial0' "$cmdline" && fail "cmdline.txt still has the serial console"
grep -q 'console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait$' "$cmdline" || fail "cmdline.txt lost words: $(cat "$cmdline")"
grep -q 'console=serial0' "$cmdline.unoref-orig" || fail "no copy of the original cmdline.txt"
link=$r/etc/systemd/system/multi-user.target.wants/unoref.service
[ "$(readlink "$link")" = /etc/systemd/system/unoref.service ] || fail "unit not enabled: $(readlink "$link" || true)"

before=$(snapshot "$r")
"$setup" --root "$r" "$dummy" >"$work/out2" 2>&1 || fail "second run: exit $?: $(cat "$work/out2")"
after=$(snapshot "$r")
if [ "$before" != "$after" ]; then
	fail "the second run changed the root:"
	diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") || true
fi
grep -q '^+ ' "$work/out2" && fail "the second run acted: $(grep '^+ ' "$work/out2")"
grep -q 'keeping .*/etc/unoref/unoref.toml' "$work/out2" || fail "second run does not say it keeps the config"
grep -q 'already has the unoref lines' "$work/out2" || fail "second run does not say config.txt is done"

# --- an upgrade keeps the user's config ---------------------------------
start "upgrade keeps the config"
printf 'admin_pin = "4321"\n' >"$r/etc/unoref/unoref.toml"
cp "$r/etc/unoref/unoref.toml" "$work/edited.toml"
new=$work/unoref-2
printf '#!/bin/sh\necho "unoref 2"\n' >"$new"
chmod 0755 "$new"
"$setup" --root "$r" "$new" >"$work/out3" 2>&1 || fail "upgrade: exit $?: $(cat "$work/out3")"
expect_file "$r/usr/local/bin/unoref" 755 "$new"
cmp -s "$r/etc/unoref/unoref.toml" "$work/edited.toml" || fail "the edited config was overwritten"
[ "$(count_lines "$cfg" dtparam=spi=on)" = 1 ] || fail "config.txt lines repeated on upgrade"

# --- /boot/config.txt that already has everything -------------------------
start "legacy /boot/config.txt, lines present"
r=$work/legacy
mkroot "$r" boot
printf 'dtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\nenable_uart=0\n' >>"$r/boot/config.txt"
cp "$r/boot/config.txt" "$work/legacy-config.txt"
"$setup" --root "$r" "$dummy" >"$work/out4" 2>&1 || fail "exit $?: $(cat "$work/out4")"
cmp -s "$r/boot/config.txt" "$work/legacy-config.txt" || fail "config.txt changed though it had every line"
grep -q 'console=serial0' "$r/boot/cmdline.txt" && fail "serial console left in /boot/cmdline.txt"
[ -e "$r/boot/firmware" ] && fail "created boot/firmware"

# --- the user's config is there before the first install ------------------
start "existing config before the first install"
r=$work/preconf
mkroot "$r"
mkdir -p "$r/etc/unoref"
printf 'listen = ":9000"\n' >"$r/etc/unoref/unoref.toml"
chmod 0600 "$r/etc/unoref/unoref.toml"
"$setup" --root "$r" "$dummy" >"$work/out5" 2>&1 || fail "exit $?: $(cat "$work/out5")"
[ "$(cat "$r/etc/unoref/unoref.toml")" = 'listen = ":9000"' ] || fail "existing config overwritten"
[ "$(mode_of "$r/etc/unoref/unoref.toml")" = 600 ] || fail "existing config's mode changed"

# --- dry run -------------------------------------------------------------
start "dry run changes nothing"
r=$work/dry
mkroot "$r"
before=$(snapshot "$r")
"$setup" --root "$r" --dry-run "$dummy" >"$work/out6" 2>&1 || fail "exit $?: $(cat "$work/out6")"
after=$(snapshot "$r")
[ "$before" = "$after" ] || fail "the dry run changed the root"
grep -q '^would: install .*usr/local/bin/unoref' "$work/out6" || fail "dry run does not list the binary: $(cat "$work/out6")"
grep -q '^would: useradd ' "$work/out6" || fail "dry run does not list the user"
grep -q '^would: append_config ' "$work/out6" || fail "dry run does not list config.txt"
grep -q '^+ ' "$work/out6" && fail "dry run acted"

# --- dry run on the real system ---------------------------------------------
start "dry run without --root"
# Only what is safe on any machine: --dry-run must not change it. The
# config file and binary are checked for absence first, so this says
# nothing on a machine where unoref is installed.
if [ -e /usr/local/bin/unoref ] || [ -e /etc/unoref ]; then
	echo "  (unoref is installed here: skipped)"
else
	"$setup" --dry-run "$dummy" >"$work/out12" 2>&1 || fail "exit $?: $(cat "$work/out12")"
	grep -q '^would: systemctl enable unoref.service' "$work/out12" || fail "does not list systemctl enable: $(cat "$work/out12")"
	grep -q '^would: install .* /etc/unoref/unoref.toml$' "$work/out12" || fail "does not list the config"
	grep -q '^+ ' "$work/out12" && fail "acted: $(grep '^+ ' "$work/out12")"
	grep -q 'is running' "$work/out12" && fail "claims the service runs"
	[ ! -e /usr/local/bin/unoref ] || fail "installed the binary"
	[ ! -e /etc/unoref ] || fail "created /etc/unoref"
fi

# --- --keep-serial-console -------------------------------------------------
start "keep the serial console"
r=$work/serial
mkroot "$r"
"$setup" --root "$r" --keep-serial-console "$dummy" >"$work/out7" 2>&1 || fail "exit $?: $(cat "$work/out7")"
grep -q '^enable_uart' "$r/boot/firmware/config.txt" && fail "enable_uart added"
grep -q 'console=serial0,115200' "$r/boot/firmware/cmdline.txt" || fail "serial console removed"
[ "$(count_lines "$r/boot/firmware/config.txt" dtparam=spi=on)" = 1 ] || fail "spi not added"

# --- no boot partition -------------------------------------------------
start "no config.txt"
r=$work/noboot
mkroot "$r" ""
"$setup" --root "$r" "$dummy" >"$work/out8" 2>&1 || fail "exit $?: $(cat "$work/out8")"
grep -q 'by hand' "$work/out8" || fail "does not say to add the lines by hand"
[ -e "$r/boot" ] && fail "created /boot"

# --- refusals ------------------------------------------------------------
start "refusals"
r=$work/refuse
mkroot "$r"
if "$setup" --root "$r" "$work/nonexistent" >"$work/out9" 2>&1; then fail "accepted a missing binary"; fi
grep -q 'no binary at' "$work/out9" || fail "missing binary: $(cat "$work/out9")"
if "$setup" --root "$r" --bogus "$dummy" >/dev/null 2>&1; then fail "accepted --bogus"; fi
mkdir -p "$work/notaroot"
if "$setup" --root "$work/notaroot" "$dummy" >/dev/null 2>&1; then fail "accepted a root without etc/passwd"; fi
[ -e "$r/usr/local" ] && fail "a refused run installed something"

start "binary for the wrong architecture"
if command -v dpkg >/dev/null 2>&1; then
	host=$(dpkg --print-architecture)
	other=armhf
	[ "$host" != armhf ] && [ "$host" != armel ] || other=arm64
	elf=$work/elf
	cp "$(type -P true)" "$elf"
	if "$setup" --root "$r" --arch "$other" "$elf" >"$work/out10" 2>&1; then
		fail "accepted a $host binary for $other"
	fi
	grep -q "built for $host, this system runs $other" "$work/out10" || fail "wrong arch: $(cat "$work/out10")"
	"$setup" --root "$r" --arch "$host" "$elf" >"$work/out11" 2>&1 || fail "refused a $host binary for $host: $(cat "$work/out11")"
else
	echo "  (no dpkg: skipped)"
fi

if [ "$failures" -gt 0 ]; then
	printf 'setup_test.sh: %d failure(s)\n' "$failures"
	exit 1
fi
echo "setup_test.sh: ok"
