package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
	"k8s.io/kubernetes/cmd/kube-apiserver/app/options"
)

// draFeatureGates are the DRA gates our scenarios use, named on every release
// the harness builds (1.34 and 1.37): on 1.37 most are on by default, on 1.34
// the alpha ones are switched on here. releaseFeatureGates adds the gates only
// some releases know (k8s_current.go, k8s_134.go).
var draFeatureGates = []string{
	"DRAAdminAccess=true",
	"DRAPrioritizedList=true",
	"DRAPartitionableDevices=true",
	"DRADeviceTaints=true",
	"DRAConsumableCapacity=true",
	"DRAResourceClaimDeviceStatus=true",
}

// resourceAPIs: v1 is GA and served by default since 1.34; the older versions
// are served too for older clients, and v1alpha3 carries DeviceTaintRule on
// releases before 1.37.
var resourceAPIs = []string{
	"resource.k8s.io/v1=true",
	"resource.k8s.io/v1beta1=true",
	"resource.k8s.io/v1beta2=true",
	"resource.k8s.io/v1alpha3=true",
}

type apiServer struct {
	url      string        // https://<address>:<port>
	loopback *rest.Config  // in-process admin client config (system:masters)
	caPEM    []byte        // self-signed serving certificate + CA
	token    string        // static admin bearer token (kubeconfig)
	signing  tokenSigning  // for the service-account tokens controller
	done     chan struct{} // closed when the server has stopped
	runErr   error
}

// startAPIServer configures kube-apiserver from flags, the same way the
// kube-apiserver command does, and runs it in a goroutine until ctx ends.
// Parsing the flags also applies --feature-gates to the process-wide feature
// gate, which the scheduler and controllers read later.
func startAPIServer(ctx context.Context, dir, etcdURL string, address net.IP, port int, extraGates string) (*apiServer, error) {
	certDir := filepath.Join(dir, "pki")
	if err := os.MkdirAll(certDir, 0o700); err != nil {
		return nil, err
	}
	saKey := filepath.Join(certDir, "sa.key")
	if err := writeServiceAccountKey(saKey); err != nil {
		return nil, fmt.Errorf("service-account key: %w", err)
	}
	token, err := randomToken()
	if err != nil {
		return nil, err
	}
	tokenFile := filepath.Join(certDir, "tokens.csv")
	if err := writeTokenFile(tokenFile, token); err != nil {
		return nil, err
	}

	hostPort := net.JoinHostPort(address.String(), fmt.Sprint(port))
	listener, err := net.Listen("tcp", hostPort)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", hostPort, err)
	}
	boundPort := listener.Addr().(*net.TCPAddr).Port

	gates := strings.Join(append(draFeatureGates, releaseFeatureGates...), ",")
	if extraGates != "" {
		gates += "," + extraGates
	}
	args := []string{
		"--etcd-servers=" + etcdURL,
		"--bind-address=" + address.String(),
		"--advertise-address=" + address.String(),
		"--cert-dir=" + certDir,
		"--service-account-issuer=https://kubernetes.default.svc",
		"--service-account-key-file=" + saKey,
		"--service-account-signing-key-file=" + saKey,
		"--service-cluster-ip-range=10.0.0.0/16",
		// on loopback nothing could use the "kubernetes" Service's endpoints; on another
		// address (a real node's pod network) kube-proxy routes the Service to them
		"--endpoint-reconciler-type=" + endpointReconciler(address),
		"--authorization-mode=RBAC",
		// a DRA kubelet plugin's DaemonSet runs privileged (device nodes, mount propagation)
		"--allow-privileged=true",
		"--token-auth-file=" + tokenFile,
		"--runtime-config=" + strings.Join(resourceAPIs, ","),
		"--feature-gates=" + gates,
		// logs, exec and port-forward reach the kubelet at the node's InternalIP: a test node's
		// name (its Hostname address) resolves nowhere
		"--kubelet-preferred-address-types=InternalIP,Hostname",
	}

	s := options.NewServerRunOptions()
	fs := pflag.NewFlagSet("kube-apiserver", pflag.ContinueOnError)
	for _, set := range s.Flags().FlagSets {
		fs.AddFlagSet(set)
	}
	if err := fs.Parse(args); err != nil {
		listener.Close()
		return nil, fmt.Errorf("kube-apiserver flags: %w", err)
	}
	if err := s.GenericServerRunOptions.ComponentGlobalsRegistry.Set(); err != nil {
		listener.Close()
		return nil, fmt.Errorf("feature gates: %w", err)
	}
	s.SecureServing.Listener = listener
	s.SecureServing.BindPort = boundPort
	s.SecureServing.ExternalAddress = address

	completed, err := s.Complete(ctx)
	if err != nil {
		return nil, fmt.Errorf("kube-apiserver options: %w", err)
	}
	if errs := completed.Validate(); len(errs) != 0 {
		return nil, fmt.Errorf("kube-apiserver options: %w", utilerrors.NewAggregate(errs))
	}
	config, err := app.NewConfig(completed)
	if err != nil {
		return nil, fmt.Errorf("kube-apiserver config: %w", err)
	}
	cc, err := config.Complete()
	if err != nil {
		return nil, fmt.Errorf("kube-apiserver config: %w", err)
	}
	chain, err := app.CreateServerChain(cc)
	if err != nil {
		return nil, fmt.Errorf("kube-apiserver: %w", err)
	}
	prepared, err := chain.PrepareRun()
	if err != nil {
		return nil, fmt.Errorf("kube-apiserver: %w", err)
	}

	a := &apiServer{
		url:      "https://" + net.JoinHostPort(address.String(), fmt.Sprint(boundPort)),
		loopback: rest.CopyConfig(chain.GenericAPIServer.LoopbackClientConfig),
		done:     make(chan struct{}),
	}
	a.loopback.QPS = 1000
	a.loopback.Burst = 10000
	go func() {
		defer close(a.done)
		a.runErr = prepared.Run(ctx)
	}()

	caPEM, err := os.ReadFile(filepath.Join(certDir, "apiserver.crt"))
	if err != nil {
		return a, fmt.Errorf("read serving certificate: %w", err)
	}
	a.caPEM = caPEM
	a.token = token
	a.signing = tokenSigning{keyFile: saKey, rootCA: caPEM}
	return a, nil
}

