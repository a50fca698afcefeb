#!/usr/bin/env bash
# setup_test.sh runs setup.sh against throw-away root filesystems (--root)
# and checks what it installs, that a second run changes nothing, that it
# keeps an existing config and a person's edits to its config.txt block
# (and an I2C speed set before it),
# the [pi4]/[cm4] filters of config.txt, the pending reboot, a run resumed
# after an abort, an upgrade interrupted before its restart, --uninstall
# (and --purge, which asks or wants --yes), --with-voice, and its
# --dry-run, --keep-serial-console and --arch behaviour. The systemctl,
# udevadm, apt-get and dpkg-query of a live system are stand-ins that log
# their calls (UNOREF_SETUP_LIVE=1). Needs root (useradd --root, chown); no
# Pi, no systemd.
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
# The settings must come after an [all] that follows [pi4], in our block.
[ "$(tail -n 6 "$cfg" | head -n 1)" = "[all]" ] || fail "config.txt: the unoref lines are not under a trailing [all]: $(cat "$cfg")"
[ "$(tail -n 7 "$cfg" | head -n 1 | cut -c1-12)" = "# >>> unoref" ] || fail "config.txt: no begin marker before the block: $(cat "$cfg")"
[ "$(tail -n 1 "$cfg")" = "# <<< unoref" ] || fail "config.txt: no end marker after the block: $(cat "$cfg")"
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
printf '[all]\ndtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\nenable_uart=0\n' >>"$r/boot/config.txt"
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

# --- a live system, with stand-ins for its tools --------------------------

# mkstubs DIR puts systemctl, udevadm, apt-get and dpkg-query stand-ins in
# DIR: each logs its call to DIR/log; systemctl keeps the unit's state as
# files (enabled, active, need-reload, mainpid: the daemon's PID, whose
# exe is DIR/proc/PID/exe) and fails enable or restart while
# DIR/fail-enable or DIR/fail-restart exists; dpkg-query knows the packages
# in DIR/installed, and apt-get adds to them. DIR/boot_id is the boot ID.
mkstubs() {
	local d=$1
	mkdir -p "$d"
	cat >"$d/systemctl" <<'STUB'
#!/bin/sh
d=$(dirname "$0")
echo "systemctl $*" >>"$d/log"
case "$*" in
"is-enabled --quiet unoref.service") [ -e "$d/enabled" ] ;;
"is-active --quiet unoref.service") [ -e "$d/active" ] ;;
"enable unoref.service") [ ! -e "$d/fail-enable" ] && touch "$d/enabled" ;;
"restart unoref.service") [ ! -e "$d/fail-restart" ] && touch "$d/active" && rm -f "$d/mainpid" ;;
"daemon-reload") rm -f "$d/need-reload" ;;
"show -p NeedDaemonReload --value unoref.service") if [ -e "$d/need-reload" ]; then echo yes; else echo no; fi ;;
"show -p MainPID --value unoref.service") cat "$d/mainpid" 2>/dev/null || echo 0 ;;
"disable --now unoref.service") rm -f "$d/enabled" "$d/active" ;;
esac
STUB
	cat >"$d/udevadm" <<'STUB'
#!/bin/sh
echo "udevadm $*" >>"$(dirname "$0")/log"
STUB
	cat >"$d/apt-get" <<'STUB'
#!/bin/sh
d=$(dirname "$0")
echo "apt-get $*" >>"$d/log"
for p; do case $p in -*|install) ;; *) echo "$p" >>"$d/installed" ;; esac; done
STUB
	cat >"$d/dpkg-query" <<'STUB'
#!/bin/sh
d=$(dirname "$0")
for p; do :; done
if grep -qx "$p" "$d/installed" 2>/dev/null; then echo "install ok installed"; else exit 1; fi
STUB
	chmod 0755 "$d/systemctl" "$d/udevadm" "$d/apt-get" "$d/dpkg-query"
	echo boot-1 >"$d/boot_id"
	: >"$d/log"
}

