#!/usr/bin/env bash
# setup.sh installs the unoref referee on Raspberry Pi OS: the binary, the
# systemd unit, the unoref user, the default config, the kernel modules and
# udev rule for the devices, and the boot settings of config.txt.
#
#   sudo ./setup.sh [OPTIONS] [BINARY]      install, or upgrade
#   sudo ./setup.sh --uninstall [--purge]   remove
#
# BINARY is the unoref executable to install (default ./unoref). Safe to run
# again: to upgrade the binary, or to finish a run that was interrupted. It
# never overwrites /etc/unoref/unoref.toml, and it keeps the config.txt
# settings in one marked block ("# >>> unoref" ... "# <<< unoref") whose
# values you may edit (say dtparam=i2c_arm_baudrate=100000): a later run
# keeps them. A change to config.txt or cmdline.txt needs a reboot; until
# it has happened, a run says "reboot first" and leaves the service alone.
#
# Options:
#   --root DIR              install into the root filesystem at DIR (an SD
#                           card image being prepared, a test): no systemctl,
#                           no udevadm, no apt-get; users go into DIR/etc
#   --dry-run               print what would change, change nothing
#   --arch ARCH             check BINARY against this Debian architecture
#                           (armhf, arm64, ...); default: the host's, except
#                           with --root
#   --keep-serial-console   leave the UART and the serial console alone (for
#                           a pin map that does not use GPIO 14/15)
#   --with-voice            also install espeak-ng and alsa-utils (apt-get
#                           update first) for the spoken referee ([voice]),
#                           and put the unoref user in the audio group
#   --uninstall             remove the binary, the unit and its drop-ins, the
#                           modules and udev files, the config.txt block and
#                           the cmdline.txt change (later edits stay); keep
#                           the journal, the config and the unoref user
#   --purge                 with --uninstall: also delete the family's journal
#                           and decks (/var/lib/unoref), /etc/unoref and the
#                           user; asks first, or give --yes
#   --yes                   with --purge: delete without asking (no terminal)
#   -h, --help              this text
#
# For tests: UNOREF_SETUP_LIVE=1 with --root runs systemctl, udevadm,
# apt-get and dpkg-query (stand-ins on PATH) as on a live system,
# UNOREF_BOOT_ID_FILE replaces /proc/sys/kernel/random/boot_id and
# UNOREF_PROC replaces /proc (where the running binary is looked at).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

root=""
dry_run=0
arch=""
keep_serial=0
with_voice=0
uninstall=0
purge=0
yes=0
binary=""

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p;}' "${BASH_SOURCE[0]}"; }
die() {
	printf 'setup.sh: %s\n' "$*" >&2
	exit 1
}
say() { printf '%s\n' "$*"; }

while [ $# -gt 0 ]; do
	case $1 in
	--root)
		[ $# -ge 2 ] || die "--root needs a directory"
		root=$2
		shift 2
		;;
	--root=*)
		root=${1#--root=}
		shift
		;;
	--dry-run)
		dry_run=1
		shift
		;;
	--arch)
		[ $# -ge 2 ] || die "--arch needs an architecture"
		arch=$2
		shift 2
		;;
	--arch=*)
		arch=${1#--arch=}
		shift
		;;
	--keep-serial-console)
		keep_serial=1
		shift
		;;
	--with-voice)
		with_voice=1
		shift
		;;
	--uninstall)
		uninstall=1
		shift
		;;
	--purge)
		purge=1
		shift
		;;
	--yes)
		yes=1
		shift
		;;
	-h | --help)
		usage
		exit 0
		;;
	--)
		shift
		break
		;;
	-*) die "unknown option $1 (see --help)" ;;
	*)
		[ -z "$binary" ] || die "one binary only (got $binary and $1)"
		binary=$1
		shift
		;;
	esac
