//go:build k8s134

package main

// Kubernetes 1.34, the oldest release with resource.k8s.io/v1: built with
// go.1.34.mod and the k8s134 tag (build.sh 1.34). See k8s_current.go.

import (
	"context"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/kubernetes/pkg/controller/resourceclaim"
	serviceaccountcontroller "k8s.io/kubernetes/pkg/controller/serviceaccount"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/scheduler"
)

// releaseFeatureGates: 1.34 has no DRADeviceTaintRules gate (DRADeviceTaints
// covers the rules there).
var releaseFeatureGates []string

func newClaimController(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory) (*resourceclaim.Controller, error) {
	return resourceclaim.NewController(
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
}

func newJobController(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory) (*job.Controller, error) {
	return job.NewController(ctx, factory.Core().V1().Pods(), factory.Batch().V1().Jobs(), client)
}

func newSchedulerInformers(client kubernetes.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(client, 0)
}

func newServiceAccountsController(_ klog.Logger, client kubernetes.Interface, factory informers.SharedInformerFactory) (*serviceaccountcontroller.ServiceAccountsController, error) {
	return serviceaccountcontroller.NewServiceAccountsController(
		factory.Core().V1().ServiceAccounts(), factory.Core().V1().Namespaces(), client,
		serviceaccountcontroller.DefaultServiceAccountsControllerOptions())
}

// newDeviceTaintEviction: device taints are alpha and off in 1.34, so its
// kube-controller-manager runs no eviction controller either.
func newDeviceTaintEviction(context.Context, kubernetes.Interface, informers.SharedInformerFactory) func(context.Context) {
	return nil
}
