// gpu-dra-testcluster starts a real Kubernetes control plane in one process on
// 127.0.0.1 for gpu-dra's end-to-end tests: embedded etcd, kube-apiserver with
// resource.k8s.io/v1 and the DRA feature gates, the resource-claim, namespace,
// service-account, tokens and garbage-collector controllers, and kube-scheduler
// with the DynamicResources plugin. No kubelet, no containers. It prints the
// path of an admin kubeconfig once /readyz answers and the controllers have
// synced, runs until SIGTERM/SIGINT or until --parent-pid dies, then stops
// everything and removes its data.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/component-base/logs"
	logsapi "k8s.io/component-base/logs/api/v1"
	"k8s.io/klog/v2"
)

const prog = "gpu-dra-testcluster"

func main() {
	if len(os.Args) > 1 && os.Args[1] == "kubelet" {
		os.Exit(runKubelet(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "kube-proxy" {
		os.Exit(runKubeProxy(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "kubectl" {
		os.Exit(runKubectl(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "supervise" {
		os.Exit(runSupervised(os.Args[2:]))
	}
	os.Exit(run())
}

func run() int {
	address := flag.String("address", "127.0.0.1", "the IP kube-apiserver listens on and advertises; a real node's pods reach it there (through kube-proxy)")
	port := flag.Int("port", 0, "kube-apiserver secure port (0: a free port)")
	kubeconfigOut := flag.String("kubeconfig", "", "where to write the admin kubeconfig (default: <data dir>/kubeconfig); removed on exit")
	logFile := flag.String("log-file", "", "write the components' logs to this file instead of stderr")
	verbosity := flag.Int("v", 0, "log verbosity of the components (klog -v)")
	extraGates := flag.String("feature-gates", "", "extra feature gates, appended to the DRA defaults (e.g. DRAExtendedResource=true)")
	keepData := flag.Bool("keep-data", false, "do not remove the data directory on exit (debugging)")
	parentPID := flag.Int("parent-pid", 0, "stop and clean up when process PID exits, or when we are re-parented (our parent died); 0: off")
	flag.Parse()
	apiAddress := net.ParseIP(*address)
	if apiAddress == nil {
		return fail("flags", fmt.Errorf("--address %q: want an IP address", *address))
	}
	if *parentPID < 0 {
		return fail("flags", fmt.Errorf("--parent-pid %d: want a process id, or 0 for off", *parentPID))
	}
	watch := newParentWatch(*parentPID)

	// Several components share klog and logging config in one process.
	logsapi.ReapplyHandling = logsapi.ReapplyHandlingIgnoreUnchanged
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	_ = klogFlags.Set("v", fmt.Sprint(*verbosity))
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fail("log file", err)
		}
		defer f.Close()
		_ = klogFlags.Set("logtostderr", "false")
		_ = klogFlags.Set("alsologtostderr", "false")
		_ = klogFlags.Set("stderrthreshold", "FATAL")
		klog.SetOutput(f)
	}
	defer logs.FlushLogs()

	started := time.Now()
	// A dead parent closes our stdout/stderr pipes: writes must fail with
	// EPIPE, not kill the process (Go's default on fds 1 and 2) before cleanup.
	signal.Ignore(syscall.SIGPIPE)
	sigCtx, stopSignals := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stopSignals()
	stopCtx, stop := context.WithCancelCause(sigCtx)
	defer stop(nil)
	if *parentPID != 0 {
		go watch.run(stopCtx, 500*time.Millisecond, stop)
	}

	if n := sweepStaleDataDirs(); n > 0 {
		fmt.Fprintf(os.Stderr, "%s: removed %d stale data dir(s) of runs that no longer exist\n", prog, n)
	}
	dataDir, err := newDataDir()
	if err != nil {
		return fail("data directory", err)
	}
	cleanup := func() {
		if *keepData {
			keepDataDir(dataDir)
			return
		}
		removeDataDir(dataDir)
		if *kubeconfigOut != "" {
			os.Remove(*kubeconfigOut)
		}
	}
	// Components end the process with klog.Fatal on errors they deem fatal:
	// clean up first there too.
	klog.OsExit = func(code int) {
		cleanup()
		os.Exit(code)
	}

	// 1. etcd
	etcd, etcdURL, err := startEtcd(dataDir, *logFile)
	if err != nil {
		cleanup()
		return fail("etcd", err)
	}
	stopEtcd := func() { etcd.Close() }

	// 2. kube-apiserver (its flags also set the process-wide feature gates)
	apiCtx, stopAPI := context.WithCancel(context.Background())
	api, err := startAPIServer(apiCtx, dataDir, etcdURL, apiAddress, *port, *extraGates)
	shutdownAPI := func() {
		stopAPI()
		if api != nil {
			select {
			case <-api.done:
			case <-time.After(30 * time.Second):
				fmt.Fprintf(os.Stderr, "%s: kube-apiserver did not stop within 30s\n", prog)
			}
		}
	}
	abort := func(stage string, err error) int {
		if stopCtx.Err() != nil {
			// Stopped while starting: exit without the graceful stops. The
			// apiserver's post-start hooks would fail and klog.Fatal, and etcd
			// would wait up to 7 s for the apiserver's watch streams.
			cleanup()
			return fail(stage, context.Cause(stopCtx))
		}
		shutdownAPI()
		stopEtcd()
		cleanup()
		return fail(stage, err)
	}
	if err != nil {
		return abort("kube-apiserver", err)
	}
	if err := api.waitReady(stopCtx, 90*time.Second); err != nil {
		return abort("kube-apiserver", err)
	}

	// 3. kubeconfig for the tests (static admin token, self-signed CA)
	kubeconfig := *kubeconfigOut
	if kubeconfig == "" {
		kubeconfig = filepath.Join(dataDir, "kubeconfig")
	}
	if err := writeKubeconfig(kubeconfig, api.url, api.caPEM, api.token); err != nil {
		return abort("kubeconfig", err)
	}
	if err := checkKubeconfig(stopCtx, kubeconfig); err != nil {
		return abort("kubeconfig check", err)
	}

	// 4. controllers and scheduler, on the loopback client
	ctrlCtx, stopCtrl := context.WithCancel(stopCtx)
	if err := startControllers(ctrlCtx, api.loopback, api.signing); err != nil {
		stopCtrl()
		return abort("controllers", err)
	}
	if err := startScheduler(ctrlCtx, api.loopback); err != nil {
		stopCtrl()
		return abort("kube-scheduler", err)
	}

	fmt.Printf("kubeconfig: %s\n", kubeconfig)
	fmt.Printf("ready: %s (Kubernetes %s, etcd embedded, %.1fs)\n", api.url, kubernetesVersion(), time.Since(started).Seconds())

	select {
	case <-stopCtx.Done():
		if cause := context.Cause(stopCtx); errors.Is(cause, errParentGone) {
			fmt.Fprintf(os.Stderr, "%s: stopping: %v\n", prog, cause)
		}
	case <-api.done:
		fmt.Fprintf(os.Stderr, "%s: kube-apiserver stopped unexpectedly: %v\n", prog, api.runErr)
	case err := <-etcd.Err():
		fmt.Fprintf(os.Stderr, "%s: etcd failed: %v\n", prog, err)
	}

	// Stop in reverse order: scheduler and controllers, apiserver, etcd; then data.
	stopping := time.Now()
	stopCtrl()
	shutdownAPI()
	stopEtcd()
	cleanup()
	fmt.Printf("stopped (%.1fs)\n", time.Since(stopping).Seconds())
	return 0
}

// checkKubeconfig proves the written kubeconfig works from outside the process
// (TLS against the self-signed CA, token authentication) before we say ready.
func checkKubeconfig(ctx context.Context, path string) error {
	cfg, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		return err
	}
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err = client.Discovery().ServerResourcesForGroupVersion("resource.k8s.io/v1")
	if err != nil {
		return fmt.Errorf("resource.k8s.io/v1 not served through the kubeconfig: %w", err)
	}
	return nil
}

// fail reports a startup error in one line on stderr.
func fail(stage string, err error) int {
	fmt.Fprintf(os.Stderr, "%s: startup failed: %s: %v\n", prog, stage, err)
	return 1
}
