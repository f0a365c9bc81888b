package dev.gpudra.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Options of {@code gpu-dra demo} that a run would otherwise ignore are refused up front. */
class DemoOptionsTest {
  @Test
  @DisplayName("--image-tar without --real-node is refused in one line naming it, exit 2")
  void imageTarNeedsRealNode() {
    CommandLine cli = GpuDraTools.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err, true));
    cli.setOut(new PrintWriter(new StringWriter(), true));

    int code = cli.execute("demo", "--image-tar=/nonexistent/image.tar");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .startsWith("gpu-dra demo: --image-tar: only --real-node loads an image")
        .hasLineCount(1);
  }
}
