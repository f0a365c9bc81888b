/**
 * NVIDIA's GPU Operator policy, {@code ClusterPolicy} of group {@code nvidia.com}, version {@code
 * v1}: the resource, its status, its CustomResourceDefinition, and the immutable records of its
 * {@code spec} ({@link dev.gpudra.api.clusterpolicy.ClusterPolicySpec} and one record per nested
 * object), so manifests written for NVIDIA's operator decode here unchanged.
 *
 * <p>Invariants: JSON names are exactly NVIDIA's (a Java name that differs carries
 * {@code @JsonProperty}); every component is a nullable boxed type and absent stays absent (null is
 * never read as false, 0 or empty; where NVIDIA's operator gives an absent {@code enabled} a
 * meaning, {@code enabledOrDefault()} states it); lists and maps are unmodifiable copies; enums are
 * the CRD's enums, each constant annotated with its exact string; the CRD schema is read off these
 * types by {@link dev.gpudra.api.schema.RecordSchemas} ({@code @Required}, {@code @Default},
 * {@code @Pattern}, {@code @Minimum} as in NVIDIA's CRD), so the two cannot drift apart.
 *
 * <p>The image keys shared by the operands sit in each component, as in the JSON (no
 * {@code @JsonUnwrapped}: fabric8's mapper cannot bind it through a record's constructor); {@code
 * containerImage()} gives them as one {@link dev.gpudra.api.clusterpolicy.Image}. Fields newer than
 * the last NVIDIA CRD read field by field (per-operand {@code hostNetwork}, {@code
 * sandboxWorkloads.mode}, {@code kataSandboxDevicePlugin} and others) say "(newer upstream)" in
 * their javadoc; they are kept so current manifests decode unchanged.
 */
package dev.gpudra.api.clusterpolicy;
