#!/usr/bin/env bash
# setup.sh installs the unoref referee on Raspberry Pi OS: the binary, the
# systemd unit, the unoref user, the default config, the kernel modules and
# udev rule for the devices, and the boot settings of config.txt.
#
#   sudo ./setup.sh [OPTIONS] [BINARY]
#
# BINARY is the unoref executable to install (default ./unoref). Safe to run
# again: to upgrade the binary, or after an interrupted run. It never
# overwrites /etc/unoref/unoref.toml and adds each config.txt line once.
#
# Options:
#   --root DIR              install into the root filesystem at DIR (an SD
#                           card image being prepared, a test): no systemctl,
#                           no udevadm; users go into DIR/etc
#   --dry-run               print what would change, change nothing
#   --arch ARCH             check BINARY against this Debian architecture
#                           (armhf, arm64, ...); default: the host's, except
#                           with --root
#   --keep-serial-console   leave the UART and the serial console alone (for
#                           a pin map that does not use GPIO 14/15)
#   -h, --help              this text
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

root=""
dry_run=0
arch=""
keep_serial=0
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
binary=${binary:-./unoref}

if [ -n "$root" ]; then
	[ -d "$root" ] || die "--root $root: not a directory"
	root=$(cd "$root" && pwd)
	[ "$root" != / ] || root=""
fi
if [ -z "$root" ] && [ "$dry_run" = 0 ] && [ "$(id -u)" != 0 ]; then
	die "run as root (sudo), or with --dry-run or --root DIR"
fi

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

# --- the binary -------------------------------------------------------

[ -f "$binary" ] || die "no binary at $binary: build it (firmware/README.md) or give its path"
[ -x "$binary" ] || die "$binary is not executable"
for f in unoref.service unoref.toml config.txt; do
	[ -f "$here/$f" ] || die "missing $here/$f: run setup.sh from the firmware directory it came with"
done

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

if [ -z "$arch" ] && [ -z "$root" ] && command -v dpkg >/dev/null 2>&1; then
	arch=$(dpkg --print-architecture)
fi
if [ -n "$arch" ]; then
	want=$arch
	[ "$want" != armel ] || want=armhf # one ELF machine for both
	got=$(elf_arch "$binary")
	if [ -n "$got" ] && [ "$got" != "$want" ]; then
		die "$binary is built for $got, this system runs $arch: rebuild it (GOARCH=arm GOARM=6 for armhf, GOARCH=arm64 for arm64); the unit's SystemCallArchitectures=native would kill it"
	fi
fi

# --- users and groups -------------------------------------------------

if [ -n "$root" ]; then
	if [ ! -f "$root/etc/passwd" ] || [ ! -f "$root/etc/group" ]; then
		die "--root $root: no etc/passwd or etc/group, not a root filesystem"
	fi
	shadow_opt=(--root "$root")
else
	shadow_opt=()
fi

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

# Raspberry Pi OS has the device groups; another Debian may not, and then
# the udev rule below hands the devices to the new groups.
for g in gpio spi i2c; do
	have group "$g" || act groupadd "${shadow_opt[@]}" --system "$g"
done
if ! have passwd unoref; then
	act useradd "${shadow_opt[@]}" --system --user-group --no-create-home \
		--home-dir /var/lib/unoref --shell /usr/sbin/nologin \
		--comment "unoref UNO referee" unoref
fi
# Membership matters for running unoref by hand as this user (sudo -u
# unoref unoref doctor); the service gets the groups from the unit anyway.
members() {
	if [ -n "$root" ]; then
		awk -F: -v g="$1" '$1 == g { print $4 }' "$root/etc/group"
	else
		getent group "$1" | cut -d: -f4 || true
	fi
}
for g in gpio spi i2c; do
	case ",$(members "$g")," in
	*,unoref,*) ;;
	*) act usermod "${shadow_opt[@]}" --append --groups "$g" unoref ;;
	esac
done

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

changed=0
put 0755 "$binary" "$root/usr/local/bin/unoref"
binary_changed=$changed

changed=0
put 0644 "$here/unoref.service" "$root/etc/systemd/system/unoref.service"
unit_changed=$changed

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The kernel modules behind /dev/spidev* and /dev/i2c-*, loaded early at
# boot so that the unit's DeviceAllow=char-spi/char-i2c find their majors.
printf '# unoref: SPI (RC522) and I2C (OLED, seat pads) device nodes\nspidev\ni2c-dev\n' >"$tmp/modules.conf"
changed=0
put 0644 "$tmp/modules.conf" "$root/etc/modules-load.d/unoref.conf"

