package main

import (
	"context"
	"fmt"
	"time"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/kubernetes/pkg/controller/certificates/rootcacertpublisher"
	"k8s.io/kubernetes/pkg/controller/daemon"
	"k8s.io/kubernetes/pkg/controller/deployment"
	"k8s.io/kubernetes/pkg/controller/endpointslice"
	"k8s.io/kubernetes/pkg/controller/nodelifecycle"
	"k8s.io/kubernetes/pkg/controller/replicaset"
)

// newNodeAndWorkloadControllers builds what a real node and its workloads need,
// with kube-controller-manager's defaults: the node-lifecycle controller (it
// lifts the not-ready taint a kubelet registers its Node with, and marks a
// silent node NotReady), the kube-root-ca.crt publisher (every pod mounts it),
// and the DaemonSet, Deployment, ReplicaSet and Job controllers (our chart's
// DaemonSet, the operator and the compute-domain controller).
func newNodeAndWorkloadControllers(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory, rootCA []byte) ([]func(context.Context), error) {
	nodes, err := nodelifecycle.NewNodeLifecycleController(ctx,
		factory.Coordination().V1().Leases(), factory.Core().V1().Pods(),
		factory.Core().V1().Nodes(), factory.Apps().V1().DaemonSets(), client,
		5*time.Second,       // node monitor period
		60*time.Second,      // node startup grace period
		50*time.Second,      // node monitor grace period
		0.1, 0.01, 50, 0.55) // eviction QPS, secondary QPS, large cluster, unhealthy zone
	if err != nil {
		return nil, fmt.Errorf("node-lifecycle controller: %w", err)
	}
	rootCAs, err := rootcacertpublisher.NewPublisher(factory.Core().V1().ConfigMaps(),
		factory.Core().V1().Namespaces(), client, rootCA)
	if err != nil {
		return nil, fmt.Errorf("root-CA publisher: %w", err)
	}
	daemonSets, err := daemon.NewDaemonSetsController(ctx, factory.Apps().V1().DaemonSets(),
		factory.Apps().V1().ControllerRevisions(), factory.Core().V1().Pods(),
		factory.Core().V1().Nodes(), client, flowcontrol.NewBackOff(time.Second, 15*time.Minute))
	if err != nil {
		return nil, fmt.Errorf("daemonset controller: %w", err)
	}
	deployments, err := deployment.NewDeploymentController(ctx, factory.Apps().V1().Deployments(),
		factory.Apps().V1().ReplicaSets(), factory.Core().V1().Pods(), client)
	if err != nil {
		return nil, fmt.Errorf("deployment controller: %w", err)
	}
	replicaSets := replicaset.NewReplicaSetController(ctx, factory.Apps().V1().ReplicaSets(),
		factory.Core().V1().Pods(), client, 500)
	jobs, err := newJobController(ctx, client, factory)
	if err != nil {
		return nil, fmt.Errorf("job controller: %w", err)
	}
	// Services get EndpointSlices, which kube-proxy routes: the API server reaches a webhook's
	// Service through them.
	endpointSlices := endpointslice.NewController(ctx, factory.Core().V1().Pods(),
		factory.Core().V1().Services(), factory.Core().V1().Nodes(),
		factory.Discovery().V1().EndpointSlices(), 100, client, 0)
	return []func(context.Context){
		nodes.Run,
		func(ctx context.Context) { endpointSlices.Run(ctx, 2) },
		func(ctx context.Context) { rootCAs.Run(ctx, 1) },
		func(ctx context.Context) { daemonSets.Run(ctx, 2) },
		func(ctx context.Context) { deployments.Run(ctx, 2) },
		func(ctx context.Context) { replicaSets.Run(ctx, 2) },
		func(ctx context.Context) { jobs.Run(ctx, 2) },
	}, nil
}
