package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// errParentGone is the stop cause when the process named by --parent-pid dies.
var errParentGone = errors.New("parent process gone")

// parentWatch stops the cluster when the process that started it dies, so a
// killed test JVM does not leak a control plane. It polls rather than using
// PR_SET_PDEATHSIG, which fires when the parent *thread* exits, and the JVM
// starts children from arbitrary threads.
type parentWatch struct {
	pid  int // --parent-pid
	ppid int // our parent when we started; a change means we were re-parented
}

func newParentWatch(pid int) parentWatch {
	return parentWatch{pid: pid, ppid: os.Getppid()}
}

// run polls every interval until ctx ends or the parent is gone; then it calls
// stop with a cause wrapping errParentGone.
func (w parentWatch) run(ctx context.Context, interval time.Duration, stop context.CancelCauseFunc) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		if processGone(w.pid) {
			stop(fmt.Errorf("%w: process %d exited", errParentGone, w.pid))
			return
		}
		if ppid := os.Getppid(); ppid != w.ppid {
			stop(fmt.Errorf("%w: re-parented from %d to %d", errParentGone, w.ppid, ppid))
			return
		}
	}
}

// processGone reports whether pid names no live process: none exists (ESRCH),
// or it has exited and awaits reaping (state Z in /proc/<pid>/stat; where
// /proc is absent, kill(pid, 0) alone decides).
func processGone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// "pid (comm) state ...": comm may contain spaces and parentheses.
	i := bytes.LastIndexByte(stat, ')')
	return i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}
