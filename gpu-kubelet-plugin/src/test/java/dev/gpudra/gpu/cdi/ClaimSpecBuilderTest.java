package dev.gpudra.gpu.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.config.TestDevices;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Mount;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimSpecBuilderTest {
  static final String UID = "0b8e5f4e-3c1a-4a55-9f57-2a7d1c7e9b10";

  static final String GOLDEN =
      """
      ---
      cdiVersion: "0.5.0"
      kind: "k8s.gpu.nvidia.com/claim"
      devices:
      - name: "0b8e5f4e-3c1a-4a55-9f57-2a7d1c7e9b10-gpu-0"
        containerEdits:
          deviceNodes:
          - path: "/dev/nvidia0"
      - name: "0b8e5f4e-3c1a-4a55-9f57-2a7d1c7e9b10-gpu-1-mig-1g5gb-19-2"
        containerEdits:
          deviceNodes:
          - path: "/dev/nvidia1"
          - path: "/dev/nvidia-caps/nvidia-cap156"
            type: "c"
            major: 240
            minor: 156
          - path: "/dev/nvidia-caps/nvidia-cap157"
            type: "c"
            major: 240
            minor: 157
      containerEdits:
        env:
        - "NVIDIA_VISIBLE_DEVICES=void"
        deviceNodes:
        - path: "/dev/nvidia-modeset"
        - path: "/dev/nvidia-uvm"
        - path: "/dev/nvidia-uvm-tools"
        - path: "/dev/nvidiactl"
      """;

  final ClaimSpecBuilder builder = TestSpecBuilders.simulated();

  /** Rendering and parsing touch no files. */
  final CdiSpecWriter writer = ClaimSpecBuilder.writer(Path.of("/nonexistent"));

  @Test
  @DisplayName("a claim's spec renders to the golden YAML and parses back equal")
  void golden() {
    CdiSpec spec = builder.build(UID, List.of(TestDevices.gpu(0), TestDevices.mig(1, 2, 0, 2)));
    String yaml = writer.render(spec);
    assertThat(yaml).isEqualTo(GOLDEN);
    assertThat(writer.parse(yaml)).isEqualTo(spec);
  }

  @Test
  @DisplayName("cdiVersion is the minimum the fields need: 0.3.0 unless a name starts with a digit")
  void minimumVersion() {
    assertThat(builder.build("ab-uid", List.of(TestDevices.gpu(0))).cdiVersion())
        .isEqualTo("0.3.0");
    assertThat(builder.build("1b-uid", List.of(TestDevices.gpu(0))).cdiVersion())
        .isEqualTo("0.5.0");
    ContainerEdits hostPath =
        ContainerEdits.ofNodes(
            List.of(
                new DeviceNode("/dev/x", "/host/dev/x", null, null, null, null, null, null, null)));
    assertThat(CdiSpec.of("a.b/c", hostPath, List.of(new CdiDevice("d", null))).cdiVersion())
        .isEqualTo("0.5.0");
    ContainerEdits typedMount =
        new ContainerEdits(
            null, null, List.of(new Mount("/a", "/b", List.of("bind"), "bind")), null);
    assertThat(CdiSpec.of("a.b/c", typedMount, List.of(new CdiDevice("d", null))).cdiVersion())
        .isEqualTo("0.4.0");
    assertThatThrownBy(
            () -> new CdiSpec("0.3.0", "a.b/c", hostPath, List.of(new CdiDevice("d", null))))
        .hasMessageContaining("too old");
  }

  @Test
  @DisplayName("qualified IDs are k8s.gpu.nvidia.com/claim=<uid>-<device>")
  void qualifiedIds() {
    assertThat(ClaimSpecBuilder.qualifiedId(UID, "gpu-0"))
        .isEqualTo("k8s.gpu.nvidia.com/claim=" + UID + "-gpu-0");
  }

  @Test
  @DisplayName("the writer replaces the claim's file atomically and deletes it idempotently")
  void writesAndDeletes(@TempDir Path cdiRoot) throws Exception {
    CdiSpecWriter fileWriter = ClaimSpecBuilder.writer(cdiRoot);
    CdiSpec spec = builder.build(UID, List.of(TestDevices.gpu(0)));
    Path file = fileWriter.write(UID, spec);
    assertThat(file).isEqualTo(cdiRoot.resolve("k8s.gpu.nvidia.com-claim_" + UID + ".yaml"));
    assertThat(fileWriter.parse(Files.readString(file))).isEqualTo(spec);
    fileWriter.write(UID, spec);
    try (var files = Files.list(cdiRoot)) {
      assertThat(files).containsExactly(file);
    }
    fileWriter.delete(UID);
    fileWriter.delete(UID);
    assertThat(file).doesNotExist();
  }

  @Test
  @DisplayName("unknown fields in a spec are rejected on parse, as runtimes do")
  void strictParse() {
    assertThatThrownBy(() ->
            writer.parse(
                "cdiVersion: 0.3.0\nkind: a.b/c\nextra: 1\ndevices:\n- name: d\n"
                    + "  containerEdits: {}\n"))
        .isInstanceOf(CdiException.class);
  }
}
