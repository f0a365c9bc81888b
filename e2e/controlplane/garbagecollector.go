package main

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"k8s.io/controller-manager/pkg/informerfactory"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/controller/garbagecollector"
)

// gcSyncPeriod: how often the RESTMapper is reset and discovery is re-read to
// start monitors for new resource types. kube-controller-manager uses 30 s; a
// test installs a CRD and creates owned objects right away, so we look sooner.
const gcSyncPeriod = 5 * time.Second

// gcWorkers: kube-controller-manager's default is 20; a test cluster holds few objects.
const gcWorkers = 5

// garbageCollector is upstream's GarbageCollector plus what
// kube-controller-manager wires around it: a discovery-backed RESTMapper that
// is reset periodically, and Sync, which re-reads discovery and resyncs the
// monitors, so owned objects (e.g. a ResourceClaim generated for a Pod) are
// deleted once their owner is gone.
type garbageCollector struct {
	gc               *garbagecollector.GarbageCollector
	mapper           *restmapper.DeferredDiscoveryRESTMapper
	discovery        discovery.DiscoveryInterface // not the mapper's: Sync must not reset it
	informersStarted chan struct{}
}

// newGarbageCollector builds the collector on typed, the shared informer
// factory of the other controllers (metadata-only informers for the rest).
// Start typed before calling start.
func newGarbageCollector(ctx context.Context, cfg *rest.Config, client kubernetes.Interface, typed informers.SharedInformerFactory) (*garbageCollector, error) {
	metadataClient, err := metadata.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	mapperDiscovery, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return nil, err
	}
	syncDiscovery, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return nil, err
	}
	g := &garbageCollector{
		mapper:           restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(mapperDiscovery)),
		discovery:        syncDiscovery,
		informersStarted: make(chan struct{}),
	}
	factory := informerfactory.NewInformerFactory(typed, metadatainformer.NewSharedInformerFactory(metadataClient, 0))
	g.gc, err = garbagecollector.NewGarbageCollector(ctx, client, metadataClient, g.mapper,
		garbagecollector.DefaultIgnoredResources(), factory, g.informersStarted)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// start runs the collector, the periodic RESTMapper reset and the monitor
// resync until ctx ends.
func (g *garbageCollector) start(ctx context.Context) {
	close(g.informersStarted)
	go wait.Until(g.mapper.Reset, gcSyncPeriod, ctx.Done())
	go g.gc.Run(ctx, gcWorkers, gcSyncPeriod)
	go g.gc.Sync(ctx, g.discovery, gcSyncPeriod)
}

// synced reports whether the first resync has created the monitors and all of
// them have listed their resource.
func (g *garbageCollector) synced(ctx context.Context) bool {
	return g.gc.IsSynced(klog.FromContext(ctx))
}
