package dev.gpudra.api.clusterpolicy;

import java.util.List;

/** A component with NVIDIA's image keys at its own level. */
public interface ImageKeys {
  String repository();

  String image();

  String version();

  String imagePullPolicy();

  List<String> imagePullSecrets();

  /** The image keys as one value, to resolve its reference. */
  default Image containerImage() {
    return new Image(repository(), image(), version(), imagePullPolicy(), imagePullSecrets());
  }
}
