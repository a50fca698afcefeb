package main

import "fmt"

// count is n with the noun that goes with it: "1 name", "2 names",
// "0 names". Every count a command prints goes through it.
func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
