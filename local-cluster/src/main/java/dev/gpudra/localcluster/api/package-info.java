/**
 * The in-process API server: fabric8's mock server in CRUD mode on 127.0.0.1, a client for it and a
 * kubeconfig that points at it. It accepts field selectors only on {@code metadata.*}; callers
 * filter other fields themselves. Unless built with {@link
 * dev.gpudra.localcluster.api.ApiValidation#NONE}, creates, updates and patches of
 * resource.k8s.io/v1 ResourceSlices, DeviceClasses, ResourceClaims (and their status),
 * ResourceClaimTemplates and DeviceTaintRules (and their status) go through {@code
 * dev.gpudra.localcluster.validation} and are refused with 422 Invalid before they are stored or
 * watched. The status of a ResourceClaim or a DeviceTaintRule, like that of a custom resource with
 * the status subresource, is written only through {@code /status}: a create drops it, an update of
 * the object keeps the stored one ({@code StatusSubresources}). A device taint without {@code
 * timeAdded} (a slice's or a DeviceTaintRule's) gets the write's time, and a DeviceTaintRule whose
 * effect changes gets it anew, as kube-apiserver 1.37 does ({@code TaintDefaults}).
 *
 * <p>For kubectl it answers legacy discovery ({@code /api}, {@code /apis}, each group version's
 * resources, {@code /version}) and OpenAPI v3 (which paths take {@code fieldValidation}, no
 * schemas), for the built-in resources the local cluster stores and for the resources of each
 * stored CustomResourceDefinition, from its creation to its deletion. {@code
 * fieldValidation=Strict} and {@code Warn} check field names against the fabric8 model or the CRD's
 * structural schema; values are not checked.
 *
 * <p>Invariant: every request is answered. What it cannot serve (protobuf or CBOR bodies,
 * server-side apply, strategic merge patch directives, {@code dryRun} other than on a create, other
 * methods and paths) is refused at once with a Status; an exception becomes 500 with a Status. A
 * create with {@code dryRun=All} is checked and answered as stored, and is not stored.
 */
package dev.gpudra.localcluster.api;
