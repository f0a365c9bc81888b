package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	proxyapp "k8s.io/kubernetes/cmd/kube-proxy/app"
	"k8s.io/kubernetes/cmd/kubelet/app"
)

// runKubelet runs the real kubelet of the same Kubernetes version as the
// control plane, as `gpu-dra-testcluster kubelet [--parent-pid=N] <kubelet
// flags>`: one binary and one cached build for the e2e node, started as a
// process of its own so that a test can restart the kubelet alone.
func runKubelet(args []string) int {
	return runNodeComponent("kubelet", args, app.NewKubeletCommand)
}

// runKubeProxy runs the real kube-proxy, as `gpu-dra-testcluster kube-proxy
// [--parent-pid=N] <kube-proxy flags>`: it routes Service IPs (the API
// server's "kubernetes" Service above all) for the real node's pods.
func runKubeProxy(args []string) int {
	return runNodeComponent("kube-proxy", args, func(context.Context) *cobra.Command {
		return proxyapp.NewProxyCommand()
	})
}

// runNodeComponent runs one node component with its own flags; --parent-pid
// (first, if given) stops it when that process dies, as for the control plane.
// Both stop on SIGTERM (the kubelet through its own signal context, kube-proxy
// by Go's default action), so a dead parent is turned into a SIGTERM.
func runNodeComponent(name string, args []string, newCommand func(context.Context) *cobra.Command) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	if len(args) > 0 && strings.HasPrefix(args[0], "--parent-pid=") {
		pid, err := strconv.Atoi(strings.TrimPrefix(args[0], "--parent-pid="))
		if err != nil || pid <= 0 {
			fmt.Fprintf(os.Stderr, "%s %s: %s: want a process id\n", prog, name, args[0])
			return 2
		}
		go newParentWatch(pid).run(ctx, 500*time.Millisecond, cancel)
		go func() {
			<-ctx.Done()
			if errors.Is(context.Cause(ctx), errParentGone) {
				fmt.Fprintf(os.Stderr, "%s %s: stopping: %v\n", prog, name, context.Cause(ctx))
				_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
			}
		}()
		args = args[1:]
	}
	command := newCommand(ctx)
	command.SetArgs(args)
	return cli.Run(command)
}
