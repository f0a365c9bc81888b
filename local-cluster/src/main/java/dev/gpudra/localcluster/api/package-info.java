/**
 * The in-process API server: fabric8's mock server in CRUD mode on 127.0.0.1, a client for it and a
 * kubeconfig that points at it. It accepts field selectors only on {@code metadata.*}; callers
 * filter other fields themselves. Unless built with {@link
 * dev.gpudra.localcluster.api.ApiValidation#NONE}, creates, updates and patches of
 * resource.k8s.io/v1 ResourceSlices, DeviceClasses, ResourceClaims (and their status) and
 * ResourceClaimTemplates go through {@code dev.gpudra.localcluster.validation} and are refused with
 * 422 Invalid before they are stored or watched. It answers kubectl's discovery ({@code /api},
 * {@code /apis}, each group version's resources, {@code /version}) for the resources the local
 * cluster stores, as legacy (plain JSON) discovery.
 */
package dev.gpudra.localcluster.api;
