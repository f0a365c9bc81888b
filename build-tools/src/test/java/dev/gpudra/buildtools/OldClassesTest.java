package dev.gpudra.buildtools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OldClassesTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  @DisplayName("a directory: each jar with old classes is rewritten and named, the others counted")
  void directory() throws Exception {
    Files.copy(Jars.picocli(), dir.resolve("picocli-4.7.7.jar"));
    Jars.write(dir.resolve("empty.jar"), Map.of("README", new byte[] {'x'}));

    assertThat(run(dir.toString())).isZero();
    assertThat(text(out))
        .contains("old-classes: picocli-4.7.7.jar: 2")
        .contains("class files rewritten as version 52")
        .contains("old-classes: 2 jars in " + dir + ", 1 rewritten");
    assertThat(run(dir.toString())).as("a second run finds nothing left").isZero();
    assertThat(text(out)).endsWith("old-classes: 2 jars in " + dir + ", 0 rewritten\n");
  }

  @Test
  @DisplayName("a refused jar exits 1 with its reason; no directory or extra arguments exit 2")
  void errors() throws Exception {
    Jars.write(dir.resolve("bad.jar"), Map.of("Bad.class", new byte[] {0}));

    assertThat(run(dir.toString())).isEqualTo(1);
    assertThat(text(err))
        .isEqualTo(
            "old-classes: bad.jar!Bad.class: not a class file (no" + " 0xCAFEBABE header)\n");
    assertThat(run(dir.resolve("nope").toString())).isEqualTo(2);
    assertThat(run("a", "b")).isEqualTo(2);
    assertThat(text(err)).contains("usage: OldClasses <directory of jars> (got [a, b])");
  }

  private int run(String... args) {
    out.reset();
    return OldClasses.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private static String text(ByteArrayOutputStream stream) {
    return stream.toString(StandardCharsets.UTF_8);
  }
}
