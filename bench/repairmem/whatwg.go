//go:build !base

package main

import "github.com/ferret-go/uri/whatwg"

func init() {
	repairs["whatwg"] = func(s string) error { _, _, err := whatwg.Repair(s); return err }
}
