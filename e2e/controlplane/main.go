// gpu-dra-testcluster starts a real Kubernetes control plane in one process on
// 127.0.0.1 for gpu-dra's end-to-end tests: embedded etcd, kube-apiserver with
// resource.k8s.io/v1 and the DRA feature gates, the resource-claim, namespace,
// service-account, tokens and garbage-collector controllers, and kube-scheduler
// with the DynamicResources plugin. No kubelet, no containers. It prints the
// path of an admin kubeconfig once /readyz answers and the controllers have
// synced, runs until SIGTERM/SIGINT, then stops everything and removes its data.
package main

import (
	"context"
	"flag"
	"fmt"
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
	os.Exit(run())
}

func run() int {
	port := flag.Int("port", 0, "kube-apiserver secure port on 127.0.0.1 (0: a free port)")
	kubeconfigOut := flag.String("kubeconfig", "", "where to write the admin kubeconfig (default: <data dir>/kubeconfig); removed on exit")
	logFile := flag.String("log-file", "", "write the components' logs to this file instead of stderr")
	verbosity := flag.Int("v", 0, "log verbosity of the components (klog -v)")
	extraGates := flag.String("feature-gates", "", "extra feature gates, appended to the DRA defaults (e.g. DRAExtendedResource=true)")
	keepData := flag.Bool("keep-data", false, "do not remove the data directory on exit (debugging)")
	flag.Parse()

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
	sigCtx, stopSignals := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stopSignals()

	dataDir, err := os.MkdirTemp("", prog+"-")
	if err != nil {
		return fail("data directory", err)
	}
	cleanup := func() {
		if *keepData {
			fmt.Fprintf(os.Stderr, "%s: kept data in %s\n", prog, dataDir)
			return
		}
		os.RemoveAll(dataDir)
		if *kubeconfigOut != "" {
			os.Remove(*kubeconfigOut)
		}
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
	api, err := startAPIServer(apiCtx, dataDir, etcdURL, *port, *extraGates)
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
		shutdownAPI()
		stopEtcd()
		cleanup()
		return fail(stage, err)
	}
	if err != nil {
		return abort("kube-apiserver", err)
	}
	if err := api.waitReady(sigCtx, 90*time.Second); err != nil {
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
	if err := checkKubeconfig(sigCtx, kubeconfig); err != nil {
		return abort("kubeconfig check", err)
	}

	// 4. controllers and scheduler, on the loopback client
	ctrlCtx, stopCtrl := context.WithCancel(context.Background())
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
	case <-sigCtx.Done():
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
