package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The operator validator ({@code spec.validator}).
 *
 * @param plugin the device plugin validation
 * @param toolkit the container toolkit validation
 * @param driver the driver validation
 * @param cuda the CUDA workload validation
 * @param vfioPci the {@code vfio-pci} validation
 * @param vgpuManager the vGPU manager validation
 * @param vgpuDevices the vGPU devices validation
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
public record ValidatorSpec(
    ValidatorStepSpec plugin,
    ValidatorStepSpec toolkit,
    ValidatorStepSpec driver,
    ValidatorStepSpec cuda,
    @JsonProperty("vfioPCI") ValidatorStepSpec vfioPci,
    ValidatorStepSpec vgpuManager,
    ValidatorStepSpec vgpuDevices,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    Boolean hostNetwork)
    implements ContainerKeys {
  public ValidatorSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
  }
}
