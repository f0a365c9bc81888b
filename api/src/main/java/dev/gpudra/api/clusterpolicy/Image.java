package dev.gpudra.api.clusterpolicy;

import java.util.List;
import java.util.Optional;

/**
 * An operand's container image block ({@code repository}, {@code image}, {@code version}, {@code
 * imagePullPolicy}, {@code imagePullSecrets}), the keys every component that runs a container has
 * at its own level (each component's {@code containerImage()}).
 *
 * @param repository the registry and repository path, for example {@code nvcr.io/nvidia}
 * @param name the image name; alone (no repository, no version) it is a full image reference
 * @param version the tag, or a digest when it starts with {@code sha256:}
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}; NVIDIA's operator
 *     reads anything else as {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 */
public record Image(
    String repository,
    String name,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets) {
  /** The pattern NVIDIA's CRD gives every {@code image} key (unanchored, as NVIDIA's). */
  public static final String NAME_PATTERN = "[a-zA-Z0-9\\-]+";

  public Image {
    imagePullSecrets = Frozen.list(imagePullSecrets);
  }

  /**
   * The image reference as NVIDIA's operator resolves it: {@code image} verbatim when repository
   * and version are both empty, otherwise {@code repository/image:version}, or {@code
   * repository/image@version} for a {@code sha256:} digest (joined as is, even where a part is
   * empty).
   *
   * @return empty when nothing is set, where NVIDIA's operator falls back to an environment
   *     variable
   */
  public Optional<String> reference() {
    String repo = repository == null ? "" : repository;
    String image = name == null ? "" : name;
    String tag = version == null ? "" : version;
    if (repo.isEmpty() && tag.isEmpty()) {
      return image.isEmpty() ? Optional.empty() : Optional.of(image);
    }
    String separator = tag.startsWith("sha256:") ? "@" : ":";
    return Optional.of(repo + "/" + image + separator + tag);
  }
}
