package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The standalone DCGM host engine ({@code spec.dcgm}).
 *
 * @param enabled whether the operator deploys the DCGM host engine; absent means true (no CRD
 *     default)
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param resources the container's resource limits and requests
 * @param args extra container arguments
 * @param env extra container environment variables
 * @param hostPort deprecated: accepted and ignored, as NVIDIA's (formerly the host port, 5555)
 * @param hostNetwork (newer upstream) whether the pod runs in the host network; absent means false
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DcgmSpec(
    Boolean enabled,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    Integer hostPort,
    Boolean hostNetwork)
    implements ContainerKeys, EnabledByDefault {
  public DcgmSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
  }
}