# live STUBS ARGS... runs setup.sh as on a live system with the stand-ins.
live() {
	local d=$1
	shift
	PATH="$d:$PATH" UNOREF_SETUP_LIVE=1 UNOREF_BOOT_ID_FILE="$d/boot_id" UNOREF_PROC="$d/proc" "$setup" "$@"
}

logged() { grep -qxF -- "$2" "$1/log"; }

start "live: a pending reboot is remembered"
r=$work/live
s=$work/live-stubs
mkroot "$r"
mkstubs "$s"
live "$s" --root "$r" "$dummy" >"$work/live1" 2>&1 || fail "first run: exit $?: $(cat "$work/live1")"
logged "$s" "systemctl enable unoref.service" || fail "first run did not enable the unit: $(cat "$s/log")"
logged "$s" "systemctl restart unoref.service" && fail "first run restarted the service before the reboot"
grep -q 'reboot first' "$work/live1" || fail "first run does not say to reboot: $(cat "$work/live1")"
[ -f "$r/var/lib/unoref-setup/reboot-pending" ] || fail "no reboot-pending state"
: >"$s/log"
live "$s" --root "$r" "$dummy" >"$work/live2" 2>&1 || fail "second run before the reboot: exit $?: $(cat "$work/live2")"
grep -q 'reboot first' "$work/live2" || fail "second run before the reboot does not say reboot first: $(cat "$work/live2")"
logged "$s" "systemctl restart unoref.service" && fail "second run before the reboot restarted the service"
grep -q 'systemctl enable' "$work/live2" && fail "second run printed systemctl enable: $(cat "$work/live2")"
grep -q '^+ ' "$work/live2" && fail "second run acted: $(grep '^+ ' "$work/live2")"
echo boot-2 >"$s/boot_id" # the reboot
: >"$s/log"
live "$s" --root "$r" "$dummy" >"$work/live3" 2>&1 || fail "run after the reboot: exit $?: $(cat "$work/live3")"
logged "$s" "systemctl restart unoref.service" || fail "run after the reboot did not start the service: $(cat "$s/log")"
grep -q 'reboot first' "$work/live3" && fail "run after the reboot still asks for one"
[ -e "$r/var/lib/unoref-setup/reboot-pending" ] && fail "reboot-pending kept after the reboot"
: >"$s/log"
before=$(snapshot "$r")
live "$s" --root "$r" "$dummy" >"$work/live4" 2>&1 || fail "repeat run: exit $?: $(cat "$work/live4")"
[ "$before" = "$(snapshot "$r")" ] || fail "the repeat run changed the root"
grep -Eq '^(\+|would:) ' "$work/live4" && fail "the repeat run acted: $(cat "$work/live4")"
grep -q 'systemctl enable' "$work/live4" && fail "the repeat run printed systemctl enable"
grep -q 'up to date and running' "$work/live4" || fail "the repeat run does not say all is well: $(cat "$work/live4")"
# An upgrade after the reboot restarts the service.
: >"$s/log"
live "$s" --root "$r" "$new" >"$work/live5" 2>&1 || fail "upgrade: exit $?: $(cat "$work/live5")"
logged "$s" "systemctl restart unoref.service" || fail "upgrade did not restart the service: $(cat "$s/log")"
# A service that fails to start says where to look, and the run fails.
touch "$s/fail-restart"
rm -f "$s/active"
if live "$s" --root "$r" "$new" >"$work/live6" 2>&1; then fail "a failed restart exited 0"; fi
grep -q 'journalctl -u unoref' "$work/live6" || fail "a failed restart gives no hint: $(cat "$work/live6")"