# Device ownership the unit relies on. Raspberry Pi OS's 99-com.rules says
# the same; this covers other Debians.
cat >"$tmp/udev.rules" <<'EOF'
# unoref: GPIO, SPI and I2C character devices for their groups (the unoref
# service runs with SupplementaryGroups=gpio spi i2c).
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
SUBSYSTEM=="spidev", GROUP="spi", MODE="0660"
SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660"
EOF
changed=0
put 0644 "$tmp/udev.rules" "$root/etc/udev/rules.d/60-unoref.rules"
udev_changed=$changed

# The config: only if there is none. It holds the admin PIN, so only root
# and the unoref group read it.
conf=$root/etc/unoref/unoref.toml
if [ -e "$conf" ]; then
	say "keeping $conf (compare with $here/unoref.toml for new keys)"
else
	group=$(gid unoref)
	[ -n "$group" ] || group=0 # dry run: the group does not exist yet
	act install -d -m 0755 -o 0 -g 0 "$root/etc/unoref"
	act install -m 0640 -o 0 -g "$group" "$here/unoref.toml" "$conf"
fi

# --- boot configuration -----------------------------------------------

reboot=0
bootdir=""
if [ -f "$root/boot/firmware/config.txt" ]; then
	bootdir=$root/boot/firmware
elif [ -f "$root/boot/config.txt" ]; then
	bootdir=$root/boot
fi

# append_config FILE LINE... adds the lines under a marked [all] section.
append_config() {
	local file=$1
	shift
	{
		printf '\n# unoref (firmware/config.txt, added by setup.sh)\n[all]\n'
		printf '%s\n' "$@"
	} >>"$file"
}

# drop_serial_console FILE removes console=serial0/ttyAMA0/ttyS0 from the
# one-line kernel command line.
drop_serial_console() {
	local line
	line=$(head -n 1 "$1")
	line=$(printf '%s\n' "$line" | tr ' ' '\n' | { grep -Ev '^console=(serial[0-9]|ttyAMA[0-9]|ttyS[0-9])(,|$)' || true; } | tr '\n' ' ')
	line=${line% }
	[ -e "$1.unoref-orig" ] || cp -p "$1" "$1.unoref-orig"
	printf '%s\n' "$line" >"$1"
}

if [ -z "$bootdir" ]; then
	say "no /boot/firmware/config.txt or /boot/config.txt: not a Raspberry Pi OS boot partition;"
	say "add the lines of $here/config.txt to the boot configuration by hand"
else
	cfg=$bootdir/config.txt
	missing=()
	while IFS= read -r line; do
		case $line in '' | '#'* | '['*) continue ;; esac
		[ "$keep_serial" = 0 ] || [ "${line%%=*}" != enable_uart ] || continue
		grep -qxF -- "$line" "$cfg" || missing+=("$line")
	done <"$here/config.txt"
	if [ ${#missing[@]} -gt 0 ]; then
		act append_config "$cfg" "${missing[@]}"
		reboot=1
	else
		say "$cfg already has the unoref lines"
	fi
	if [ "$keep_serial" = 0 ] && grep -Eqx 'enable_uart=1' "$cfg"; then
		say "note: $cfg also has enable_uart=1; the enable_uart=0 after it wins"
	fi
	cmdline=$bootdir/cmdline.txt
	if [ "$keep_serial" = 0 ] && [ -f "$cmdline" ] &&
		tr ' ' '\n' <"$cmdline" | grep -Eq '^console=(serial[0-9]|ttyAMA[0-9]|ttyS[0-9])(,|$)'; then
		act drop_serial_console "$cmdline"
		reboot=1
	fi
fi

# --- services ---------------------------------------------------------

if [ -n "$root" ]; then
	# The unit is enabled the way systemctl enable would: a symlink.
	wants=$root/etc/systemd/system/multi-user.target.wants
	if [ ! -L "$wants/unoref.service" ]; then
		act mkdir -p "$wants"
		act ln -sfn /etc/systemd/system/unoref.service "$wants/unoref.service"
	fi
	say "installed into $root; the service starts at the Pi's next boot"
	exit 0
fi

if [ "$udev_changed" = 1 ] && command -v udevadm >/dev/null 2>&1; then
	act udevadm control --reload
	act udevadm trigger --subsystem-match=gpio --subsystem-match=spidev --subsystem-match=i2c-dev
fi
[ "$unit_changed" = 0 ] || act systemctl daemon-reload
act systemctl enable unoref.service
if [ "$reboot" = 1 ]; then
	say ""
	say "SPI, I2C and the serial port change at the next boot: sudo reboot"
	say "unoref starts by itself after it (journalctl -u unoref -f to watch)."
elif [ "$binary_changed" = 1 ] || [ "$unit_changed" = 1 ] || ! systemctl is-active --quiet unoref.service; then
	act systemctl restart unoref.service
	[ "$dry_run" = 1 ] || say "unoref is running: systemctl status unoref, journalctl -u unoref -f"
else
	say "unoref is up to date and running"
fi
