/**
 * {@code state-mig-manager}: NVIDIA's MIG manager DaemonSet, its ConfigMaps and the default MIG
 * layouts (mig-parted's defaults, as data).
 */
package dev.gpudra.operator.render.nvidia.migmanager;
