package main

import (
	"context"
	"fmt"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/events"
	kubeschedulerconfigv1 "k8s.io/kube-scheduler/config/v1"
	"k8s.io/kubernetes/pkg/scheduler"
	schedulerconfig "k8s.io/kubernetes/pkg/scheduler/apis/config"
	schedulerscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
	"k8s.io/kubernetes/pkg/scheduler/profile"
)

// schedulerConfig: the default profile (which contains DynamicResources while
// the DynamicResourceAllocation gate is on) with short back-offs so tests
// do not wait long for retries of unschedulable pods.
const schedulerConfig = `
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
podInitialBackoffSeconds: 1
podMaxBackoffSeconds: 1
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: DynamicResources
    args:
      filterTimeout: 10s
`

// startScheduler runs kube-scheduler's scheduling loop in this process: no
// serving endpoint, no leader election, no delegated authentication.
func startScheduler(ctx context.Context, cfg *rest.Config) error {
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	gvk := kubeschedulerconfigv1.SchemeGroupVersion.WithKind("KubeSchedulerConfiguration")
	var sc schedulerconfig.KubeSchedulerConfiguration
	if _, _, err := schedulerscheme.Codecs.UniversalDecoder().Decode([]byte(schedulerConfig), &gvk, &sc); err != nil {
		return fmt.Errorf("scheduler configuration: %w", err)
	}

	informerFactory := newSchedulerInformers(client)
	broadcaster := events.NewBroadcaster(&events.EventSinkImpl{Interface: client.EventsV1()})
	broadcaster.StartRecordingToSink(ctx.Done())

	sched, err := scheduler.New(ctx, client, informerFactory, nil,
		profile.NewRecorderFactory(broadcaster),
		scheduler.WithKubeConfig(cfg),
		scheduler.WithProfiles(sc.Profiles...),
		scheduler.WithPercentageOfNodesToScore(sc.PercentageOfNodesToScore),
		scheduler.WithPodInitialBackoffSeconds(sc.PodInitialBackoffSeconds),
		scheduler.WithPodMaxBackoffSeconds(sc.PodMaxBackoffSeconds),
		scheduler.WithExtenders(sc.Extenders...),
		scheduler.WithParallelism(sc.Parallelism),
	)
	if err != nil {
		broadcaster.Shutdown()
		return fmt.Errorf("kube-scheduler: %w", err)
	}
	// Start informers only after scheduler.New: the DRA plugin registers its
	// resource.k8s.io informers there.
	informerFactory.Start(ctx.Done())
	informerFactory.WaitForCacheSync(ctx.Done())
	if err := sched.WaitForHandlersSync(ctx); err != nil {
		broadcaster.Shutdown()
		return fmt.Errorf("kube-scheduler handlers: %w", err)
	}
	go func() {
		sched.Run(ctx) // returns when ctx ends
		informerFactory.Shutdown()
		broadcaster.Shutdown()
	}()
	return nil
}