start "live: an upgrade interrupted before its restart is finished"
# The earlier run put the new binary and unit in place and stopped: the old
# daemon still runs from its deleted binary, with the unit of before.
rm -f "$s/fail-restart"
touch "$s/active" "$s/need-reload"
echo 4242 >"$s/mainpid"
mkdir -p "$s/proc/4242"
ln -sfn "$r/usr/local/bin/unoref (deleted)" "$s/proc/4242/exe"
: >"$s/log"
live "$s" --root "$r" "$new" >"$work/live7" 2>&1 || fail "rerun: exit $?: $(cat "$work/live7")"
grep -q 'up to date' "$work/live7" && fail "says up to date while the old binary runs: $(cat "$work/live7")"
logged "$s" "systemctl daemon-reload" || fail "no daemon-reload for the unit systemd has not loaded: $(cat "$s/log")"
logged "$s" "systemctl restart unoref.service" || fail "the old binary was left running: $(cat "$s/log")"
grep -q 'not the installed binary' "$work/live7" || fail "does not say why it restarts: $(cat "$work/live7")"
# The daemon runs the installed binary with the loaded unit: all is well.
echo 4243 >"$s/mainpid"
mkdir -p "$s/proc/4243"
ln -sfn "$r/usr/local/bin/unoref" "$s/proc/4243/exe"
: >"$s/log"
live "$s" --root "$r" "$new" >"$work/live8" 2>&1 || fail "rerun: exit $?: $(cat "$work/live8")"
grep -q 'up to date and running' "$work/live8" || fail "the current daemon is not up to date: $(cat "$work/live8")"
logged "$s" "systemctl restart unoref.service" && fail "restarted a current daemon"

start "live: a run aborted midway resumes"
r=$work/abort
s=$work/abort-stubs
mkroot "$r"
mkstubs "$s"
touch "$s/fail-enable"
if live "$s" --root "$r" "$dummy" >"$work/abort1" 2>&1; then fail "the run with a failing systemctl enable exited 0"; fi
grep -q '^dtparam=spi=on' "$r/boot/firmware/config.txt" || fail "the aborted run did not get to config.txt"
[ -e "$s/enabled" ] && fail "the stand-in enabled the unit"
rm "$s/fail-enable"
: >"$s/log"
live "$s" --root "$r" "$dummy" >"$work/abort2" 2>&1 || fail "resumed run: exit $?: $(cat "$work/abort2")"
[ -e "$s/enabled" ] || fail "the resumed run did not enable the unit: $(cat "$s/log")"
logged "$s" "systemctl restart unoref.service" && fail "the resumed run restarted the service before the reboot"
grep -q 'reboot first' "$work/abort2" || fail "the resumed run does not say reboot first: $(cat "$work/abort2")"
[ "$(count_lines "$r/boot/firmware/config.txt" dtparam=spi=on)" = 1 ] || fail "the resumed run repeated config.txt lines"

# --- config.txt: a person's edits, model filters, an older block ------------

# block FILE prints the settings inside our block.
block() { sed -n '/^# >>> unoref/,/^# <<< unoref/{/^#/d;/^\[all\]$/d;p;}' "$1"; }

start "config.txt edits in our block are kept"
r=$work/edits
mkroot "$r"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "install: exit $?"
cfg=$r/boot/firmware/config.txt
sed -i 's/^dtparam=i2c_arm_baudrate=400000$/dtparam=i2c_arm_baudrate=100000/' "$cfg"
cp "$cfg" "$work/edited-config.txt"
"$setup" --root "$r" "$dummy" >"$work/edits1" 2>&1 || fail "rerun: exit $?: $(cat "$work/edits1")"
cmp -s "$cfg" "$work/edited-config.txt" || fail "the rerun changed the edited config.txt: $(diff "$work/edited-config.txt" "$cfg")"
grep -q 'keeping dtparam=i2c_arm_baudrate=100000' "$work/edits1" || fail "the rerun does not say it keeps the edit: $(cat "$work/edits1")"
sed -i '/^enable_uart=0$/d' "$cfg" # a line lost from the block comes back, inside it
"$setup" --root "$r" "$dummy" >"$work/edits2" 2>&1 || fail "rerun: exit $?: $(cat "$work/edits2")"
want=$(printf 'dtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\nenable_uart=0')
[ "$(block "$cfg")" = "$want" ] || fail "block after restoring a line: $(block "$cfg")"
[ "$(grep -c '^# >>> unoref' "$cfg")" = 1 ] || fail "more than one block: $(cat "$cfg")"

