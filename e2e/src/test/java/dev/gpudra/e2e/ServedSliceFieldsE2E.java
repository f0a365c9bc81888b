package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.served.SliceField;
import dev.gpudra.kit.served.SliceFieldProbe;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What kube-apiserver 1.34 keeps of a ResourceSlice with its default gates (the DRA gates this
 * harness turns on, turned off again): the probe the GPU plugin runs at start finds no taints, no
 * consumable capacity and no counters, and stores nothing. {@link RealNodeSmoke} checks the other
 * side on 1.37 and on 1.34 with the gates on: every field kept.
 */
class ServedSliceFieldsE2E {
  /** 1.34's defaults for the gates of the fields the probe asks about (all alpha there). */
  static final String DEFAULT_GATES_134 =
      "--feature-gates=DRADeviceTaints=false,DRAPartitionableDevices=false,"
          + "DRAConsumableCapacity=false,DRADeviceBindingConditions=false";

  @TempDir Path dir;

  @Test
  @DisplayName(
      "1.34 with its default gates drops taints, counters, consumable capacity and binding"
          + " conditions: the probe says so, and leaves no slice behind")
  void oldestReleaseDefaults() throws InterruptedException {
    try (ControlPlaneProcess plane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip("1.34"),
            dir.resolve("w"),
            Duration.ofSeconds(120),
            List.of(DEFAULT_GATES_134))) {
      var probe = new SliceFieldProbe(plane.client(), "gpu.nvidia.com", "node-a");

      assertThat(probe.served()).isEmpty();
      assertThat(plane.client().resources(ResourceSlice.class).list().getItems()).isEmpty();
    }
  }

  @Test
  @DisplayName("1.34 with only DRADeviceTaints on keeps taints and drops the rest")
  void oneGateOn() throws InterruptedException {
    try (ControlPlaneProcess plane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip("1.34"),
            dir.resolve("w"),
            Duration.ofSeconds(120),
            List.of(DEFAULT_GATES_134.replace("DRADeviceTaints=false", "DRADeviceTaints=true")))) {
      assertThat(new SliceFieldProbe(plane.client(), "gpu.nvidia.com", "node-a").served())
          .containsExactly(SliceField.DEVICE_TAINTS);
    }
  }

  @Test
  @DisplayName(
      "1.37 keeps every field but compatibility groups and list attributes (alpha, off); with"
          + " DRADeviceCompatibilityGroups and DRAListTypeAttributes on, those too")
  void currentRelease() throws InterruptedException {
    for (boolean on : List.of(false, true)) {
      try (ControlPlaneProcess plane =
          ControlPlaneProcess.start(
              RealControlPlane.binaryOrSkip(),
              dir.resolve("w-" + on),
              Duration.ofSeconds(120),
              on
                  ? List.of(
                      "--feature-gates=DRADeviceCompatibilityGroups=true,"
                          + "DRAListTypeAttributes=true")
                  : List.of())) {
        var served = new SliceFieldProbe(plane.client(), "gpu.nvidia.com", "node-a").served();

        assertThat(served.contains(SliceField.COMPATIBILITY_GROUPS))
            .as("groups kept")
            .isEqualTo(on);
        assertThat(served.contains(SliceField.LIST_ATTRIBUTES)).as("lists kept").isEqualTo(on);
        assertThat(served)
            .containsAll(
                EnumSet.complementOf(
                    EnumSet.of(SliceField.COMPATIBILITY_GROUPS, SliceField.LIST_ATTRIBUTES)));
      }
    }
  }
}
