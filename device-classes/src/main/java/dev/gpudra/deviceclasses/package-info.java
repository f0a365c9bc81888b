/**
 * DeviceClasses of the {@code gpu.nvidia.com} and {@code compute-domain.nvidia.com} drivers, the
 * Kubernetes DRA CEL environment, and claim matching that explains why a claim fits a node or not.
 */
package dev.gpudra.deviceclasses;
