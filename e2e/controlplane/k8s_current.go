//go:build !k8s134

package main

// What differs between the Kubernetes releases this harness is built from: this
// file is the current release (go.mod, v1.37); k8s_134.go is the oldest release
// with resource.k8s.io/v1 (go.1.34.mod, build tag k8s134). build.sh picks one.

import (
	"context"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	schedulinginformers "k8s.io/client-go/informers/scheduling/v1beta1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/devicetainteviction"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/kubernetes/pkg/controller/resourceclaim"
	serviceaccountcontroller "k8s.io/kubernetes/pkg/controller/serviceaccount"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/scheduler"
)

// releaseFeatureGates are gates that only some releases know: DeviceTaintRule
// objects have their own gate since 1.35.
var releaseFeatureGates = []string{"DRADeviceTaintRules=true"}

// newClaimController passes the PodGroup informer only with GenericWorkload on,
// as kube-controller-manager does: the scheduling API is off otherwise. The
// controller reads the DRA gates itself.
func newClaimController(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory) (*resourceclaim.Controller, error) {
	var podGroups schedulinginformers.PodGroupInformer
	if utilfeature.DefaultFeatureGate.Enabled(features.GenericWorkload) {
		podGroups = factory.Scheduling().V1beta1().PodGroups()
	}
	return resourceclaim.NewController(
		klog.FromContext(ctx).WithName("resource-claim-controller"),
		client,
		factory.Core().V1().Pods(),
		podGroups,
		factory.Resource().V1().ResourceClaims(),
		factory.Resource().V1().ResourceClaimTemplates(),
	)
}

// newJobController passes the Workload and PodGroup informers only with
// WorkloadWithJob on, as kube-controller-manager does.
func newJobController(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory) (*job.Controller, error) {
	var workloads schedulinginformers.WorkloadInformer
	var podGroups schedulinginformers.PodGroupInformer
	if utilfeature.DefaultFeatureGate.Enabled(features.WorkloadWithJob) {
		workloads = factory.Scheduling().V1beta1().Workloads()
		podGroups = factory.Scheduling().V1beta1().PodGroups()
	}
	return job.NewController(ctx, client, factory.Core().V1().Pods(), factory.Batch().V1().Jobs(),
		workloads, podGroups)
}

func newSchedulerInformers(client kubernetes.Interface) informers.SharedInformerFactory {
	return scheduler.NewInformerFactory(client, 0, nil)
}

// newServiceAccountsController: since 1.35 the constructor takes a logger.
func newServiceAccountsController(logger klog.Logger, client kubernetes.Interface, factory informers.SharedInformerFactory) (*serviceaccountcontroller.ServiceAccountsController, error) {
	return serviceaccountcontroller.NewServiceAccountsController(logger,
		factory.Core().V1().ServiceAccounts(), factory.Core().V1().Namespaces(), client,
		serviceaccountcontroller.DefaultServiceAccountsControllerOptions())
}

// newDeviceTaintEviction builds kube-controller-manager's device-taint-eviction
// controller (GA in 1.37): it evicts the pods whose allocated devices carry a
// NoExecute taint they do not tolerate, from a ResourceSlice or a
// DeviceTaintRule, and keeps the rules' EvictionInProgress condition.
func newDeviceTaintEviction(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory) func(context.Context) {
	resource := factory.Resource().V1()
	controller := devicetainteviction.New(client, factory.Core().V1().Pods(),
		resource.ResourceClaims(), resource.ResourceSlices(), resource.DeviceTaintRules(),
		resource.DeviceClasses(), "device-taint-eviction-controller")
	return func(ctx context.Context) {
		if err := controller.Run(ctx, 2); err != nil {
			klog.FromContext(ctx).Error(err, "device taint eviction stopped")
		}
	}
}
