//go:build unix && !linux

package main

import "syscall"

const rusageThread = syscall.RUSAGE_SELF
