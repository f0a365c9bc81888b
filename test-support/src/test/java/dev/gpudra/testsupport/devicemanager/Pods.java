package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.testsupport.deviceplugin.ExampleDevicePlugin;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;

/** Pods whose containers ask for {@code example.com/gpu} by their limits. */
final class Pods {
  private Pods() {}

  /** A pod with one container per entry, in order, each asking for that many devices. */
  static Pod asking(String uid, Map<String, Integer> gpusByContainer) {
    List<Container> containers =
        gpusByContainer.entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e ->
                new ContainerBuilder()
                    .withName(e.getKey())
                    .withNewResources()
                    .addToLimits(
                        ExampleDevicePlugin.RESOURCE, new Quantity(e.getValue().toString()))
                    .endResources()
                    .build())
            .toList();
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("default")
        .withName("pod-" + uid)
        .withUid(uid)
        .endMetadata()
        .withNewSpec()
        .withContainers(containers)
        .endSpec()
        .build();
  }
}
