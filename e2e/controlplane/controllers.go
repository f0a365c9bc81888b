package main

import (
	"context"
	"fmt"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/kubernetes/pkg/controller/namespace"
)

// controllersSyncTimeout bounds the wait for every controller's informers.
const controllersSyncTimeout = 60 * time.Second

// startControllers runs, directly and without kube-controller-manager, the
// controllers our scenarios need: resource-claim (claims from templates,
// reservedFor bookkeeping), namespace (deleting a test namespace deletes its
// contents), service-account and tokens, the garbage collector (generated
// claims go with their pod), device-taint eviction (where the release has it),
// and those of a real node and its workloads
// (node lifecycle, root-CA publisher, EndpointSlice, DaemonSet, Deployment, ReplicaSet, Job). It returns once all their informers have synced
// and SA default/default exists.
func startControllers(ctx context.Context, cfg *rest.Config, signing tokenSigning) error {
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	factory := informers.NewSharedInformerFactory(client, 0)

	claimCtrl, err := newClaimController(ctx, client, factory)
	if err != nil {
		return fmt.Errorf("resource-claim controller: %w", err)
	}
	metadataClient, err := metadata.NewForConfig(cfg)
	if err != nil {
		return err
	}
	nsCtrl := namespace.NewNamespaceController(ctx, client, metadataClient,
		client.Discovery().ServerPreferredNamespacedResources,
		factory.Core().V1().Namespaces(), 0, v1.FinalizerKubernetes)
	saCtrls, err := newServiceAccountControllers(ctx, client, factory, signing)
	if err != nil {
		return err
	}
	gc, err := newGarbageCollector(ctx, cfg, client, factory)
	if err != nil {
		return fmt.Errorf("garbage collector: %w", err)
	}
	workloads, err := newNodeAndWorkloadControllers(ctx, client, factory, signing.rootCA)
	if err != nil {
		return err
	}
	if eviction := newDeviceTaintEviction(ctx, client, factory); eviction != nil {
		workloads = append(workloads, eviction)
	}

	// As kube-controller-manager: all informers are registered by now; start
	// them, then let the collector start its monitors.
	factory.Start(ctx.Done())
	gc.start(ctx)
	go claimCtrl.Run(ctx, 2)
	go nsCtrl.Run(ctx, 2)
	for _, run := range saCtrls {
		go run(ctx)
	}
	for _, run := range workloads {
		go run(ctx)
	}
	go func() {
		<-ctx.Done()
		factory.Shutdown()
	}()
	return waitForControllers(ctx, client, factory, gc)
}

// waitForControllers returns once the shared informers and the garbage
// collector's monitors have synced and SA default/default exists.
func waitForControllers(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory, gc *garbageCollector) error {
	ctx, cancel := context.WithTimeout(ctx, controllersSyncTimeout)
	defer cancel()
	for typ, ok := range factory.WaitForCacheSync(ctx.Done()) {
		if !ok {
			return fmt.Errorf("informer for %v did not sync", typ)
		}
	}
	err := wait.PollUntilContextCancel(ctx, 50*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		return gc.synced(ctx), nil
	})
	if err != nil {
		return fmt.Errorf("garbage collector monitors did not sync: %w", err)
	}
	return waitForDefaultServiceAccount(ctx, client)
}
