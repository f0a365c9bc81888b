package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The init container of operand pods ({@code spec.operator.initContainer}).
 *
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitContainerSpec(
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets)
    implements ImageKeys {
  public InitContainerSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
  }
}
