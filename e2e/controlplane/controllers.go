package main

import (
	"context"
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kubernetes/pkg/controller/namespace"
	"k8s.io/kubernetes/pkg/controller/resourceclaim"
	"k8s.io/kubernetes/pkg/features"
)

// startControllers runs, directly and without kube-controller-manager, the
// controllers our scenarios need: the resource-claim controller (claims from
// templates, reservedFor bookkeeping) and the namespace controller (so that
// deleting a test namespace really deletes its contents).
func startControllers(ctx context.Context, cfg *rest.Config) error {
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	factory := informers.NewSharedInformerFactory(client, 0)

	claimCtrl, err := resourceclaim.NewController(
		klog.FromContext(ctx).WithName("resource-claim-controller"),
		resourceclaim.Features{
			AdminAccess:     utilfeature.DefaultFeatureGate.Enabled(features.DRAAdminAccess),
			PrioritizedList: utilfeature.DefaultFeatureGate.Enabled(features.DRAPrioritizedList),
		},
		client,
		factory.Core().V1().Pods(),
		factory.Resource().V1().ResourceClaims(),
		factory.Resource().V1().ResourceClaimTemplates(),
	)
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

	factory.Start(ctx.Done())
	for typ, ok := range factory.WaitForCacheSync(ctx.Done()) {
		if !ok {
			return fmt.Errorf("controllers: informer for %v did not sync", typ)
		}
	}
	go func() {
		claimCtrl.Run(ctx, 2)
		factory.Shutdown()
	}()
	go nsCtrl.Run(ctx, 2)
	return nil
}
