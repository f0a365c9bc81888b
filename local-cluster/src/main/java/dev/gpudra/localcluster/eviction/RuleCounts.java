package dev.gpudra.localcluster.eviction;

/**
 * What one DeviceTaintRule's status condition reports.
 *
 * @param pendingPods pods its taint evicts (or, for effect {@code None}, would evict) that are not
 *     being deleted yet
 * @param pendingNamespaces their namespaces
 * @param evictedPods pods deleted for it since this controller started
 * @param publishedDevices devices in ResourceSlices its selector picks (effect {@code None} only)
 * @param allocatedDevices allocated devices its selector picks (effect {@code None} only)
 */
record RuleCounts(
    long pendingPods,
    long pendingNamespaces,
    long evictedPods,
    long publishedDevices,
    long allocatedDevices) {}