done
if [ $# -gt 0 ]; then
	if [ -n "$binary" ] || [ $# -gt 1 ]; then die "one binary only"; fi
	binary=$1
fi
[ "$purge" = 0 ] || [ "$uninstall" = 1 ] || die "--purge goes with --uninstall"
[ "$yes" = 0 ] || [ "$purge" = 1 ] || die "--yes goes with --uninstall --purge"
if [ "$uninstall" = 1 ] && [ -n "$binary" ]; then die "--uninstall takes no binary"; fi
binary=${binary:-./unoref}

if [ -n "$root" ]; then
	[ -d "$root" ] || die "--root $root: not a directory"
	root=$(cd "$root" && pwd)
	[ "$root" != / ] || root=""
fi
if [ -z "$root" ] && [ "$dry_run" = 0 ] && [ "$(id -u)" != 0 ]; then
	die "run as root (sudo), or with --dry-run or --root DIR"
fi
# live: this root is a running system (systemctl, udevadm, apt-get apply);
# otherwise it is an image that boots later.
live=1
[ -z "$root" ] || [ "${UNOREF_SETUP_LIVE:-0}" = 1 ] || live=0

# Every change goes through act: it prints the change, and makes it unless
# this is a dry run.
act() {
	if [ "$dry_run" = 1 ]; then
		printf 'would:'
		printf ' %q' "$@"
		printf '\n'
	else
		printf '+'
		printf ' %q' "$@"
		printf '\n'
		"$@"
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# What setup.sh installs, and where it keeps its own state: whether a
# reboot is due (the boot ID of the run that changed the boot files).
bin_dst=$root/usr/local/bin/unoref
unit_dst=$root/etc/systemd/system/unoref.service
dropin_dir=$root/etc/systemd/system/unoref.service.d
wants_link=$root/etc/systemd/system/multi-user.target.wants/unoref.service
modules_dst=$root/etc/modules-load.d/unoref.conf
udev_dst=$root/etc/udev/rules.d/60-unoref.rules
conf_dir=$root/etc/unoref
conf=$conf_dir/unoref.toml
data_dir=$root/var/lib/unoref
state_dir=$root/var/lib/unoref-setup
pending=$state_dir/reboot-pending

# --- the binary -------------------------------------------------------

# elf_arch prints the Debian architecture an ELF executable is built for,
# or nothing if it is not an ELF file (a script) or an unknown one.
elf_arch() {
	local magic class machine
	magic=$(od -An -tx1 -N4 "$1" | tr -d ' \n')
	[ "$magic" = 7f454c46 ] || return 0
	class=$(od -An -tx1 -j4 -N1 "$1" | tr -d ' \n')
	machine=$(od -An -tx1 -j18 -N2 "$1" | tr -d ' \n')
	case $class:$machine in
	01:2800) echo armhf ;;
	02:b700) echo arm64 ;;
	02:3e00) echo amd64 ;;
	01:0300) echo i386 ;;
	02:f300) echo riscv64 ;;
	esac
}

check_binary() {
	[ -f "$binary" ] || die "no binary at $binary: build it (firmware/README.md) or give its path"
	[ -x "$binary" ] || die "$binary is not executable"
	local f
	for f in unoref.service unoref.toml config.txt; do
		[ -f "$here/$f" ] || die "missing $here/$f: run setup.sh from the firmware directory it came with"
	done
	if [ -z "$arch" ] && [ -z "$root" ] && command -v dpkg >/dev/null 2>&1; then
		arch=$(dpkg --print-architecture)
	fi
	[ -n "$arch" ] || return 0
	local want=$arch got
	[ "$want" != armel ] || want=armhf # one ELF machine for both
	got=$(elf_arch "$binary")
	if [ -n "$got" ] && [ "$got" != "$want" ]; then
		die "$binary is built for $got, this system runs $arch: rebuild it (GOARCH=arm GOARM=6 for armhf, GOARCH=arm64 for arm64); the unit's SystemCallArchitectures=native would kill it"
	fi
}

# --- users and groups -------------------------------------------------

# init_shadow checks that --root is a root filesystem and points useradd
# and friends at it.
init_shadow() {
	shadow_opt=()
	[ -n "$root" ] || return 0
	if [ ! -f "$root/etc/passwd" ] || [ ! -f "$root/etc/group" ]; then
		die "--root $root: no etc/passwd or etc/group, not a root filesystem"
	fi
	shadow_opt=(--root "$root")
}

