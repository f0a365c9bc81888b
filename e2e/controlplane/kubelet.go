package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	"k8s.io/kubernetes/cmd/kubelet/app"
)

// runKubelet runs the real kubelet of the same Kubernetes version as the
// control plane, as `gpu-dra-testcluster kubelet [--parent-pid=N] <kubelet
// flags>`: one binary and one cached build for the e2e node, started as a
// process of its own so that a test can restart the kubelet alone. The flags
// and config file are the kubelet's; --parent-pid (first, if given) stops it
// when that process dies, as for the control plane.
func runKubelet(args []string) int {
	sigCtx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	ctx, cancel := context.WithCancelCause(sigCtx)
	defer cancel(nil)
	if len(args) > 0 && strings.HasPrefix(args[0], "--parent-pid=") {
		pid, err := strconv.Atoi(strings.TrimPrefix(args[0], "--parent-pid="))
		if err != nil || pid <= 0 {
			fmt.Fprintf(os.Stderr, "%s kubelet: %s: want a process id\n", prog, args[0])
			return 2
		}
		go newParentWatch(pid).run(ctx, 500*time.Millisecond, cancel)
		// The kubelet stops on its own signal context (SetupSignalContext), not on ours:
		// a dead parent is turned into the SIGTERM it handles.
		go func() {
			<-ctx.Done()
			if errors.Is(context.Cause(ctx), errParentGone) {
				fmt.Fprintf(os.Stderr, "%s kubelet: stopping: %v\n", prog, context.Cause(ctx))
				_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
			}
		}()
		args = args[1:]
	}
	command := app.NewKubeletCommand(ctx)
	command.SetArgs(args)
	return cli.Run(command)
}
