package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The GDRCopy driver ({@code spec.gdrcopy}).
 *
 * @param enabled whether the operator deploys the GDRCopy driver; absent means false (no CRD
 *     default)
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param args extra container arguments
 * @param env extra container environment variables
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GdrCopySpec(
    Boolean enabled,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    List<String> args,
    List<EnvVar> env)
    implements ImageKeys, DisabledByDefault {
  public GdrCopySpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
  }
}
