package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How Allocate tells the runtime which devices a container gets. */
public enum DeviceListStrategy {
  /** {@code NVIDIA_VISIBLE_DEVICES} with the devices' IDs. */
  @JsonProperty("envvar")
  ENVVAR,
  /** One mount per device under {@code /var/run/nvidia-container-devices}. */
  @JsonProperty("volume-mounts")
  VOLUME_MOUNTS,
  /** A {@code cdi.k8s.io/} annotation listing the devices' CDI names. */
  @JsonProperty("cdi-annotations")
  CDI_ANNOTATIONS,
  /** The CRI's {@code CDIDevices} field. */
  @JsonProperty("cdi-cri")
  CDI_CRI;

  public boolean cdi() {
    return this == CDI_ANNOTATIONS || this == CDI_CRI;
  }
}
