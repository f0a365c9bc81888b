/**
 * {@code state-driver}: NVIDIA's driver DaemonSet (containers, volumes, config digest, refusals of
 * settings not built), the driver validation step other states wait on, and the per-pool driver
 * DaemonSets of NVIDIADriver resources. Uses {@code toolkit}'s validation and environment.
 */
package dev.gpudra.operator.render.nvidia.driver;
