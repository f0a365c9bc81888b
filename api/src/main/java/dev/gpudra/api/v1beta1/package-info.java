/**
 * The opaque device configuration API of {@code gpu.nvidia.com}, group {@code resource.nvidia.com},
 * version {@code v1beta1}: {@link dev.gpudra.api.v1beta1.GpuConfig}, {@link
 * dev.gpudra.api.v1beta1.MigDeviceConfig} and {@link dev.gpudra.api.v1beta1.VfioDeviceConfig}, with
 * JSON names exactly as NVIDIA's driver reads them.
 *
 * <p>Invariants: values are immutable records; {@link dev.gpudra.api.v1beta1.ConfigDecoder} is the
 * only way in from user JSON and decodes strictly (unknown fields, wrong types and duplicate keys
 * are errors); shape rules that hold regardless of feature gates (for example, TimeSlicing with an
 * {@code mpsConfig}) are checked in the compact constructors, gate-dependent rules in {@code
 * validate}. Every failure is an {@link dev.gpudra.api.v1beta1.InvalidConfigException}.
 */
package dev.gpudra.api.v1beta1;
