/**
 * A kubelet stand-in for DRA plugins: watches a registrar directory for {@code *-reg.sock} files,
 * registers each plugin as the kubelet's plugin manager does (GetInfo with a 1 s deadline, type and
 * supported-service checks, NotifyRegistrationStatus) and calls NodePrepareResources /
 * NodeUnprepareResources over the chosen API version with the kubelet's 45 s deadline and response
 * checks. On start it deletes the node's ResourceSlices, as a restarting kubelet does.
 */
package dev.gpudra.localcluster.kubelet;
