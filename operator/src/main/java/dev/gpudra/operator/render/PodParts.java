package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;

/** Small builders for the pods of operand DaemonSets. */
public final class PodParts {
  private PodParts() {}

  public static EnvVar env(String name, String value) {
    return new EnvVarBuilder().withName(name).withValue(value).build();
  }

  public static EnvVar fieldRef(String name, String path) {
    return new EnvVarBuilder()
        .withName(name)
        .withNewValueFrom()
        .withNewFieldRef()
        .withFieldPath(path)
        .endFieldRef()
        .endValueFrom()
        .build();
  }

  public static VolumeMount mount(String name, String path) {
    return new VolumeMountBuilder().withName(name).withMountPath(path).build();
  }

  /** A read-only mount that sees mounts the host makes later (the driver root). */
  public static VolumeMount hostToContainer(String name, String path) {
    return new VolumeMountBuilder()
        .withName(name)
        .withMountPath(path)
        .withReadOnly(true)
        .withMountPropagation("HostToContainer")
        .build();
  }

  /** A mount that sees mounts and files the host makes later (the validation files). */
  public static VolumeMount hostToContainerWritable(String name, String path) {
    return new VolumeMountBuilder()
        .withName(name)
        .withMountPath(path)
        .withMountPropagation("HostToContainer")
        .build();
  }

  public static Volume hostPath(String name, String path, String type) {
    return new VolumeBuilder()
        .withName(name)
        .withNewHostPath()
        .withPath(path)
        .withType(type)
        .endHostPath()
        .build();
  }

  public static List<LocalObjectReference> secrets(List<String> names) {
    return names == null ? null : names.stream().map(LocalObjectReference::new).toList();
  }
}