start "[pi4] and [cm4] settings do not count for every model"
r=$work/filters
mkroot "$r"
cfg=$r/boot/firmware/config.txt
printf '[pi4]\ndtparam=spi=on\n[cm4]\nenable_uart=0\n[all]\ndtparam=i2c_arm=on,i2c_arm_baudrate=400000\n' >>"$cfg"
"$setup" --root "$r" "$dummy" >"$work/filters1" 2>&1 || fail "exit $?: $(cat "$work/filters1")"
want=$(printf 'dtparam=spi=on\nenable_uart=0')
[ "$(block "$cfg")" = "$want" ] || fail "block = $(block "$cfg"), want the filtered settings again under [all]"
r=$work/present
mkroot "$r" boot
printf '[all]\ndtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\nenable_uart=0\n' >>"$r/boot/config.txt"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "exit $?"
grep -q '^# >>> unoref' "$r/boot/config.txt" && fail "a block was added though [all] had every line"

start "an I2C speed set before the install is kept; other values are overridden, and said so"
r=$work/speed
mkroot "$r"
cfg=$r/boot/firmware/config.txt
printf '[all]\ndtparam=i2c_arm_baudrate=100000\nenable_uart=1\n' >>"$cfg"
"$setup" --root "$r" "$dummy" >"$work/speed1" 2>&1 || fail "exit $?: $(cat "$work/speed1")"
grep -q 'keeping dtparam=i2c_arm_baudrate=100000' "$work/speed1" || fail "does not say it keeps the I2C speed: $(cat "$work/speed1")"
[ "$(count_lines "$cfg" dtparam=i2c_arm_baudrate=400000)" = 0 ] || fail "400000 added after the person's 100000: $(cat "$cfg")"
grep -q 'enable_uart=1 .*enable_uart=0, which wins' "$work/speed1" || fail "does not say that enable_uart=0 overrides enable_uart=1: $(cat "$work/speed1")"
"$setup" --root "$r" "$dummy" >"$work/speed2" 2>&1 || fail "rerun: exit $?: $(cat "$work/speed2")"
grep -q 'keeping dtparam=i2c_arm_baudrate=100000' "$work/speed2" || fail "the rerun does not say it keeps the I2C speed: $(cat "$work/speed2")"
grep -q '^+ ' "$work/speed2" && fail "the rerun acted: $(grep '^+ ' "$work/speed2")"

start "the block of an older setup.sh is adopted"
r=$work/older
mkroot "$r"
cfg=$r/boot/firmware/config.txt
printf '\n# unoref (firmware/config.txt, added by setup.sh)\n[all]\ndtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\n\n[pi4]\ndtoverlay=vc4-kms-v3d\n' >>"$cfg"
"$setup" --root "$r" "$dummy" >"$work/older1" 2>&1 || fail "exit $?: $(cat "$work/older1")"
grep -q '^# unoref (firmware/config.txt, added by setup.sh)$' "$cfg" && fail "the old header is still there"
want=$(printf 'dtparam=spi=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\nenable_uart=0')
[ "$(block "$cfg")" = "$want" ] || fail "adopted block = $(block "$cfg"), want the old lines, the edit kept, enable_uart=0 added"
[ "$(count_lines "$cfg" dtparam=i2c_arm_baudrate=400000)" = 0 ] || fail "400000 added beside the edited 100000"
[ "$(tail -n 2 "$cfg")" = "$(printf '[pi4]\ndtoverlay=vc4-kms-v3d')" ] || fail "lines after the old block moved: $(cat "$cfg")"

# --- uninstall ---------------------------------------------------------

start "uninstall restores the boot files and keeps the journal"
r=$work/remove
mkroot "$r"
cp "$r/boot/firmware/config.txt" "$work/pristine-config.txt"
cp "$r/boot/firmware/cmdline.txt" "$work/pristine-cmdline.txt"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "install: exit $?"
mkdir -p "$r/var/lib/unoref" "$r/etc/systemd/system/unoref.service.d"
echo journal >"$r/var/lib/unoref/journal.db"
printf '[Service]\nMemoryMax=200M\n' >"$r/etc/systemd/system/unoref.service.d/override.conf"
"$setup" --root "$r" --uninstall >"$work/rm1" 2>&1 || fail "uninstall: exit $?: $(cat "$work/rm1")"
for p in usr/local/bin/unoref etc/systemd/system/unoref.service etc/systemd/system/unoref.service.d \
	etc/systemd/system/multi-user.target.wants/unoref.service etc/modules-load.d/unoref.conf \
	etc/udev/rules.d/60-unoref.rules var/lib/unoref-setup boot/firmware/cmdline.txt.unoref-orig; do
	if [ -e "$r/$p" ] || [ -L "$r/$p" ]; then fail "$p left behind"; fi
