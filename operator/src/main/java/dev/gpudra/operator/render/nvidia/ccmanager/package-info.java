/** {@code state-cc-manager}: NVIDIA's confidential-computing manager DaemonSet. */
package dev.gpudra.operator.render.nvidia.ccmanager;
