package dev.gpudra.demo.realnode;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Our image as the real node gets it: its classpath, which the plugins run on as processes, and its
 * tar, which the node's containerd imports for the pods that run our image (the MPS control
 * daemon).
 *
 * @param classpath the image's classpath ({@code deployments/container/target/libs/*})
 * @param tar the image tar ({@code deployments/image/target/jib-image.tar}); empty when not built,
 *     and the scenarios that need our image in containerd are not run
 */
public record PluginImage(String classpath, Optional<Path> tar) {
  public PluginImage {
    Objects.requireNonNull(classpath, "classpath");
    Objects.requireNonNull(tar, "tar");
  }
}