done
cmp -s "$r/boot/firmware/config.txt" "$work/pristine-config.txt" || fail "config.txt not as before: $(diff "$work/pristine-config.txt" "$r/boot/firmware/config.txt")"
cmp -s "$r/boot/firmware/cmdline.txt" "$work/pristine-cmdline.txt" || fail "cmdline.txt not as before: $(cat "$r/boot/firmware/cmdline.txt")"
[ -f "$r/var/lib/unoref/journal.db" ] || fail "the journal was deleted"
[ -f "$r/etc/unoref/unoref.toml" ] || fail "the config was deleted"
grep -q '^unoref:' "$r/etc/passwd" || fail "the user was deleted"
grep -q '/var/lib/unoref' "$work/rm1" || fail "uninstall does not say where the journal is: $(cat "$work/rm1")"
grep -q 'decks.db' "$work/rm1" && fail "uninstall says it kept a decks.db there is none of: $(cat "$work/rm1")"
grep -q -- '--purge' "$work/rm1" || fail "uninstall does not mention --purge"
before=$(snapshot "$r")
"$setup" --root "$r" --uninstall >"$work/rm2" 2>&1 || fail "second uninstall: exit $?: $(cat "$work/rm2")"
[ "$before" = "$(snapshot "$r")" ] || fail "the second uninstall changed the root"
grep -q '^+ ' "$work/rm2" && fail "the second uninstall acted: $(grep '^+ ' "$work/rm2")"

start "uninstall keeps later edits"
r=$work/remove-edits
mkroot "$r"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "install: exit $?"
cfg=$r/boot/firmware/config.txt
cmdline=$r/boot/firmware/cmdline.txt
printf 'dtoverlay=gpio-fan\n' >>"$cfg"
sed -i 's/$/ quiet/' "$cmdline"
"$setup" --root "$r" --uninstall >"$work/rm3" 2>&1 || fail "uninstall: exit $?: $(cat "$work/rm3")"
grep -q '^# >>> unoref\|^dtparam=spi=on$' "$cfg" && fail "the block is still there: $(cat "$cfg")"
[ "$(tail -n 2 "$cfg")" = "$(printf '[all]\ndtoverlay=gpio-fan')" ] || fail "the later line is gone or fell under [pi4]: $(cat "$cfg")"
want='console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait quiet'
[ "$(cat "$cmdline")" = "$want" ] || fail "cmdline.txt = $(cat "$cmdline"), want $want"

