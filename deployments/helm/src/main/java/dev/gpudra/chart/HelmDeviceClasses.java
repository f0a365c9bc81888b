package dev.gpudra.chart;

import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassManifests;
import dev.gpudra.deviceclasses.model.DriverKind;
import dev.gpudra.deviceclasses.model.ExtendedResourceMapping;
import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;
import java.util.Arrays;

/**
 * Renders {@code templates/deviceclasses.yaml}: every NVIDIA DeviceClass of a driver under that
 * driver's {@code resources.<driver>.enabled} value, the {@code gpu.nvidia.com} class's {@code
 * extendedResourceName} under {@code deviceClasses.extendedResourceName}, and the IMEX daemons'
 * class left out with hostManaged IMEX.
 */
public final class HelmDeviceClasses {
  /** Where the chart keeps the rendered template, relative to deployments/helm. */
  public static final String CHART_FILE = "gpu-dra/templates/deviceclasses.yaml";

  private static final String HEADER =
      "{{- /* Generated from the DeviceClass model (device-classes module) by"
          + " HelmDeviceClassesTest; do not edit. */}}\n";

  private final DeviceClassFactory factory = new DeviceClassFactory();
  private final DeviceClassManifests manifests = new DeviceClassManifests();

  public String render() {
    return HEADER
        + section(DriverKind.GPU, "gpus")
        + section(DriverKind.COMPUTE_DOMAIN, "computeDomains");
  }

  private String section(DriverKind driver, String valuesKey) {
    StringBuilder out = new StringBuilder();
    out.append("{{- if .Values.resources.").append(valuesKey).append(".enabled }}\n");
    Arrays.stream(NvidiaDeviceClass.values())
        .filter(c -> c.driver() == driver)
        .forEach(c -> out.append(document(c)));
    return out.append("{{- end }}\n").toString();
  }

  private String document(NvidiaDeviceClass deviceClass) {
    String yaml =
        manifests
            .toYaml(
                java.util.List.of(factory.deviceClass(deviceClass, ExtendedResourceMapping.NONE)))
            .replaceFirst(
                "(?m)^apiVersion: resource\\.k8s\\.io/v1$",
                "apiVersion: {{ include \"gpu-dra.resourceApiVersion\" . }}");
    if (deviceClass == NvidiaDeviceClass.COMPUTE_DOMAIN_DAEMON) {
      // hostManaged IMEX runs no daemons, and NVIDIA's chart drops their class
      return "{{- if not (include \"gpu-dra.hostManagedImex\" .) }}\n" + yaml + "{{- end }}\n";
    }
    if (deviceClass != NvidiaDeviceClass.GPU) {
      return yaml;
    }
    return yaml.replaceFirst(
        "(?m)^spec:\\n",
        "spec:\n{{- if .Values.deviceClasses.extendedResourceName }}\n  extendedResourceName: "
            + NvidiaDeviceClass.NVIDIA_GPU_EXTENDED_RESOURCE
            + "\n{{- end }}\n");
  }
}