# have KIND NAME: is there a user (passwd) or group (group) called NAME?
have() {
	if [ -n "$root" ]; then
		grep -q "^$2:" "$root/etc/$1"
	else
		getent "$1" "$2" >/dev/null
	fi
}

# gid NAME prints the number of group NAME (in the root being installed).
gid() {
	if [ -n "$root" ]; then
		awk -F: -v g="$1" '$1 == g { print $3; exit }' "$root/etc/group"
	else
		getent group "$1" | cut -d: -f3 || true
	fi
}

# members GROUP prints the members of GROUP, comma-separated.
members() {
	if [ -n "$root" ]; then
		awk -F: -v g="$1" '$1 == g { print $4 }' "$root/etc/group"
	else
		getent group "$1" | cut -d: -f4 || true
	fi
}

install_users() {
	local g
	# Raspberry Pi OS has the device groups; another Debian may not, and
	# then the udev rule hands the devices to the new groups.
	local groups=(gpio spi i2c)
	# The speaker of [voice]: /dev/snd/* is root:audio. The service gets
	# the group from the unit; unoref doctor run as the user needs it too.
	[ "$with_voice" = 0 ] || groups+=(audio)
	for g in "${groups[@]}"; do
		have group "$g" || act groupadd "${shadow_opt[@]}" --system "$g"
	done
	if ! have passwd unoref; then
		act useradd "${shadow_opt[@]}" --system --user-group --no-create-home \
			--home-dir /var/lib/unoref --shell /usr/sbin/nologin \
			--comment "unoref UNO referee" unoref
	fi
	# Membership matters for running unoref by hand as this user (sudo -u
	# unoref unoref doctor); the service gets the groups from the unit.
	for g in "${groups[@]}"; do
		case ",$(members "$g")," in
		*,unoref,*) ;;
		*) act usermod "${shadow_opt[@]}" --append --groups "$g" unoref ;;
		esac
	done
}

# --- files ------------------------------------------------------------

# put MODE SRC DST installs SRC as DST (root-owned) unless DST already has
# the same content and mode; it prints nothing when there is nothing to do.
put() {
	local mode=$1 src=$2 dst=$3
	if [ -f "$dst" ] && cmp -s "$src" "$dst" && [ "$(stat -c %a "$dst")" = "${mode#0}" ]; then
		return 0
	fi
	act install -D -m "$mode" -o 0 -g 0 "$src" "$dst"
	changed=1
}

install_files() {
	changed=0
	put 0755 "$binary" "$bin_dst"
	binary_changed=$changed

	changed=0
	put 0644 "$here/unoref.service" "$unit_dst"
	unit_changed=$changed

	# The kernel modules behind /dev/spidev* and /dev/i2c-*, loaded early at
	# boot so that the unit's DeviceAllow=char-spi/char-i2c find their majors.
	printf '# unoref: SPI (RC522) and I2C (OLED, seat pads) device nodes\nspidev\ni2c-dev\n' >"$tmp/modules.conf"
	changed=0
	put 0644 "$tmp/modules.conf" "$modules_dst"

	# Device ownership the unit relies on. Raspberry Pi OS's 99-com.rules
	# says the same; this covers other Debians.
	cat >"$tmp/udev.rules" <<'RULES'
# unoref: GPIO, SPI and I2C character devices for their groups (the unoref
# service runs with SupplementaryGroups=gpio spi i2c).
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
SUBSYSTEM=="spidev", GROUP="spi", MODE="0660"
SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660"
RULES
	changed=0
	put 0644 "$tmp/udev.rules" "$udev_dst"
	udev_changed=$changed
	install_config
}

# install_config copies the default config only if there is none. It holds
# the admin PIN, so only root and the unoref group read it.
install_config() {
	if [ -e "$conf" ]; then
		say "keeping $conf (compare with $here/unoref.toml for new keys)"
		return 0
	fi
	local group
	group=$(gid unoref)
	[ -n "$group" ] || group=0 # dry run: the group does not exist yet
	[ -d "$conf_dir" ] || act install -d -m 0755 -o 0 -g 0 "$conf_dir"
	act install -m 0640 -o 0 -g "$group" "$here/unoref.toml" "$conf"
}