start "uninstall --purge"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "reinstall: exit $?"
mkdir -p "$r/var/lib/unoref"
echo journal >"$r/var/lib/unoref/journal.db"
before=$(snapshot "$r")
"$setup" --root "$r" --uninstall --purge --dry-run >"$work/rm4" 2>&1 || fail "dry run: exit $?: $(cat "$work/rm4")"
[ "$before" = "$(snapshot "$r")" ] || fail "the dry run changed the root"
if "$setup" --root "$r" --uninstall --purge </dev/null >"$work/rm5" 2>&1; then fail "purged the journal without asking and without --yes"; fi
[ "$before" = "$(snapshot "$r")" ] || fail "a refused purge changed the root"
grep -q -- '--yes' "$work/rm5" || fail "a refused purge does not name --yes: $(cat "$work/rm5")"
if printf 'no\n' | script -qec "$setup --root $r --uninstall --purge" /dev/null >"$work/rm5" 2>&1; then fail "purged after the answer no"; fi
grep -q 'Type yes' "$work/rm5" || fail "no question at a terminal: $(cat "$work/rm5")"
[ "$before" = "$(snapshot "$r")" ] || fail "a purge answered no changed the root"
printf 'yes\n' | script -qec "$setup --root $r --uninstall --purge" /dev/null >"$work/rm5" 2>&1 || fail "purge answered yes: exit $?: $(cat "$work/rm5")"
[ -e "$r/var/lib/unoref" ] && fail "the journal is still there"
[ -e "$r/etc/unoref" ] && fail "/etc/unoref is still there"
grep -q '^unoref:' "$r/etc/passwd" "$r/etc/group" && fail "the unoref user or group is still there"
grep -q '^gpio:' "$r/etc/group" || fail "the gpio group was deleted"
if "$setup" --root "$r" --purge >/dev/null 2>&1; then fail "accepted --purge without --uninstall"; fi
"$setup" --root "$r" --uninstall --purge >"$work/rm7" 2>&1 || fail "second purge: exit $?: $(cat "$work/rm7")"
grep -q 'purged' "$work/rm7" && fail "a second purge says purged again: $(cat "$work/rm7")"
grep -q 'nothing to purge' "$work/rm7" || fail "a second purge does not say there was nothing: $(cat "$work/rm7")"
"$setup" --root "$r" "$dummy" >/dev/null 2>&1 || fail "reinstall: exit $?"
mkdir -p "$r/var/lib/unoref"
echo journal >"$r/var/lib/unoref/journal.db"
"$setup" --root "$r" --uninstall --purge --yes </dev/null >"$work/rm8" 2>&1 || fail "purge --yes: exit $?: $(cat "$work/rm8")"
[ -e "$r/var/lib/unoref" ] && fail "purge --yes left the journal"

start "live uninstall stops and disables the service"
r=$work/live-remove
s=$work/live-remove-stubs
mkroot "$r"
mkstubs "$s"
live "$s" --root "$r" "$dummy" >/dev/null 2>&1 || fail "install: exit $?"
touch "$s/active"
: >"$s/log"
live "$s" --root "$r" --uninstall >"$work/rm6" 2>&1 || fail "uninstall: exit $?: $(cat "$work/rm6")"
logged "$s" "systemctl disable --now unoref.service" || fail "the service was not stopped: $(cat "$s/log")"
logged "$s" "systemctl daemon-reload" || fail "no daemon-reload after removing the unit"

# --- voice packages -------------------------------------------------------

start "--with-voice installs espeak-ng and alsa-utils"
r=$work/voice
s=$work/voice-stubs
mkroot "$r"
mkstubs "$s"
live "$s" --root "$r" --with-voice "$dummy" >"$work/voice1" 2>&1 || fail "exit $?: $(cat "$work/voice1")"
grep -q '^apt-get install .*espeak-ng alsa-utils$' "$s/log" || fail "apt-get not asked for both packages: $(cat "$s/log")"
[ "$(grep -n '^apt-get update' "$s/log" | cut -d: -f1)" = "$(($(grep -n '^apt-get install' "$s/log" | cut -d: -f1) - 1))" ] || fail "no apt-get update right before the install: $(cat "$s/log")"
case ",$(awk -F: '$1 == "audio" { print $4 }' "$r/etc/group")," in
*,unoref,*) ;;
*) fail "unoref is not in group audio: $(grep '^audio:' "$r/etc/group")" ;;
esac
: >"$s/log"
live "$s" --root "$r" --with-voice "$dummy" >/dev/null 2>&1 || fail "second run: exit $?"
grep -q '^apt-get' "$s/log" && fail "apt-get run again for installed packages"
: >"$s/log"
live "$s" --root "$r" "$dummy" >/dev/null 2>&1 || fail "run without --with-voice: exit $?"
r=$work/voice-image
mkroot "$r"
"$setup" --root "$r" --with-voice "$dummy" >"$work/voice2" 2>&1 || fail "image: exit $?: $(cat "$work/voice2")"
grep -q 'espeak-ng alsa-utils' "$work/voice2" || fail "image run does not name the packages: $(cat "$work/voice2")"

if [ "$failures" -gt 0 ]; then
	printf 'setup_test.sh: %d failure(s)\n' "$failures"
	exit 1
fi
echo "setup_test.sh: ok"
