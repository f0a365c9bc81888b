package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;
import java.util.Map;

/**
 * Our DRA driver as an operand ({@code spec.draDriver}): the same keys as NVIDIA's GPUCluster
 * {@code spec.draDriver}, so one block serves a ClusterPolicy (where it is gpu-dra's addition:
 * present, the DRA driver runs on the nodes {@code spec.migration} moves to DRA) and a GPUCluster.
 *
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param featureGates the driver's feature gates, passed as {@code FEATURE_GATES} ({@code
 *     Name=true,...})
 * @param gpus the {@code gpu.nvidia.com} kubelet plugin
 * @param computeDomains ComputeDomains: the controller and the {@code compute-domain.nvidia.com}
 *     kubelet plugin
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraDriverSpec(
    String repository,
    @Pattern("^[a-zA-Z0-9\\-]+$") String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Map<String, Boolean> featureGates,
    DraGpusSpec gpus,
    DraComputeDomainsSpec computeDomains)
    implements ImageKeys {
  public DraDriverSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    featureGates = Frozen.map(featureGates);
  }
}
