package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// runSupervised runs `gpu-dra-testcluster supervise --parent-pid=N -- <program>
// [args]`: the program as our child, stopped with SIGTERM (then SIGKILL after
// 15 s) when we get SIGTERM/SIGINT or when process N dies. The e2e node runs
// containerd this way, so that a SIGKILLed test JVM does not leave it running
// (the kubelet mode watches --parent-pid itself). Exits with the program's code.
func runSupervised(args []string) int {
	if len(args) < 3 || !strings.HasPrefix(args[0], "--parent-pid=") || args[1] != "--" {
		fmt.Fprintf(os.Stderr, "%s supervise: usage: supervise --parent-pid=N -- PROGRAM [ARGS]\n", prog)
		return 2
	}
	pid, err := strconv.Atoi(strings.TrimPrefix(args[0], "--parent-pid="))
	if err != nil || pid <= 0 {
		fmt.Fprintf(os.Stderr, "%s supervise: %s: want a process id\n", prog, args[0])
		return 2
	}
	child := exec.Command(args[2], args[3:]...)
	child.Stdout, child.Stderr, child.Stdin = os.Stdout, os.Stderr, nil
	if err := child.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "%s supervise: %v\n", prog, err)
		return 1
	}
	sigCtx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	ctx, cancel := context.WithCancelCause(sigCtx)
	defer cancel(nil)
	go newParentWatch(pid).run(ctx, 500*time.Millisecond, cancel)
	exited := make(chan error, 1)
	go func() { exited <- child.Wait() }()
	select {
	case err := <-exited:
		return exitCode(err)
	case <-ctx.Done():
		_ = child.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			return exitCode(err)
		case <-time.After(15 * time.Second):
			_ = child.Process.Kill()
			return exitCode(<-exited)
		}
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	return 1
}