// endpointReconciler keeps the "kubernetes" Service's endpoints where pods can
// reach them (lease, as a real cluster), and none on loopback.
func endpointReconciler(address net.IP) string {
	if address.IsLoopback() {
		return "none"
	}
	return "lease"
}

// waitReady polls /readyz until it answers 200, then waits for namespace
// "default" (created by a post-start controller), like the upstream test server.
func (a *apiServer) waitReady(ctx context.Context, timeout time.Duration) error {
	client, err := kubernetes.NewForConfig(a.loopback)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var lastErr error
	err = wait.PollUntilContextCancel(ctx, 100*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		select {
		case <-a.done:
			return false, fmt.Errorf("kube-apiserver stopped: %v", a.runErr)
		default:
		}
		status := 0
		res := client.Discovery().RESTClient().Get().AbsPath("/readyz").Do(ctx).StatusCode(&status)
		if status != http.StatusOK {
			lastErr = fmt.Errorf("/readyz answered %d: %v", status, res.Error())
			return false, nil
		}
		if _, err := client.CoreV1().Namespaces().Get(ctx, metav1.NamespaceDefault, metav1.GetOptions{}); err != nil {
			if apierrors.IsNotFound(err) {
				lastErr = fmt.Errorf("namespace default not created yet")
				return false, nil
			}
			lastErr = err
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		if lastErr != nil {
			return fmt.Errorf("kube-apiserver not ready after %s: %v", timeout, lastErr)
		}
		return err
	}
	return nil
}
