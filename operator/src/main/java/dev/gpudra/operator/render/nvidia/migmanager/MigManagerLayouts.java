package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.api.clusterpolicy.MigPartedConfigSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import java.util.Optional;

/**
 * Where the MIG manager reads its layouts ({@code spec.migManager.config.name}), as NVIDIA's
 * operator (v26.x) mounts them in the volume {@code mig-parted-config} at {@code
 * /mig-parted-config}. A ConfigMap of the user's is read as it is ({@code CONFIG_FILE=
 * /mig-parted-config/config.yaml}). With none named, or NVIDIA's {@code default-mig-parted-config}
 * named, no {@code CONFIG_FILE} is set: the manager then generates the node's layouts from NVML
 * when it starts (and writes them to the ConfigMap {@code <node>-mig-config}); the shipped file,
 * mounted as {@code config-default.yaml} ({@code DEFAULT_CONFIG_FILE}), is its fallback when NVML
 * reports no profile.
 *
 * @param configMap the ConfigMap mounted
 * @param custom whether it is the user's (else NVIDIA's default, which the state renders)
 */
record MigManagerLayouts(String configMap, boolean custom) {
  /** NVIDIA's shipped layouts, which the state renders when no other ConfigMap is named. */
  static final String DEFAULT_CONFIG_MAP = "default-mig-parted-config";

  static final String VOLUME = "mig-parted-config";
  static final String DIR = "/mig-parted-config";
  static final String KEY = "config.yaml";
  static final String DEFAULT_FILE = "config-default.yaml";

  static MigManagerLayouts of(OperandContext context) {
    String name =
        Optional.ofNullable(context.spec().migManager())
            .map(MigManagerSpec::config)
            .map(MigPartedConfigSpec::name)
            .filter(n -> !n.isEmpty())
            .orElse(DEFAULT_CONFIG_MAP);
    return new MigManagerLayouts(name, !name.equals(DEFAULT_CONFIG_MAP));
  }

  /** {@code CONFIG_FILE} for the user's layouts, {@code DEFAULT_CONFIG_FILE} for NVIDIA's. */
  EnvVar env() {
    return custom
        ? PodParts.env("CONFIG_FILE", DIR + "/" + KEY)
        : PodParts.env("DEFAULT_CONFIG_FILE", DIR + "/" + DEFAULT_FILE);
  }

  /**
   * The ConfigMap's volume; NVIDIA's {@code config.yaml} appears as {@code config-default.yaml}.
   */
  Volume volume() {
    VolumeBuilder volume =
        new VolumeBuilder().withName(VOLUME).withNewConfigMap().withName(configMap).endConfigMap();
    if (!custom) {
      volume
          .editConfigMap()
          .addNewItem()
          .withKey(KEY)
          .withPath(DEFAULT_FILE)
          .endItem()
          .endConfigMap();
    }
    return volume.build();
  }
}