# --- packages ---------------------------------------------------------

voice_packages=(espeak-ng alsa-utils)

# missing_packages prints the packages of $@ that dpkg does not have.
missing_packages() {
	local p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' || printf '%s\n' "$p"
	done
}

install_voice() {
	[ "$with_voice" = 1 ] || return 0
	if [ "$live" = 0 ]; then
		say "--with-voice: install ${voice_packages[*]} in the image (sudo chroot $root apt-get install ${voice_packages[*]})"
		return 0
	fi
	local missing
	mapfile -t missing < <(missing_packages "${voice_packages[@]}")
	[ ${#missing[@]} -gt 0 ] || return 0
	# A fresh image's package lists are stale or empty: install would not
	# find the packages, or fetch versions the mirror no longer has.
	act apt-get update -q
	act env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# --- boot configuration -----------------------------------------------

# Our block of config.txt. Its values are the person's to edit: a later
# run adds what is missing from it and changes nothing else.
begin_mark='# >>> unoref (firmware/setup.sh): edit the values, a later run keeps them'
end_mark='# <<< unoref'
# What the setup.sh of before the markers wrote above its lines.
legacy_mark='# unoref (firmware/config.txt, added by setup.sh)'

find_bootdir() {
	bootdir=""
	if [ -f "$root/boot/firmware/config.txt" ]; then
		bootdir=$root/boot/firmware
	elif [ -f "$root/boot/config.txt" ]; then
		bootdir=$root/boot
	fi
}

# settings FILE prints one line per setting of a config.txt: where it is
# ("ours" inside our block; "all" for every model; "filtered" under a
# [pi4], [cm4], ... section), its key and its value, its line number and
# the line. A dtparam line sets several keys: dtparam=i2c_arm=on,spi=on.
settings() {
	awk -v begin="$begin_mark" -v end="$end_mark" -v legacy="$legacy_mark" '
	function out(key, val) { print where "\t" key "\t" val "\t" NR "\t" line }
	{
		line = $0
		sub(/^[ \t]+/, ""); sub(/[ \t\r]+$/, "")
		if (index($0, substr(begin, 1, 12)) == 1 || $0 == legacy) { ours = 1; legacy_block = ($0 == legacy); next }
		if (index($0, end) == 1 || (legacy_block && $0 == "")) { ours = 0; legacy_block = 0; next }
		if ($0 == "" || substr($0, 1, 1) == "#") next
		if (substr($0, 1, 1) == "[") { filtered = ($0 != "[all]"); next }
		where = ours ? "ours" : (filtered ? "filtered" : "all")
		eq = index($0, "=")
		if (eq == 0) next
		key = substr($0, 1, eq - 1); val = substr($0, eq + 1)
		if (key != "dtparam") { out(key, val); next }
		n = split(val, params, ",")
		for (i = 1; i <= n; i++) {
			peq = index(params[i], "=")
			if (peq == 0) out("dtparam=" params[i], "on")
			else out("dtparam=" substr(params[i], 1, peq - 1), substr(params[i], peq + 1))
		}
	}' "$1"
}

# Settings of firmware/config.txt whose value is a preference: one already
# in config.txt for every model is the person's choice and is kept.
# Elsewhere a value that differs is what the reference build cannot work
# with (spi=off, enable_uart=1), and our block, later in the file,
# overrides it.
preference_keys=(dtparam=i2c_arm_baudrate)

is_preference() {
	local k
	for k in "${preference_keys[@]}"; do [ "$k" != "$1" ] || return 0; done
	return 1
}

# missing_settings CFG prints the lines of firmware/config.txt that CFG
# lacks: a key of our block counts whatever its value (the person's edit);
# elsewhere only with our value and outside a model filter such as [pi4],
# or with any value for a preference.
missing_settings() {
	local cfg=$1 key val line
	settings "$cfg" >"$tmp/have"
	settings "$here/config.txt" | while IFS=$'\t' read -r _ key val _ line; do
		[ "$keep_serial" = 0 ] || [ "$key" != enable_uart ] || continue
		if awk -F'\t' -v k="$key" '$1 == "ours" && $2 == k { f = 1 } END { exit !f }' "$tmp/have"; then
			continue
		fi
		if awk -F'\t' -v k="$key" -v v="$val" '$1 == "all" && $2 == k && $3 == v { f = 1 } END { exit !f }' "$tmp/have"; then
			continue
		fi
		if is_preference "$key" && awk -F'\t' -v k="$key" '$1 == "all" && $2 == k { f = 1 } END { exit !f }' "$tmp/have"; then
			continue
		fi
		printf '%s\n' "$line"
	done
}

# foreign_settings CFG ADDING says what becomes of the settings of ours that CFG
# also sets outside our block with another value: a preference is kept,
# anything else our block overrides (it comes later), and a line after our
# block overrides ours. ADDING is the lines about to be added.
foreign_settings() {
	local adding=$2
	settings "$here/config.txt" | cut -f2,3 >"$tmp/ship"
	printf '%s\n' "$adding" | sed -n 's/^dtparam=\([^=]*\)=\(.*\)$/dtparam=\1\t\2/p; /^dtparam=/!s/^\([^=]*\)=\(.*\)$/\1\t\2/p' >"$tmp/adding"
	settings "$1" | awk -F'\t' -v prefs=" ${preference_keys[*]} " '
		FILENAME == ARGV[1] { ship[$1] = $2; next }
		FILENAME == ARGV[2] { adding[$1] = $2; next }
		$1 == "ours" { ours[$2] = $3; oursAt[$2] = $4; next }
		$1 == "all" && ($2 in ship) { theirs[$2] = $3; theirsAt[$2] = $4 }
		END {
			for (k in theirs) {
				t = theirs[k]
				if (k in adding) {
					if (t != adding[k]) print "config.txt sets " k "=" t " for every model; the unoref block added at its end sets " k "=" adding[k] ", which wins (the reference build needs it)"
				} else if (k in ours) {
					if (t == ours[k]) continue
					if (theirsAt[k] > oursAt[k]) print "config.txt sets " k "=" t " after the unoref block: it wins over the block'"'"'s " k "=" ours[k]
					else print "config.txt sets " k "=" t " before the unoref block, whose " k "=" ours[k] " wins: edit the value in the block"
				} else if (index(prefs, " " k " ") && t != ship[k]) {
					print "keeping " k "=" t ", set for every model in config.txt (unoref ships " ship[k] ")"
				}
			}
		}' "$tmp/ship" "$tmp/adding" -
}

# edited_settings CFG says which of our block's values differ from
# firmware/config.txt, so a person sees that their edit is kept.
edited_settings() {
	settings "$here/config.txt" >"$tmp/want"
	settings "$1" | awk -F'\t' 'NR == FNR { want[$2] = $3; next }
		$1 == "ours" && ($2 in want) && $3 != want[$2] { print "keeping " $2 "=" $3 " (shipped: " want[$2] ")" }' "$tmp/want" -
}

has_block() { grep -qF -e "${begin_mark:0:12}" -e "$legacy_mark" "$1"; }

# replace FILE NEW puts NEW in FILE's place in one rename, keeping FILE's
# mode, so an interrupted run leaves the old file or the new, never half.
replace() {
	cat "$2" >"$1.unoref-new"
	chmod --reference="$1" "$1.unoref-new" 2>/dev/null || true
	mv -f "$1.unoref-new" "$1"
}

# append_config FILE LINE... adds the lines to our block, creating it (under
# [all], so that a preceding [pi4] or [cm4] filter does not swallow them)
# at the end of FILE, or turning the unmarked block of an older setup.sh
# into a marked one.
append_config() {
	local file=$1
	shift
	printf '%s\n' "$@" >"$tmp/add"
	if has_block "$file"; then
		awk -v begin="$begin_mark" -v end="$end_mark" -v legacy="$legacy_mark" -v add="$tmp/add" '
		function flush() { while ((getline l < add) > 0) print l; close(add); inside = 0 }
		inside && (index($0, end) == 1 || (legacy_block && $0 == "")) { flush(); print end; if (index($0, end) == 1) next }
		index($0, substr(begin, 1, 12)) == 1 || (!done && $0 == legacy) { if ($0 == legacy) { legacy_block = 1; $0 = begin } inside = 1; done = 1 }
		{ print }
		END { if (inside) { flush(); print end } }' "$file" >"$tmp/config.txt"
	else
		{
			cat "$file"
			[ ! -s "$file" ] || [ -z "$(tail -c 1 "$file")" ] || printf '\n'
			printf '\n%s\n[all]\n' "$begin_mark"
			cat "$tmp/add"
			printf '%s\n' "$end_mark"
		} >"$tmp/config.txt"
	fi
	replace "$file" "$tmp/config.txt"
}

# remove_config FILE deletes our block and the blank line before it. Lines
# a person added after the block stay for every model: an [all] in the
# block's place keeps a [pi4] before it from taking them.
remove_config() {
	awk -v begin="$begin_mark" -v end="$end_mark" -v legacy="$legacy_mark" '
	function blanks() { while (held > 0) { print ""; held-- } }
	index($0, substr(begin, 1, 12)) == 1 || $0 == legacy { if (held) held--; blanks(); inside = 1; legacy_block = ($0 == legacy); next }
	inside && (index($0, end) == 1 || (legacy_block && $0 == "")) { inside = 0; after = 1; if (index($0, end) == 1) next }
	inside { next }
	$0 == "" { held++; next }
	after && /^[ \t]*\[/ { after = 0 }
	after && !/^[ \t]*#/ { blanks(); print "[all]"; after = 0 }
	{ blanks(); print }
	END { blanks() }' "$1" >"$tmp/config.txt"
	replace "$1" "$tmp/config.txt"
}

serial_console='^console=(serial[0-9]|ttyAMA[0-9]|ttyS[0-9])(,|$)'

# drop_serial_console FILE removes console=serial0/ttyAMA0/ttyS0 from the
# one-line kernel command line, keeping the original as FILE.unoref-orig.
drop_serial_console() {
	local line
	line=$(head -n 1 "$1" | tr ' ' '\n' | { grep -Ev "$serial_console" || true; } | tr '\n' ' ')
	[ -e "$1.unoref-orig" ] || cp -p "$1" "$1.unoref-orig"
	printf '%s\n' "${line% }" >"$tmp/cmdline.txt"
	replace "$1" "$tmp/cmdline.txt"
}

# restore_serial_console FILE puts back the console words that FILE.unoref-orig
# had, each before the word that followed it there (or first), and keeps
# every other word as it is now: later edits stay.
restore_serial_console() {
	head -n 1 "$1" | awk -v orig="$1.unoref-orig" -v pat="$serial_console" '
	{
		n = split($0, now, " ")
		getline o < orig
		m = split(o, was, " ")
		for (i = 1; i <= n; i++) have[now[i]] = 1
		for (i = m; i >= 1; i--) {
			if (was[i] !~ pat || (was[i] in have)) continue
			at = 0
			for (j = i + 1; j <= m && !at; j++)
				for (k = 1; k <= n; k++) if (now[k] == was[j]) { at = k; break }
			if (!at) at = 1
			for (k = n; k >= at; k--) now[k + 1] = now[k]
			now[at] = was[i]; n++; have[was[i]] = 1
		}
		s = ""
		for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") now[i]
		print s
	}' >"$tmp/cmdline.txt"
	replace "$1" "$tmp/cmdline.txt"
	rm -f "$1.unoref-orig"
}

boot_id() { cat "${UNOREF_BOOT_ID_FILE:-/proc/sys/kernel/random/boot_id}" 2>/dev/null || echo unknown; }

# mark_reboot remembers that the boot files changed in this boot, before
# they change, so that a run interrupted after them still knows.
mark_reboot() {
	mkdir -p "$state_dir"
	boot_id >"$pending"
}

# check_reboot sets reboot=1 while a reboot asked for by an earlier run has
# not happened yet, and forgets the request once it has.
check_reboot() {
	reboot=0
	[ -f "$pending" ] || return 0
	if [ "$(cat "$pending")" = "$(boot_id)" ]; then
		reboot=1
	else
		act rm -f "$pending"
	fi
}

configure_boot() {
	find_bootdir
	check_reboot
	if [ -z "$bootdir" ]; then
		say "no /boot/firmware/config.txt or /boot/config.txt: not a Raspberry Pi OS boot partition;"
		say "add the lines of $here/config.txt to the boot configuration by hand"
		return 0
	fi
	local cfg=$bootdir/config.txt cmdline=$bootdir/cmdline.txt missing
	mapfile -t missing < <(missing_settings "$cfg")
	edited_settings "$cfg"
	foreign_settings "$cfg" "$(printf '%s\n' "${missing[@]}")"
	if [ ${#missing[@]} -gt 0 ]; then
		[ "$reboot" = 1 ] || act mark_reboot
		act append_config "$cfg" "${missing[@]}"
		reboot=1
	else
		say "$cfg already has the unoref lines"
	fi
	if [ "$keep_serial" = 0 ] && [ -f "$cmdline" ] &&
		head -n 1 "$cmdline" | tr ' ' '\n' | grep -Eq "$serial_console"; then
		[ "$reboot" = 1 ] || act mark_reboot
		act drop_serial_console "$cmdline"
		reboot=1
	fi
}

# --- services ---------------------------------------------------------

# enable_image enables the unit the way systemctl enable would: a symlink.
enable_image() {
	if [ ! -L "$wants_link" ]; then
		act mkdir -p "$(dirname "$wants_link")"
		act ln -sfn /etc/systemd/system/unoref.service "$wants_link"
	fi
	say "installed into $root; the service starts at the Pi's next boot"
}

proc=${UNOREF_PROC:-/proc}

# unit_stale: the unit file on disk is not the one systemd runs the service
# with (an earlier run stopped before its daemon-reload).
unit_stale() { [ "$(systemctl show -p NeedDaemonReload --value unoref.service 2>/dev/null)" = yes ]; }

# binary_stale: the running daemon's executable is not the installed one
# (replaced, "(deleted)", by an earlier run that stopped before restarting
# it).
binary_stale() {
	local pid exe
	pid=$(systemctl show -p MainPID --value unoref.service 2>/dev/null) || return 1
	[ -n "$pid" ] && [ "$pid" != 0 ] || return 1
	exe=$(readlink "$proc/$pid/exe" 2>/dev/null) || return 1
	[ "$exe" != "$bin_dst" ]
}

start_service() {
	if [ "$udev_changed" = 1 ] && command -v udevadm >/dev/null 2>&1; then
		act udevadm control --reload
		act udevadm trigger --subsystem-match=gpio --subsystem-match=spidev --subsystem-match=i2c-dev
	fi
	local stale=0
	if [ "$unit_changed" = 0 ] && unit_stale; then
		say "systemd still runs unoref with the unit of before: loading the installed one"
		stale=1
	fi
	if [ "$unit_changed" = 1 ] || [ "$stale" = 1 ]; then
		act systemctl daemon-reload
	fi
	systemctl is-enabled --quiet unoref.service 2>/dev/null || act systemctl enable unoref.service
	if [ "$binary_changed" = 0 ] && binary_stale; then
		say "the running unoref is not the installed binary (an earlier run stopped before restarting it)"
		stale=1
	fi
	if [ "$reboot" = 1 ]; then
		say ""
		say "SPI, I2C and the serial port change at the next boot: reboot first (sudo reboot)."
		say "unoref starts by itself after it (journalctl -u unoref -f to watch)."
	elif [ "$binary_changed" = 1 ] || [ "$unit_changed" = 1 ] || [ "$stale" = 1 ] || ! systemctl is-active --quiet unoref.service 2>/dev/null; then
		if ! act systemctl restart unoref.service; then
			say "unoref did not start: journalctl -u unoref -b says why (firmware/README.md, Troubleshooting)"
			exit 1
		fi
		[ "$dry_run" = 1 ] || say "unoref is running: systemctl status unoref, journalctl -u unoref -f"
	else
		say "unoref is up to date and running"
	fi
}

# --- uninstall --------------------------------------------------------

# drop PATH... removes the files that exist; removed=1 if there were any.
drop() {
	local p
	for p in "$@"; do
		if [ -e "$p" ] || [ -L "$p" ]; then
			act rm -rf "$p"
			removed=1
		fi
	done
}

stop_service() {
	if [ "$live" = 1 ] && { systemctl is-enabled --quiet unoref.service 2>/dev/null || systemctl is-active --quiet unoref.service 2>/dev/null; }; then
		act systemctl disable --now unoref.service
	fi
}

uninstall_boot() {
	find_bootdir
	[ -n "$bootdir" ] || return 0
	local cfg=$bootdir/config.txt cmdline=$bootdir/cmdline.txt
	if has_block "$cfg"; then
		act remove_config "$cfg"
		say "SPI, I2C and the UART keep their current state until the next boot"
	fi
	[ ! -f "$cmdline.unoref-orig" ] || act restore_serial_console "$cmdline"
}

uninstall_all() {
	confirm_purge
	stop_service
	removed=0
	drop "$wants_link" "$bin_dst" "$unit_dst" "$dropin_dir"
	local unit_removed=$removed
	removed=0
	drop "$udev_dst"
	local udev_removed=$removed
	drop "$modules_dst"
	uninstall_boot
	drop "$state_dir"
	if [ "$live" = 1 ]; then
		[ "$unit_removed" = 0 ] || act systemctl daemon-reload
		[ "$udev_removed" = 0 ] || ! command -v udevadm >/dev/null 2>&1 || act udevadm control --reload
	fi
	if [ "$purge" = 1 ]; then
		purge_all
	else
		keep_note
	fi
}

# family_files lists what of the family's the data directory holds: the
# journal and its companions, the deck registry.
family_files() {
	local f have=()
	for f in journal.db decks.db; do
		[ ! -e "$data_dir/$f" ] || have+=("$f")
	done
	printf '%s\n' "${have[*]}"
}

# confirm_purge asks before --purge deletes a journal: at a terminal the
# person types yes; elsewhere (a script, ssh without -t) --yes says it.
# Nothing is removed until then.
confirm_purge() {
	[ "$purge" = 1 ] && [ "$dry_run" = 0 ] && [ "$yes" = 0 ] || return 0
	[ -d "$data_dir" ] && [ -n "$(ls -A "$data_dir" 2>/dev/null)" ] || return 0
	local where=${data_dir#"$root"} what answer
	what=$(family_files)
	what=${what:-its files}
	if [ ! -t 0 ]; then
		die "--purge deletes the family's journal in $where ($what: every game and score) for good; nothing was removed. Run it at a terminal to be asked, or add --yes. To keep a copy first: sudo cp -a $where ~/unoref-journal"
	fi
	printf '%s\n' "setup.sh --purge deletes the family's journal in $where ($what: every game and score) for good."
	printf 'Type yes to delete it: '
	read -r answer || answer=""
	[ "$answer" = yes ] || die "not deleted: nothing was removed (setup.sh --uninstall alone keeps the journal)"
}

purge_all() {
	removed=0
	drop "$data_dir" "$conf_dir"
	if have passwd unoref; then
		act userdel "${shadow_opt[@]}" unoref
		removed=1
	fi
	if have group unoref; then
		act groupdel "${shadow_opt[@]}" unoref
		removed=1
	fi
	if [ "$removed" = 1 ]; then
		say "purged: the journal, the decks, the config and the unoref user are gone"
	else
		say "nothing to purge: no journal, config or unoref user left"
	fi
}

keep_note() {
	local where=${data_dir#"$root"} what
	what=$(family_files)
	if [ -n "$what" ]; then
		say "kept the family's journal in $where (${what// /, }: every game and score)"
	elif [ -d "$data_dir" ]; then
		say "kept $where (no journal in it yet)"
	else
		say "no journal in $where to keep"
	fi
	[ ! -e "$conf" ] || say "kept the config ${conf#"$root"}"
	say "kept the unoref user and the gpio, spi and i2c groups; setup.sh --uninstall --purge deletes the journal, the config and the user"
}

# --- main -------------------------------------------------------------

init_shadow
if [ "$uninstall" = 1 ]; then
	uninstall_all
	exit 0
fi
check_binary
install_users
install_files
install_voice
configure_boot
if [ "$live" = 0 ]; then
	enable_image
	exit 0
fi
start_service
