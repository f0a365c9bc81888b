package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Volume;

/**
 * NVIDIA's validation-file protocol: the validator writes {@code driver-ready}, {@code
 * toolkit-ready}, ... into the host's {@code /run/nvidia/validations} once it has checked that
 * step; an operand that needs a step starts with an init container that waits for its file (the
 * device plugin for {@code toolkit-ready}, the DRA driver for {@code driver-ready}), so nothing
 * starts on a node before the GPU stack beneath it works. The wait is a shell loop, as NVIDIA's.
 */
public final class ValidationWait {
  /** The host directory of the validation files, a constant of NVIDIA's stack. */
  public static final String DIR = "/run/nvidia/validations";

  /** The name of the volume that mounts {@link #DIR}. */
  public static final String VOLUME = "run-nvidia-validations";

  private ValidationWait() {}

  /**
   * @param name the init container's name, NVIDIA's ({@code toolkit-validation})
   * @param image an image with {@code sh}
   * @param file the file to wait for ({@code toolkit-ready})
   * @param what what is waited for, for the container's log
   */
  public static Container initContainer(String name, String image, String file, String what) {
    return new ContainerBuilder()
        .withName(name)
        .withImage(image)
        .withCommand("sh", "-c")
        .withArgs(
            "until [ -f "
                + DIR
                + "/"
                + file
                + " ]; do echo waiting for "
                + what
                + "; sleep 5; done")
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .withVolumeMounts(PodParts.hostToContainerWritable(VOLUME, DIR))
        .build();
  }

  /** The host directory, created when missing. */
  public static Volume volume() {
    return PodParts.hostPath(VOLUME, DIR, "DirectoryOrCreate");
  }
}
