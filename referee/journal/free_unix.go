//go:build unix

package journal

import "syscall"

// freeBytes is the room left for this user on dir's file system.
var freeBytes = statfsFree

func statfsFree(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
