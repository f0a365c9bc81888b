package dev.gpudra.nvml.smi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real child process in place of the driver's {@code nvidia-smi}: a script under a temp driver
 * root that records its arguments and environment, as the real tool would receive them.
 */
class NvidiaSmiIT {
  /** Any GPU: the tool only gets its UUID. */
  private static final GpuInfo GPU = gpu();

  private static GpuInfo gpu() {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      return nvml.gpus().get(0);
    }
  }

  @TempDir Path root;

  private Path script(String body) throws IOException {
    Path bin = Files.createDirectories(root.resolve("usr/bin"));
    Path lib = Files.createDirectories(root.resolve("usr/lib64"));
    Files.createSymbolicLink(lib.resolve("libnvidia-ml.so.1"), harmlessLibrary());
    Path smi = bin.resolve("nvidia-smi");
    Files.writeString(smi, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwxr-xr-x"));
    return smi;
  }

  /** A real shared object that any process may preload: the C library's libm. */
  private static Path harmlessLibrary() {
    return Stream.of(
            "/lib/x86_64-linux-gnu/libm.so.6",
            "/lib/aarch64-linux-gnu/libm.so.6",
            "/usr/lib64/libm.so.6",
            "/lib64/libm.so.6")
        .map(Path::of)
        .filter(Files::exists)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no libm.so.6 on this machine"));
  }

  @Test
  @DisplayName(
      "the time slice is set as NVIDIA's plugin sets it: compute-policy -i <uuid>"
          + " --set-timeslice <0..3>, with the driver root's NVML preloaded")
  void setsTheTimeSlice() throws IOException {
    Path log = root.resolve("calls");
    script("echo \"$* LD_PRELOAD=$LD_PRELOAD\" >> " + log + "\n");

    new NvidiaSmiTimeSlicer(root).checked().setTimeSlice(GPU, TimeSlice.LONG);
    new NvidiaSmiTimeSlicer(root).setTimeSlice(GPU, TimeSlice.DEFAULT);

    assertThat(Files.readAllLines(log))
        .containsExactly(
            "compute-policy -i "
                + GPU.uuid()
                + " --set-timeslice 3 LD_PRELOAD="
                + root.resolve("usr/lib64/libnvidia-ml.so.1"),
            "compute-policy -i "
                + GPU.uuid()
                + " --set-timeslice 0 LD_PRELOAD="
                + root.resolve("usr/lib64/libnvidia-ml.so.1"));
  }

  @Test
  @DisplayName("a failing nvidia-smi fails the call with the command, its exit status and output")
  void failureNamesCommandStatusAndOutput() throws IOException {
    script("echo 'Unable to set the compute policy: Insufficient Permissions' >&2\nexit 4\n");

    assertThatThrownBy(() -> new NvidiaSmiTimeSlicer(root).setTimeSlice(GPU, TimeSlice.SHORT))
        .isInstanceOf(NvmlException.class)
        .hasMessage(
            "nvidia-smi compute-policy -i "
                + GPU.uuid()
                + " --set-timeslice 1: exit status 4: Unable to set the compute policy:"
                + " Insufficient Permissions");
  }

  @Test
  @DisplayName("a hung nvidia-smi is killed after the time limit, and the call says so")
  void hungToolIsKilled() throws IOException {
    Path smi = script("exec sleep 60\n");
    NvidiaSmi tool =
        new NvidiaSmi(smi, root.resolve("usr/lib64/libnvidia-ml.so.1"), Duration.ofMillis(300));

    long start = System.nanoTime();
    assertThatThrownBy(() -> tool.run(List.of("-L")))
        .isInstanceOf(NvmlException.class)
        .hasMessageContaining("nvidia-smi -L: no answer in");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  @DisplayName("without nvidia-smi under the driver root, the check names every place searched")
  void missingToolNamesTheSearch() {
    assertThatThrownBy(() -> new NvidiaSmiTimeSlicer(root).checked())
        .isInstanceOf(NvmlLibraryNotFoundException.class)
        .hasMessageContaining("nvidia-smi not found under driver root " + root)
        .hasMessageContaining(root.resolve("usr/sbin/nvidia-smi").toString());
  }
}
