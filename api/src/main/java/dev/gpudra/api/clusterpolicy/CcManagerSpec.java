package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The confidential-computing manager ({@code spec.ccManager}).
 *
 * @param enabled whether the operator deploys the CC manager; absent means false (no CRD default)
 * @param defaultMode the mode set on GPUs whose node label does not say; the CRD has no default
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param resources the container's resource limits and requests
 * @param args extra container arguments
 * @param env extra container environment variables
 * @param hostNetwork (newer upstream) run the pod in the host network with DNS policy {@code
 *     ClusterFirstWithHostNet}; absent means false; JSON name inferred from {@code
 *     spec.dcgm.hostNetwork}, which the same upstream change added
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CcManagerSpec(
    Boolean enabled,
    CcMode defaultMode,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    Boolean hostNetwork)
    implements ContainerKeys, DisabledByDefault {
  public CcManagerSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
  }
}
