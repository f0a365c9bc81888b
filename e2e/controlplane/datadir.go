package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// pidFile, in the data directory, names the process that owns it; a later run
// removes directories whose owner is gone (SIGKILLed runs cannot clean up).
const pidFile = "pid"

// newDataDir creates $TMPDIR/gpu-dra-testcluster-* with our pid file in it.
func newDataDir() (string, error) {
	dir, err := os.MkdirTemp("", prog+"-")
	if err != nil {
		return "", err
	}
	pid := []byte(strconv.Itoa(os.Getpid()) + "\n")
	if err := os.WriteFile(filepath.Join(dir, pidFile), pid, 0o644); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// sweepStaleDataDirs removes $TMPDIR/gpu-dra-testcluster-* directories whose
// pid file names a process that no longer runs (or this process: pid reuse in
// a fresh container). Directories without a readable pid file are left alone:
// a run that has just created its directory, or --keep-data.
// It returns how many were removed.
func sweepStaleDataDirs() int {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), prog+"-*"))
	removed := 0
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, pidFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 {
			continue
		}
		if pid != os.Getpid() && !processGone(pid) {
			continue
		}
		if os.RemoveAll(dir) == nil {
			removed++
		}
	}
	return removed
}

// removeDataDir removes dir, retrying briefly: when we exit during startup
// etcd may still be creating files in it.
func removeDataDir(dir string) {
	for range 5 {
		if os.RemoveAll(dir) == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// keepDataDir is --keep-data at exit: the pid file goes, so that later sweeps
// keep the directory for whoever is debugging.
func keepDataDir(dir string) {
	os.Remove(filepath.Join(dir, pidFile))
	fmt.Fprintf(os.Stderr, "%s: kept data in %s\n", prog, dir)
}
