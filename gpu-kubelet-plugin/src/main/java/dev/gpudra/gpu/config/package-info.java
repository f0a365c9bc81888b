/**
 * Which opaque configuration applies to each device of a claim. Sources are the claim's {@code
 * status.allocation.devices.config[]} entries for {@code gpu.nvidia.com}; precedence is defaults
 * &lt; class (FromClass) &lt; claim (FromClaim), and the last matching entry wins. Devices are
 * grouped by the config that won, and every group's config is normalized and validated against the
 * feature gates before anything is prepared.
 *
 * <p>Invariants: every error is an {@link dev.gpudra.api.v1beta1.InvalidConfigException} naming the
 * claim, the config entry and the field; nothing here touches the node. Sharing strategies are
 * validated but applied elsewhere; VFIO passthrough is refused.
 */
package dev.gpudra.gpu.config;
