package dev.gpudra.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Hook;
import dev.gpudra.kit.cdi.Mount;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Rendering one claim's CDI spec (one GPU): {@code simulated} as the plugin writes it on simulated
 * GPUs (control nodes, no driver files), {@code driver} with a driver's files and hooks (24 mounts,
 * 3 hooks). {@code jackson} is the rendering before issue 16 (Jackson's YAML mapper). Forked with
 * the plugin's C1-only JVM flags.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"})
@State(Scope.Thread)
public class CdiSpecBenchmark {
  @Param({"simulated", "driver"})
  public String spec;

  private final CdiSpecWriter writer =
      new CdiSpecWriter(Path.of("/nonexistent"), "k8s.gpu.nvidia.com", "claim");
  private final ObjectMapper jackson = YAMLMapper.builder().build();
  private CdiSpec value;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    value = "driver".equals(spec) ? withDriver() : simulated();
    if (!writer.render(value).equals(jackson.writeValueAsString(value))) {
      throw new IllegalStateException("the renderings differ: the baseline is not the old code");
    }
  }

  @Benchmark
  public String render() {
    return writer.render(value);
  }

  @Benchmark
  public String jackson() throws Exception {
    return jackson.writeValueAsString(value);
  }

  private static CdiSpec simulated() {
    return CdiSpec.of("k8s.gpu.nvidia.com/claim", control(List.of(), List.of()), gpu0());
  }

  private static CdiSpec withDriver() {
    List<Mount> mounts = new ArrayList<>();
    for (String lib : List.of("cuda", "nvidia-ml", "nvidia-ptxjitcompiler", "nvidia-nvvm")) {
      for (int i = 0; i < 6; i++) {
        String path = "/usr/lib/x86_64-linux-gnu/lib" + lib + i + ".so.580.95.05";
        mounts.add(
            new Mount(path, path, List.of("ro", "nosuid", "nodev", "rbind", "rprivate"), null));
      }
    }
    String hook = "/usr/bin/nvidia-cdi-hook";
    List<Hook> hooks =
        List.of(
            new Hook(
                "createContainer",
                hook,
                List.of(
                    "nvidia-cdi-hook",
                    "create-symlinks",
                    "--link",
                    "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so"),
                null,
                null),
            new Hook(
                "createContainer",
                hook,
                List.of(
                    "nvidia-cdi-hook", "update-ldcache", "--folder", "/usr/lib/x86_64-linux-gnu"),
                null,
                null),
            new Hook(
                "createContainer",
                hook,
                List.of("nvidia-cdi-hook", "disable-device-node-modification"),
                null,
                null));
    return CdiSpec.of("k8s.gpu.nvidia.com/claim", control(mounts, hooks), gpu0());
  }

  private static ContainerEdits control(List<Mount> mounts, List<Hook> hooks) {
    List<DeviceNode> nodes =
        List.of("/dev/nvidia-modeset", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidiactl")
            .stream()
            .map(DeviceNode::of)
            .toList();
    return new ContainerEdits(List.of("NVIDIA_VISIBLE_DEVICES=void"), nodes, mounts, hooks);
  }

  private static List<CdiDevice> gpu0() {
    return List.of(
        new CdiDevice(
            "0b8e5f4e-3c1a-4a55-9f57-2a7d1c7e9b10-gpu-0",
            ContainerEdits.ofNodes(
                List.of(DeviceNode.of("/dev/nvidia0"), DeviceNode.of("/dev/dri/card1")))));
  }
}
