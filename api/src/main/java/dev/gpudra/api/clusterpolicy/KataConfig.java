package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import java.util.List;

/**
 * The Kata runtime classes the Kata manager installs ({@code spec.kataManager.config}, NVIDIA's
 * k8s-kata-manager type).
 *
 * @param artifactsDir the host directory the artifacts are pulled to
 * @param runtimeClasses the runtime classes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KataConfig(
    @Default("\"/opt/nvidia-gpu-operator/artifacts/runtimeclasses\"") String artifactsDir,
    List<KataRuntimeClass> runtimeClasses) {
  public KataConfig {
    runtimeClasses = Frozen.list(runtimeClasses);
  }
}
