/**
 * {@code gpu-dra explain}: for each claim (given directly, through a ResourceClaimTemplate, or
 * through the pods of a Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job or CronJob: their
 * {@code spec.resourceClaims}, and the claim kube-scheduler generates for extended resources backed
 * by a DeviceClass) and each node, whether the claim fits and which devices it would get, or the
 * first selector or constraint that turned each device down. Claims and templates of {@code
 * resource.k8s.io/v1beta1} and {@code v1beta2} are converted to v1 as the API server does. A pod
 * only uses claims and templates of its own namespace. A node the pod cannot be scheduled to
 * (cordoned, or tainted without a toleration; a claim on its own counts as a pod without
 * tolerations) and a claim the API server would refuse (admin access outside a namespace labelled
 * {@code resource.kubernetes.io/admin-access=true}) are no fit, with the devices still explained.
 * Pure: callers read the objects from files or an API server and hand them in.
 */
package dev.gpudra.allocator.explain;
