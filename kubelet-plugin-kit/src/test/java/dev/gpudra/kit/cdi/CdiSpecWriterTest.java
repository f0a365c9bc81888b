package dev.gpudra.kit.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CdiSpecWriterTest {
  /** Seeds of awkward specs in the golden file: those without a lone surrogate. */
  private static final long[] AWKWARD_SEEDS = {15, 23, 24, 28, 30, 38, 45, 56, 61, 69};

  @TempDir Path cdiRoot;

  CdiSpecWriter writer() {
    return new CdiSpecWriter(cdiRoot, "vendor.io", "claim");
  }

  static LongStream seeds() {
    return LongStream.range(0, 400);
  }

  @Test
  @DisplayName(
      "specs of ordinary and awkward strings, and lines past column 80, render byte for byte as"
          + " earlier builds wrote them")
  void rendersAsEarlierBuilds() throws Exception {
    StringBuilder rendered = new StringBuilder();
    for (long seed = 0; seed < 10; seed++) {
      rendered.append(writer().render(new RandomSpecs(seed, false).spec()));
    }
    for (long seed : AWKWARD_SEEDS) {
      rendered.append(writer().render(new RandomSpecs(seed, true).spec()));
    }
    rendered.append(writer().render(longLines()));

    String golden =
        Files.readString(
            Path.of(getClass().getResource("/cdi/specs-before-issue-38.yaml").toURI()),
            StandardCharsets.UTF_8);
    assertThat(rendered.toString()).isEqualTo(golden);
  }

  @Test
  @DisplayName(
      "a device node as NVIDIA's specs write it (fileMode, major, no minor) reads back equal, so"
          + " that NVIDIA's claim specs on a node are read")
  void nvidiasDeviceNode() {
    String nvidia =
        """
        cdiVersion: "0.5.0"
        kind: "k8s.gpu.nvidia.com/claim"
        devices:
        - name: "u-gpu-0"
          containerEdits:
            deviceNodes:
            - fileMode: 438
              hostPath: "/dev/nvidia0"
              major: 195
              path: "/dev/nvidia0"
              permissions: "rwm"
              uid: 0
              gid: 0
        """;

    CdiSpec spec = writer().parse(nvidia);

    DeviceNode node = spec.devices().getFirst().containerEdits().deviceNodes().getFirst();
    assertThat(node.fileMode()).isEqualTo(438L);
    assertThat(node.major()).isEqualTo(195L);
    assertThat(node.minor()).isNull();
    assertThat(node.uid()).isZero();
    assertThat(writer().parse(writer().render(spec))).isEqualTo(spec);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "a spec with strings YAML must quote, escape or could fold (control characters, long lines"
          + " of words) is written and reads back equal; one with a lone surrogate is refused")
  void readsBackEqual(long seed) throws Exception {
    CdiSpec spec = new RandomSpecs(seed, true).spec();
    if (hasLoneSurrogate(spec.toString())) {
      assertThatThrownBy(() -> writer().write("u", spec))
          .isInstanceOf(CdiException.class)
          .hasMessageEndingWith("a string is not Unicode");
      assertThat(Files.exists(writer().pathFor("u"))).isFalse();
      return;
    }
    Path file = writer().write("u", spec);

    assertThat(writer().parse(Files.readString(file, StandardCharsets.UTF_8))).isEqualTo(spec);
  }

  private static CdiSpec longLines() {
    String words = "a b c d e f g h ".repeat(12);
    ContainerEdits edits =
        new ContainerEdits(
            List.of("WORDS=" + words),
            List.of(),
            List.of(new Mount("/h", "/c " + words, List.of(words), null)),
            List.of(
                new Hook(
                    "createContainer", "/usr/bin/hook", List.of("hook", words), List.of(), 5)));
    return CdiSpec.of(
        "vendor.io/claim", ContainerEdits.none(), List.of(new CdiDevice("long", edits)));
  }

  private static boolean hasLoneSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }
}
