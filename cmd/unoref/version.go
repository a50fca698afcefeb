package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version = "dev"

var versionCmd = &command{
	name:    "version",
	args:    "",
	summary: "print the version",
	run: func(ctx context.Context, self *command, e *env, args []string) error {
		if len(args) > 0 {
			return &usageError{cmd: self, msg: "version takes no arguments"}
		}
		_, err := fmt.Fprintln(e.stdout, "unoref", versionString())
		return err
	},
}

// versionString is version plus the commit the binary was built from, when
// the build recorded it.
func versionString() string {
	v := version
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " (" + rev + dirty + ")"
	}
	return v
}
