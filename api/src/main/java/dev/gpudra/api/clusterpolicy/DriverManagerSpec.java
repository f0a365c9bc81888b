package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The k8s-driver-manager init container ({@code spec.driver.manager}, {@code
 * spec.vgpuManager.driverManager}, {@code spec.vfioManager.driverManager}).
 *
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param env extra container environment variables
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverManagerSpec(
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    List<EnvVar> env)
    implements ImageKeys {
  public DriverManagerSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    env = Frozen.list(env);
  }
}
