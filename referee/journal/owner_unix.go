//go:build unix

package journal

import (
	"os"
	"syscall"
)

// matchOwner gives paths the owner of dir when this process is root: a
// journal restored with sudo stays the service's (user unoref), which
// must write it.
func matchOwner(dir string, paths ...string) {
	if os.Geteuid() != 0 {
		return
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	for _, p := range paths {
		os.Lchown(p, int(st.Uid), int(st.Gid))
	}
}
